import { PROBLEM_KINDS, problemType, type ProblemKind } from '@wholesale/contract';

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page at GET /problems/{kind}: each problem+json `type` is the path of this page, so the type
 * resolves to documentation (RFC 9457 3.1.1). Static text from the contract's PROBLEM_KINDS.
 */
export function problemTypePage(name: ProblemKind): string {
  const kind = PROBLEM_KINDS[name];
  const title = escapeHtml(kind.title);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>` +
    `<h1>${title}</h1><p>HTTP status ${kind.status}. Problem type <code>${escapeHtml(problemType(name))}</code>.</p>` +
    `<p>${escapeHtml(kind.about)}</p><p><a href="/api/docs">The integration API's reference</a></p></main></body></html>`
  );
}
