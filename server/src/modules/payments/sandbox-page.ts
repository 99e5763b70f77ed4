/**
 * The sandbox gateway's hosted payment page: plain HTML, styled as a separate payment provider
 * ("Sandbox Pay"). It works under the app's CSP: no script at all, an ordinary form POST, and
 * only an inline <style> (style-src allows inline styles).
 */
import { formatMoney, CURRENCY_SYMBOLS, SERVER_MSG } from '@wholesale/contract';
import type { Payment } from '../../db/types.js';
import { minorToAmount } from '../../domain/money.js';
import { CARD_NAME_MAX, type CardField, type CardForm } from './sandbox-card.js';

const PAGE = SERVER_MSG.sandboxPage;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Segoe UI",system-ui,-apple-system,Roboto,Arial,sans-serif;background:#f3f0ff;color:#1e1b3a;min-height:100vh}
.bar{background:linear-gradient(120deg,#4c1d95,#6d28d9 55%,#0e7490);color:#fff;padding:14px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.15rem;letter-spacing:.01em}
.mark{display:inline-grid;place-items:center;width:30px;height:30px;border-radius:8px;background:#fff;color:#5b21b6;font-weight:800}
.test{background:#fde68a;color:#422006;border-radius:999px;padding:3px 10px;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em}
main{max-width:460px;margin:28px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(46,16,101,.14);overflow:hidden}
.summary{padding:20px 22px;border-bottom:1px solid #ede9fe;background:#faf8ff}
.summary p{margin:0}
.merchant{font-size:.9rem;color:#4c4673}
h1{margin:4px 0 2px;font-size:1.9rem;color:#2e1065}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0 0;font-size:.9rem}
dt{color:#4c4673}dd{margin:0;font-weight:600;word-break:break-word}
form{padding:20px 22px 24px}
.field{margin-bottom:14px}
label{display:block;font-weight:600;font-size:.88rem;margin-bottom:5px}
input{width:100%;font:inherit;font-size:1rem;padding:10px 12px;border:1.5px solid #a29bc9;border-radius:10px;background:#fff;color:#1e1b3a}
input:focus{outline:3px solid #c4b5fd;border-color:#6d28d9}
input[aria-invalid=true]{border-color:#b91c1c;background:#fff7f7}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.err{color:#b91c1c;font-size:.85rem;margin:5px 0 0}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:10px;background:#fef2f2;border:1px solid #fecaca;color:#991b1b;font-size:.9rem}
.ok{background:#ecfdf5;border-color:#a7f3d0;color:#065f46}
button{width:100%;border:0;border-radius:10px;padding:13px 16px;font:inherit;font-weight:700;font-size:1.05rem;color:#fff;background:#5b21b6;cursor:pointer}
button:hover{background:#4c1d95}
button:focus{outline:3px solid #c4b5fd;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:14px;color:#5b21b6;font-weight:600}
.hint{margin:18px 0 0;font-size:.8rem;color:#4c4673;line-height:1.5}
.status{padding:24px 22px}
.status h2{margin:0 0 8px;font-size:1.3rem}
.foot{text-align:center;font-size:.78rem;color:#5b5683;margin:18px 0 30px}
`;

/** The page's own icon, inline (the CSP allows data: images), so browsers ask for no /favicon.ico. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%234c3fb1'/%3E%3Crect x='6' y='10' width='20' height='13' rx='2' fill='white'/%3E%3Crect x='6' y='13' width='20' height='3' fill='%234c3fb1'/%3E%3C/svg%3E";

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} - Sandbox Pay</title>
<link rel="icon" type="image/svg+xml" href="${ICON}">
<style>${STYLE}</style>
</head>
<body>
<header class="bar">
  <span class="brand"><span class="mark" aria-hidden="true">S</span>Sandbox Pay</span>
  <span class="test">Test mode</span>
</header>
<main>
${body}
<p class="foot">Sandbox Pay is a test payment service. No real card is charged.</p>
</main>
</body>
</html>`;
}

export interface PageInfo {
  payment: Payment;
  merchant: string;
}

function summary({ payment, merchant }: PageInfo, headingLevel: 'h1' | 'p' = 'h1'): string {
  const amount = formatMoney(minorToAmount(payment.amount_minor), CURRENCY_SYMBOLS[payment.currency_code]);
  const amountTag = headingLevel === 'h1' ? `<h1>Pay ${esc(amount)}</h1>` : `<p><strong>${esc(amount)}</strong></p>`;
  return `<section class="summary" aria-label="Payment summary">
  <p class="merchant">Payment to <strong>${esc(merchant)}</strong></p>
  ${amountTag}
  <dl>
    <dt>Merchant</dt><dd>${esc(merchant)}</dd>
    <dt>Reference</dt><dd>${esc(payment.reference || '-')}</dd>
    ${payment.description ? `<dt>Description</dt><dd>${esc(payment.description)}</dd>` : ''}
    <dt>Amount</dt><dd>${esc(amount)} (${esc(payment.currency_code)})</dd>
  </dl>
</section>`;
}

function field(
  name: CardField,
  label: string,
  attrs: string,
  values: Partial<CardForm>,
  errors: Partial<Record<CardField, string>>,
  keepValue: boolean,
): string {
  const id = `f-${name}`;
  const error = errors[name];
  const value = keepValue && values[name] ? ` value="${esc(values[name])}"` : '';
  return `<div class="field">
    <label for="${id}">${esc(label)}</label>
    <input id="${id}" name="${name}" ${attrs}${value}${error ? ` aria-invalid="true" aria-describedby="${id}-err"` : ''} required>
    ${error ? `<p class="err" id="${id}-err">${esc(error)}</p>` : ''}
  </div>`;
}

export function paymentFormPage(
  info: PageInfo,
  opts: {
    values?: Partial<CardForm>;
    errors?: Partial<Record<CardField, string>>;
    message?: string;
    cancelUrl: string;
  },
): string {
  const values = opts.values ?? {};
  const errors = opts.errors ?? {};
  const count = Object.keys(errors).length;
  const alert = opts.message ?? (count ? SERVER_MSG.sandboxPage.correctFields(count) : '');
  const body = `<div class="card">
${summary(info)}
<form method="post" action="/pay/${esc(info.payment.id)}" novalidate aria-label="Card details">
  ${alert ? `<p class="alert" role="alert">${esc(alert)}</p>` : ''}
  ${field('cardNumber', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"', values, errors, false)}
  <div class="row">
    ${field('expiry', 'Expiry date (MM/YY)', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', values, errors, true)}
    ${field('cvc', 'Security code (CVC)', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', values, errors, false)}
  </div>
  ${field('name', 'Name on card', `type="text" autocomplete="cc-name" maxlength="${CARD_NAME_MAX}"`, values, errors, true)}
  <button type="submit">Pay now</button>
  <a class="cancel" href="${esc(opts.cancelUrl)}">Cancel and return to ${esc(info.merchant)}</a>
  <p class="hint">Test cards: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines. Use any future expiry date and any 3-digit code.</p>
</form>
</div>`;
  return layout(`Pay ${info.merchant}`, body);
}

export function paymentOutcomePage(info: PageInfo, returnUrl: string | undefined): string {
  const { status } = info.payment;
  const text =
    status === 'approved'
      ? { title: PAGE.approvedTitle, line: PAGE.approved(info.payment.card_last4) }
      : status === 'declined'
        ? { title: PAGE.declinedTitle, line: PAGE.declined }
        : status === 'cancelled'
          ? { title: PAGE.linkReplacedTitle, line: SERVER_MSG.paymentLinkReplaced }
          : { title: PAGE.pendingTitle, line: PAGE.pending };
  return paymentNoticePage(info, text.title, text.line, returnUrl, status === 'approved');
}

/** A page that states what happened to the payment, with the way back to the portal. */
export function paymentNoticePage(
  info: PageInfo,
  title: string,
  line: string,
  returnUrl: string | undefined,
  ok = false,
): string {
  const body = `<div class="card">
<div class="status">
  <h1>${esc(title)}</h1>
  <p class="alert ${ok ? 'ok' : ''}" role="status">${esc(line)}</p>
</div>
${summary(info, 'p')}
${returnUrl ? `<div class="status"><a class="cancel" href="${esc(returnUrl)}">Return to ${esc(info.merchant)}</a></div>` : ''}
</div>`;
  return layout(title, body);
}

export function notFoundPage(): string {
  return layout(
    PAGE.notFoundTitle,
    `<div class="card"><div class="status"><h1>${esc(PAGE.notFoundTitle)}</h1><p>${esc(PAGE.notFound)}</p></div></div>`,
  );
}

export function tooManyAttemptsPage(): string {
  return layout(
    PAGE.tooManyAttemptsTitle,
    `<div class="card"><div class="status"><h1>${esc(PAGE.tooManyAttemptsTitle)}</h1><p role="status">${esc(SERVER_MSG.tooManyRequests)}</p></div></div>`,
  );
}
