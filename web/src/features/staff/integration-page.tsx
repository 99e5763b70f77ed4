import { API_SCOPES } from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import type { IssuedApiKey, StaffApiClient, StaffWebhookDelivery } from '@wholesale/contract/staff';
import { staffColumns } from './data-table';
import { when } from './format';
import {
  useCreateStaffApiClientMutation,
  useListStaffApiClientsQuery,
  useListStaffWebhookDeliveriesQuery,
  useListStaffWebhookEndpointsQuery,
  useRedeliverStaffWebhookDeliveryMutation,
  useRevokeStaffApiClientMutation,
  useRevokeStaffApiKeyMutation,
  useRotateStaffApiClientKeyMutation,
  type StaffWebhookEndpoint,
} from './integration-api';
import { listArgs } from './list-params';
import { StaffFrame } from './staff-frame';
import { STAFF_MSG } from './staff-messages';
import { StaffListTable, useStaffList } from './staff-list';
import { Outcome, QueryState } from './ui';

export function StaffIntegrationPage() {
  return (
    <StaffFrame>
      <PageHeading title="Integration" />
      <div className="space-y-6">
        <ApiClients />
        <WebhookEndpoints />
      </div>
    </StaffFrame>
  );
}

/** A key in the one answer that carries it: shown until the screen moves on. */
function ShownOnce({ issued }: { issued: IssuedApiKey }) {
  return (
    <div role="status" className="space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        New key for {issued.client.name}. {STAFF_MSG.keyShownOnce}
      </p>
      <p className="break-all font-mono" data-testid="issued-key">
        {issued.key}
      </p>
    </div>
  );
}

function ApiClients() {
  const { data, isLoading, error } = useListStaffApiClientsQuery();
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [create, createState] = useCreateStaffApiClientMutation();
  const [rotate, rotateState] = useRotateStaffApiClientKeyMutation();
  const [revokeKey, revokeKeyState] = useRevokeStaffApiKeyMutation();
  const [revoke, revokeState] = useRevokeStaffApiClientMutation();
  const [scopes, setScopes] = useState<string[]>([]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    setIssued(null);
    void create({ name, scopes: scopes as (typeof API_SCOPES)[number][] })
      .unwrap()
      .then(
        (k) => {
          setIssued(k);
          setScopes([]);
        },
        () => undefined,
      );
  };
  const actionError = rotateState.error ?? revokeKeyState.error ?? revokeState.error;
  return (
    <Panel title="API clients">
      <div className="mt-3 space-y-4">
        <QueryState isLoading={isLoading} error={error} />
        {issued && <ShownOnce issued={issued} />}
        <Outcome error={actionError} />
        <ul className="divide-y divide-slate-200">
          {data?.map((c: StaffApiClient) => (
            <li key={c.id} className="py-3">
              <p className="font-medium">
                {c.name} {c.revokedAt && <span className="text-sm text-red-700">(revoked {when(c.revokedAt)})</span>}
              </p>
              <p className="text-sm text-slate-700">Scopes: {c.scopes.join(', ')}</p>
              <ul className="mt-1 space-y-1 text-sm">
                {c.keys.map((k) => (
                  <li key={k.keyId} className="flex flex-wrap items-center gap-2">
                    Key <code className="font-mono">{k.keyId}</code> · created {when(k.createdAt)}
                    {!c.revokedAt && (
                      <Button
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={`Revoke key ${k.keyId} of ${c.name}`}
                        onClick={() => void revokeKey({ clientId: c.id, keyId: k.keyId })}
                      >
                        Revoke key
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {!c.revokedAt && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`New key for ${c.name}`}
                    onClick={() => {
                      setIssued(null);
                      void rotate(c.id)
                        .unwrap()
                        .then(setIssued, () => undefined);
                    }}
                  >
                    New key
                  </Button>
                  <Button variant="danger" aria-label={`Revoke client ${c.name}`} onClick={() => void revoke(c.id)}>
                    Revoke client
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
        <form onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
          <h3 className="font-semibold text-slate-900">Create an API client</h3>
          <TextField label="Client name" name="name" autoComplete="off" />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Scopes</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-3">
              {API_SCOPES.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                  />
                  {s}
                </label>
              ))}
            </div>
          </fieldset>
          <Outcome error={createState.error} />
          <Button type="submit" disabled={createState.isLoading}>
            Create client
          </Button>
        </form>
      </div>
    </Panel>
  );
}

/** The delivery log's filters: the endpoint chosen, and a status. */
const DELIVERY_FILTERS = ['endpoint', 'status'] as const;

function WebhookEndpoints() {
  const { data, isLoading, error } = useListStaffWebhookEndpointsQuery();
  const list = useStaffList(DELIVERY_FILTERS);
  const chosen = data?.find((e) => String(e.id) === list.filters.endpoint);
  return (
    <section aria-labelledby="deliveries" className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <h2 id="deliveries" className="text-lg font-semibold text-brand-900">
        Webhook endpoints
      </h2>
      <div className="mt-3 space-y-4">
        <QueryState isLoading={isLoading} error={error} />
        <ul className="divide-y divide-slate-200">
          {data?.map((e: StaffWebhookEndpoint) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-all font-medium">{e.url}</p>
                <p className="text-slate-700">
                  {e.client} · {e.enabled ? 'Enabled' : `Disabled${e.disabledReason ? `: ${e.disabledReason}` : ''}`}
                  {e.failingSince ? ` · failing since ${when(e.failingSince)}` : ''} · {e.pending} pending
                </p>
              </div>
              <Button
                variant="secondary"
                aria-pressed={chosen?.id === e.id}
                aria-label={`Delivery log of ${e.url}`}
                onClick={() => list.apply('endpoint', String(e.id))}
              >
                Delivery log
              </Button>
            </li>
          ))}
          {data?.length === 0 && <li className="py-3 text-sm">{STAFF_MSG.none}</li>}
        </ul>
        {chosen && <DeliveryLog endpoint={chosen} list={list} />}
      </div>
    </section>
  );
}

const col = staffColumns<StaffWebhookDelivery>();

function DeliveryLog({
  endpoint,
  list,
}: {
  endpoint: StaffWebhookEndpoint;
  list: ReturnType<typeof useStaffList<(typeof DELIVERY_FILTERS)[number]>>;
}) {
  // The endpoint is in the path, not the query.
  const result = useListStaffWebhookDeliveriesQuery({
    endpointId: endpoint.id,
    params: listArgs({ ...list, filters: { status: list.filters.status } }),
  });
  const [redeliver, redeliverState] = useRedeliverStaffWebhookDeliveryMutation();
  const columns = [
    col.accessor('createdAt', { header: 'Created', enableSorting: true, cell: (c) => when(c.getValue()) }),
    col.accessor('eventType', { header: 'Event' }),
    col.accessor('status', { header: 'Status' }),
    col.accessor('attempts', { header: 'Attempts', enableSorting: true }),
    col.accessor('lastStatus', {
      header: 'Last response',
      cell: (c) => `${c.getValue() ?? 'No answer'}${c.row.original.lastError ? ` · ${c.row.original.lastError}` : ''}`,
    }),
    col.accessor('nextAttemptAt', {
      header: 'Next retry',
      enableSorting: true,
      cell: (c) => when(c.getValue()) || 'None',
    }),
    col.display({
      id: 'redeliver',
      header: 'Redeliver',
      // Any delivery may be sent again now (attempts start over): a failing one once the receiver
      // is fixed, a delivered one the receiver lost.
      cell: (c) => (
        <Button
          variant="secondary"
          className="px-2 py-1"
          aria-label={`Redeliver ${c.row.original.eventType} of ${when(c.row.original.createdAt)}`}
          disabled={redeliverState.isLoading}
          onClick={() => void redeliver({ endpointId: endpoint.id, deliveryId: c.row.original.id })}
        >
          Redeliver
        </Button>
      ),
    }),
  ];
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">Deliveries to {endpoint.url}</h3>
      <label className="flex items-center gap-2 text-sm">
        Status
        <select
          className="rounded-md border border-slate-300 px-2 py-1"
          value={list.filters.status}
          onChange={(e) => list.apply('status', e.target.value)}
        >
          <option value="">Any</option>
          <option value="failed">Failed</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
        </select>
      </label>
      <Outcome
        error={redeliverState.error}
        success={redeliverState.isSuccess ? 'Queued for delivery again.' : undefined}
      />
      <StaffListTable
        list={list}
        result={result}
        label={`Deliveries to ${endpoint.url}`}
        columns={columns}
        rowKey={(r) => String(r.id)}
      />
    </div>
  );
}
