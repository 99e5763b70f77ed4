/**
 * One-click unsubscribe (RFC 8058), outside /api (registered in publicModules). An optional email's
 * List-Unsubscribe link is `/mail/unsubscribe?token=...`:
 * - POST (the mail client's one-click, body `List-Unsubscribe=One-Click`, or the page's button)
 *   turns that one category off for that user; no login, the signed token is the key.
 * - GET only shows a page with that button: a link scanner that opens it changes nothing.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MAIL_MSG, endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

const M = MAIL_MSG.unsubscribe;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(company: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(M.pageTitle)} - ${esc(company)}</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f4f5;color:#111827}
main{max-width:520px;margin:32px auto;padding:24px;background:#fff}
h1{font-size:1.4rem;margin:0 0 12px}
p{line-height:1.5}
button{font:inherit;font-weight:700;padding:12px 18px;border:0;border-radius:4px;background:#1e3a5f;color:#fff;cursor:pointer}
button:focus{outline:3px solid #93c5fd;outline-offset:2px}
</style>
</head>
<body>
<main>
<p>${esc(company)}</p>
<h1>${esc(heading)}</h1>
${body}
</main>
</body>
</html>`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

export const unsubscribeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signer = ctx.services.mailUnsubscribe;
  const mail = ctx.services.mailPreferences;

  // RFC 8058's POST body (List-Unsubscribe=One-Click) as a form, urlencoded or multipart: not read.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_req, _body, done) => done(null, {}),
  );

  route(app, endpoints.showUnsubscribePage, async (req, reply) => {
    const company = await ctx.services.settings.get('company.name');
    const who = signer.read(req.query.token);
    if (!who) return html(reply, 400, page(company, M.pageTitle, `<p role="alert">${esc(M.invalid)}</p>`));
    const category = M.category[who.category];
    return html(
      reply,
      200,
      page(
        company,
        M.confirm(category),
        `<p>${esc(M.confirmIntro(category))}</p>
<form method="post" action="?token=${esc(encodeURIComponent(req.query.token))}"><button type="submit">${esc(M.button)}</button></form>`,
      ),
    );
  });

  route(app, endpoints.unsubscribeMail, async (req, reply) => {
    const company = await ctx.services.settings.get('company.name');
    const who = signer.read(req.query.token);
    if (!who) return html(reply, 400, page(company, M.pageTitle, `<p role="alert">${esc(M.invalid)}</p>`));
    await mail.unsubscribe(who.userId, who.category);
    return html(
      reply,
      200,
      page(company, M.pageTitle, `<p role="status">${esc(M.done(M.category[who.category]))}</p>`),
    );
  });
};
