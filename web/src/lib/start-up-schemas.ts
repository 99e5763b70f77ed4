// The schemas of the endpoints the start-up code declares (the header's basket button and settings),
// loaded with their first answer (lib/lazy-schema.ts), so that Zod and the contract's schemas are not
// part of the start-up code.
export { basket, basketSummary, listApprovalsResponse, siteSettings } from '@wholesale/contract';
