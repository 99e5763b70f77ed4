/**
 * The ERP integration API's texts: its refusals (problem+json `detail`s, item errors) and the
 * reasons it reports. A module of its own, which the web app never imports.
 */
// Our own wording; the spec predates the API.
export const INTEGRATION_MSG = {
  missingKey: 'An API key is required: send Authorization: Bearer wpk_... or X-Api-Key: wpk_...',
  notAKey: 'This API takes API keys (wpk_...), not customer sessions',
  unknownKey: 'The API key is not valid or has been revoked',
  tooManyKeyFailures:
    'Too many requests from this address with an API key that is not valid; retry after the Retry-After delay',
  missingScope: (scope: string) => `The API key lacks the scope ${scope}`,
  rateLimited: (perMinute: number) =>
    `Rate limit of ${perMinute} requests a minute reached; retry after the Retry-After delay`,
  noRoute: (method: string, path: string) => `No integration endpoint ${method} ${path}`,
  invalidRequest: 'The request is not valid; see errors',
  atomicRefused: (failed: number) =>
    `atomic=true: ${failed} item${failed === 1 ? '' : 's'} failed, so nothing was written; see errors`,
  unknownItem: (itemNumber: string) => `no product with itemNumber ${itemNumber}`,
  duplicateKey: (key: string, first: number) => `${key} appears earlier in this request (item ${first})`,
  unknownOrder: (orderNumber: string) => `No order ${orderNumber}`,
  idempotencyMismatch: 'This Idempotency-Key was used with a different request; use a new key for a new request',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still in progress; retry after the Retry-After delay to get its answer',
  /** In place of a signing secret when a stored answer is replayed: the secret is never stored in plain text. */
  secretShownOnce:
    'The signing secret was shown once, in the first answer to this request, and is not stored to be shown again; delete this endpoint and create another if it was lost',
  badCursor: 'after must be a cursor returned by a previous page',
  unknownCountry: (country: string) => `unknown country ${country}`,
  unknownProductType: (name: string) => `no product type ${name}`,
  unknownAccount: (customerNumber: string) => `no account ${customerNumber}`,
  wrongCurrency: (currency: string) => `the account's currency is ${currency}`,
  otherAccount: 'the document belongs to another account',
  /** A document's figures that disagree (account-upserts.ts: documentErrors); amounts as 2-decimal text. */
  document: {
    linesSum: (linesTotal: string, amount: string) =>
      `the lines add up to ${linesTotal} excl. VAT; amount says ${amount}`,
    savedLinesSum: (linesTotal: string, amount: string) =>
      `the document's saved lines add up to ${linesTotal} excl. VAT; amount says ${amount} (send lines with a new amount)`,
    totalNotAmountPlusVat: (amount: string, vat: string, sum: string, total: string) =>
      `amount ${amount} plus VAT ${vat} is ${sum} incl. VAT; total says ${total}`,
    negativeOnInvoice: (value: string) =>
      `${value} is negative: an invoice's figures are 0 or more (a credit is a Credit Memo)`,
    positiveOnCreditMemo: (value: string) => `${value} is positive: a credit memo's figures are 0 or less`,
    remainingAboveTotal: (remaining: string, total: string) =>
      `remaining ${remaining} is more than the document's total ${total}`,
  },
  despatchBeforeOrder: (orderedDate: string) => `must not be before the order date ${orderedDate}`,
  usernameOfOtherAccount: 'the username belongs to a user of another account',
  linkForDisabledUser: 'a set-password link is given only to an enabled user',
  rowConflict: 'not saved: it conflicts with another row (a key given twice?)',
  rowNotSaved: 'not saved: the database refused it',
  /** A figure beyond what the portal can price or store (limits.ts derives each bound). */
  atMost: (max: string) => `must be at most ${max}`,
  tooManyNestedRows: (fields: readonly string[], max: number) =>
    `The items carry more than ${max.toLocaleString('en-GB')} ${fields.join(' and ')} in all; split the request`,
  /** PUT /orders/{n}/status (409) and the admin CLI: a move the order life cycle does not allow. */
  orderStatusTransition: (orderNumber: string, current: string, wanted: string, allowed: readonly string[]) =>
    `Order ${orderNumber} is ${current}; it cannot become ${wanted} (${allowed.length ? `from ${current} it may become ${allowed.join(', ')}` : `${current} is final`})`,

  // the outbound side: events feed, webhook endpoints
  eventNotFound: (eventId: string, keptDays: number) => `Event ${eventId} not found (events are kept ${keptDays} days)`,
  webhookEndpointNotFound: 'Webhook endpoint not found',
  tooManyWebhookEndpoints: (max: number) => `An API client may have at most ${max} webhook endpoints`,
  /** Why a webhook URL is refused (on create and update, and again before each delivery). */
  webhookUrl: {
    scheme: 'url: must be an http or https URL',
    credentials: 'url: must not contain a user name or password',
    unresolvable: (host: string) => `url: the host ${host} could not be resolved`,
    privateAddress: (host: string) =>
      `url: ${host} resolves to a loopback, link-local or private address, which is not allowed`,
  },
  /** Why a webhook endpoint is disabled (its `disabledReason`). */
  webhookDisabled: {
    gone: 'The endpoint answered 410 Gone',
    byClient: 'Disabled by the API client',
    clientRevoked: 'The API client was revoked',
    byOperator: 'Disabled by the portal operator',
    failing: (days: number, since: string) =>
      `Every delivery failed for ${days} days (since ${since}); fix the receiver, then enable the endpoint again`,
  },
} as const;
