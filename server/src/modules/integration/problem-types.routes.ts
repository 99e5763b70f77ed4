import { integrationEndpoints as api, PROBLEM_KINDS, problemType } from '@wholesale/contract';
import { route } from '../../plugins/routes.js';
import type { IntegrationRoutePlugin } from './integration-plugin-types.js';

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * GET /problems/{kind}: each problem+json `type` is the path of this page, so the type resolves to
 * documentation (RFC 9457 3.1.1). Static text from the contract's PROBLEM_KINDS; no key needed.
 */
export const problemTypeRoutes: IntegrationRoutePlugin = async (app) => {
  route(app, api.describeProblemType, async (req, reply) => {
    const kind = PROBLEM_KINDS[req.params.kind];
    const title = escapeHtml(kind.title);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>` +
          `<h1>${title}</h1><p>HTTP status ${kind.status}. Problem type <code>${escapeHtml(problemType(req.params.kind))}</code>.</p>` +
          `<p>${escapeHtml(kind.about)}</p><p><a href="/api/docs">The integration API's reference</a></p></main></body></html>`,
      );
  });
};
