import type { CurrencyCode } from '@wholesale/contract';

/**
 * Who is asking: the signed-in user and their account. Every service method that acts for a
 * customer takes one, and every query it runs is scoped by it. The auth plugin's `request.auth`
 * (an `AccessClaims`) is one.
 */
export interface Caller {
  userId: number;
  accountId: number;
}

/** What a method scoped only by the account needs of its caller. */
export type AccountCaller = Pick<Caller, 'accountId'>;

/** A caller with the account's currency: catalogue rows are priced in it and flagged for the user. */
export interface PricedCaller extends Caller {
  currency: CurrencyCode;
}
