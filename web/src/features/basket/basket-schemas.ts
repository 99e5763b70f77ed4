// The basket area's schemas that no start-up code needs, loaded with the first answer that needs
// them (basket-api.ts, lib/lazy-schema.ts): the basket screen's price breaks.
export { getBasketPriceBreaksResponse } from '@wholesale/contract';
