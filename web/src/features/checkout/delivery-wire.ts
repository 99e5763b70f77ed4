import {
  basketHeaderOf,
  DELIVERY_FIELD_OF,
  type DeliveryInformation,
  type SubmitBasketHeader,
} from '@wholesale/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The form's fields as POST /basket/header names them (the spec's payload). */
export const toBasketHeader = (d: DeliveryInformation): SubmitBasketHeader => basketHeaderOf(d);

/** POST /basket/header issue paths back to form field names. */
export const FORM_FIELD_OF: Record<string, keyof DeliveryInformation> = DELIVERY_FIELD_OF;

interface ErrorBody {
  message?: unknown;
  issues?: { path?: unknown; message?: unknown }[];
}

export function errorStatus(err: unknown): number | string | undefined {
  return (err as FetchBaseQueryError | undefined)?.status;
}

/** The server's field issues of a 400, as [form field, message]. */
export function fieldIssues(err: unknown): [keyof DeliveryInformation, string][] {
  const body = (err as { data?: ErrorBody } | undefined)?.data;
  const out: [keyof DeliveryInformation, string][] = [];
  for (const i of body?.issues ?? []) {
    const field = typeof i.path === 'string' ? FORM_FIELD_OF[i.path] : undefined;
    if (field && typeof i.message === 'string') out.push([field, i.message]);
  }
  return out;
}

/** The server's explanation of a refused request (first field issue, else its message). */
export function errorMessage(err: unknown): string | undefined {
  const body = (err as { data?: ErrorBody } | undefined)?.data;
  const issue = body?.issues?.find((i) => typeof i.message === 'string')?.message;
  if (typeof issue === 'string') return issue;
  return typeof body?.message === 'string' ? body.message : undefined;
}
