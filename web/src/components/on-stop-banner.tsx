import { MSG } from '@wholesale/contract';
import { selectUser } from '../lib/session';
import { useGetSettingsQuery } from '../lib/settings-api';
import { useAppSelector } from '../lib/store-types';

/**
 * Tells a buyer whose account is on stop, where they start (Home, Basket), that orders cannot be
 * placed and whom to contact: before they spend time building an order (issue 24 item 7). A
 * proforma account pays up front, so the stop does not block it (as Review Order).
 */
export function OnStopBanner() {
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery();
  if (!user || user.isProforma || user.onStop !== 'True') return null;
  return (
    <p
      role="status"
      data-testid="on-stop-banner"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {MSG.accountOnStop(settings?.supportEmail ?? '')}
    </p>
  );
}
