import type { DeliveryInformation, SubmitBasketHeader } from '@wholesale/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The form's fields as POST /basket/header names them (the spec's payload). */
export function toBasketHeader(d: DeliveryInformation): SubmitBasketHeader {
  return {
    externalDocNo: d.purchaseOrder,
    deliveryCode: d.addressReference,
    name: d.name,
    address: d.address1,
    address2: d.address2,
    city: d.city,
    postCode: d.postcode,
    country: d.country,
    county: d.county,
    phoneNo: d.phoneNumber,
    contact: d.contact,
  };
}

/** POST /basket/header issue paths back to form field names. */
export const FORM_FIELD_OF: Record<string, keyof DeliveryInformation> = {
  externalDocNo: 'purchaseOrder',
  deliveryCode: 'addressReference',
  name: 'name',
  address: 'address1',
  address2: 'address2',
  city: 'city',
  postCode: 'postcode',
  country: 'country',
  county: 'county',
  phoneNo: 'phoneNumber',
  contact: 'contact',
};

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

export function splitName(full: string): { first_name: string; last_name: string } {
  const parts = full.trim().split(/\s+/);
  const first = parts.shift() ?? '';
  return { first_name: first.slice(0, 100), last_name: parts.join(' ').slice(0, 100) };
}
