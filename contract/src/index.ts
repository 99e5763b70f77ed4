/**
 * @wholesale/contract: the schemas of every endpoint, with the shared constants and messages.
 *
 * Every exported schema is wrapped in `z.lazy`, so it is built on first use, not at import. Zod 4
 * builds a schema's whole tree when it is created (tens of microseconds for each of the some 450
 * schema objects here), and the web app imports the contract at start-up on every page, where only
 * the few answers it checks need theirs (bench/README.md, Lighthouse). A lazy schema parses, infers
 * and converts to JSON Schema (OpenAPI) exactly as the schema inside it; derive from one through
 * `.unwrap()` inside another `z.lazy` (see `basketHeader`). contract.test.ts holds the rule.
 */
export * from './limits.js';
export * from './messages.js';
export * from './shell-messages.js';
export * from './server-messages.js';
export * from './quick-order-messages.js';
export * from './integration-messages.js';
export * from './delivery-messages.js';
export * from './credit-messages.js';
export * from './invoice-payment-messages.js';
export * from './checkout-messages.js';
export * from './basket-messages.js';
export * from './home-messages.js';
export * from './order-messages.js';
export * from './mail-messages.js';
export * from './mail.js';
export * from './password-reset-messages.js';
export * from './mail-preferences-messages.js';
export * from './common.js';
export * from './auth.js';
export * from './products.js';
export * from './basket.js';
export * from './orders.js';
export * from './account.js';
export * from './credit.js';
export * from './integration.js';
export * from './integration-events.js';
export * from './quick-order.js';
export * from './delivery-promise.js';
export * from './format.js';
export * from './payment-gateway.js';
export * from './team-roles.js';
export * from './team-permissions.js';
export * from './team-messages.js';
export * from './team.js';
export * from './routes.js';
export * from './endpoints.js';
export * from './integration-endpoints.js';
