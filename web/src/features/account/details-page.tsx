import { MSG, PREFS_MSG, formatMoney, type Statement, type User } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button, buttonClass } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useGetCurrentUserQuery } from '../auth/auth-api';
import { useDownloadStatementMutation } from './account-api';
import { MailPreferencesForm } from './mail-preferences';

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-slate-200 px-5 py-3 text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4 py-2 text-sm">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value || '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatementRow({ statement }: { statement: Statement }) {
  const [download, { isLoading }] = useDownloadStatementMutation();
  const onDownload = async () => {
    try {
      await download(statement.filename).unwrap();
    } catch {
      toast.error(MSG.statementFailed, { toastId: `statement-${statement.filename}` });
    }
  };
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{statement.name}</p>
        <p className="text-xs text-slate-600">{statement.filename}.pdf</p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        onClick={onDownload}
        disabled={isLoading}
        aria-label={isLoading ? `${MSG.downloading} ${statement.name}` : `Download ${statement.name}`}
      >
        {isLoading && <Spinner decorative size="sm" />}
        {isLoading ? MSG.downloading : 'Download'}
      </Button>
    </li>
  );
}

function accountRows(u: User): [string, string][] {
  return [
    ['Name', u.name],
    ['Customer Number', u.customerNumber],
    ['Contact', u.contact],
    ['Address', u.address1],
    ['City', u.city],
    ['County', u.county],
    ['Postcode', u.postcode],
    ['Country', u.country],
    ['Email', u.email],
    ['Phone Number', u.phoneNumber],
    ['Fax Number', u.faxNumber],
  ];
}

/** My Details (spec section 2): account and balance details, statements, a link to change the password. */
export function DetailsPage() {
  const stored = useAppSelector(selectUser);
  // Always ask the server: balances change after a payment (the stored user is then refreshed too).
  const { data: fresh, isFetching } = useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const u = fresh ?? stored;

  return (
    <div>
      <PageHeading title="My Details">
        <Link to="/change-password" className={buttonClass('secondary')}>
          Change Password
        </Link>
      </PageHeading>
      {!u ? (
        <div className="flex justify-center py-12 text-brand-700">
          <Spinner label="Loading details" size="lg" />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <Card title="Balance Details" id="balance-details">
              <Facts
                rows={[
                  ['Currency', u.currencyCode],
                  ['Credit Limit', formatMoney(u.creditLimit, u.currencySymbol)],
                  ['Balance', formatMoney(u.balance, u.currencySymbol)],
                  ['On Stop', u.onStop === 'True' ? 'Yes' : 'No'],
                ]}
              />
              {isFetching && !fresh && <p className="mt-2 text-xs text-slate-600">Updating balances...</p>}
            </Card>
            <Card title="Statements" id="statements">
              {u.statements.length === 0 ? (
                <p className="text-sm text-slate-600">No statements are available yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Statements">
                  {u.statements.map((s) => (
                    <StatementRow key={s.filename} statement={s} />
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <div className="space-y-6">
            <Card title="Account Details" id="account-details">
              <Facts rows={accountRows(u)} />
            </Card>
            <Card title={PREFS_MSG.title} id="email-preferences">
              <MailPreferencesForm />
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
