import type { ReactNode } from 'react';
import { staffErrorMessage } from './staff-api';
import { STAFF_MSG } from './staff-messages';

/** What a query shows before and instead of its data. */
export function QueryState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  if (isLoading) return <p className="text-slate-700">{STAFF_MSG.loading}</p>;
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
        {staffErrorMessage(error) ?? STAFF_MSG.screenFailed}
      </p>
    );
  }
  return null;
}

/** A form's or an action's outcome: the server's message on failure, a confirmation on success. */
export function Outcome({ error, success }: { error?: unknown; success?: string | undefined }) {
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {staffErrorMessage(error) ?? STAFF_MSG.screenFailed}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
        {success}
      </p>
    );
  }
  return null;
}

/** Label and value pairs. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-slate-600">{k}</dt>
          <dd className="text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm';
export const labelClass = 'block text-sm font-medium text-slate-800';
