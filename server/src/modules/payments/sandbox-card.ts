/** Card checks of the sandbox gateway. Pure; unit-tested in sandbox.api.test.ts. */
import { SERVER_MSG } from '@wholesale/contract';

/** The longest name on card the form takes. */
export const CARD_NAME_MAX = 100;

export const APPROVING_CARD = '4242424242424242';
export const DECLINING_CARD = '4000000000000002';

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

export type CardCheck =
  | { ok: true; outcome: 'approved' | 'declined'; last4: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM/YY', 'MM / YY', 'MMYY' or 'MM/YYYY'; valid through the last day of its month. */
export function expiryProblem(text: string, now = new Date()): string | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return SERVER_MSG.card.expiryFormat;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return SERVER_MSG.card.expiryFormat;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return SERVER_MSG.card.expired;
  if (year > now.getUTCFullYear() + 20) return SERVER_MSG.card.expiryYear;
  return undefined;
}

/** Checks the form; a valid test card decides the outcome, any other card is refused with a message. */
export function checkCard(form: CardForm, now = new Date()): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const number = form.cardNumber.replace(/[\s-]/g, '');
  if (!number) errors.cardNumber = SERVER_MSG.card.numberMissing;
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.cardNumber = SERVER_MSG.card.numberInvalid;
  const expiry = form.expiry.trim() ? expiryProblem(form.expiry, now) : SERVER_MSG.card.expiryMissing;
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = SERVER_MSG.card.cvc;
  if (!form.name.trim()) errors.name = SERVER_MSG.card.nameMissing;
  else if (form.name.trim().length > CARD_NAME_MAX) errors.name = SERVER_MSG.card.nameTooLong(CARD_NAME_MAX);
  if (!errors.cardNumber && number !== APPROVING_CARD && number !== DECLINING_CARD)
    errors.cardNumber = SERVER_MSG.card.testCardsOnly;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, outcome: number === APPROVING_CARD ? 'approved' : 'declined', last4: number.slice(-4) };
}
