import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG, ORDER_MSG, trackingUrl } from '@wholesale/contract';
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useGetSettingsQuery } from '../../lib/settings-api';
import { useTrackOrderQuery } from './orders-api';

/**
 * Tracking numbers, each a link to the carrier's page (a new tab) with the carrier named beside it
 * ("DPD JD0001..."); plain text when no URL template is set.
 */
export function TrackingLinks({ ids }: { ids: readonly string[] }) {
  const { data: settings } = useGetSettingsQuery();
  const carrier = settings?.trackingCarrier?.trim() || undefined;
  return (
    <ul className="space-y-2">
      {ids.map((id) => (
        <li key={id} className="flex flex-wrap items-baseline gap-x-2">
          {carrier && <span className="text-sm text-slate-700">{carrier}</span>}
          {settings?.trackingUrlTemplate ? (
            <a
              href={trackingUrl(settings.trackingUrlTemplate, id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={ORDER_MSG.trackWith(id, carrier)}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {id}
            </a>
          ) : (
            <span className="font-medium">{id}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The tracking dialog of Open Orders: the order's tracking numbers, each opening the carrier's
 * page in a new tab; 'Tracking unavailable' when there are none; 'Unable to get tracking
 * information' when the call fails. Open while `orderNumber` is set.
 */
export function TrackingDialog({ orderNumber, onClose }: { orderNumber: string | null; onClose: () => void }) {
  // Keep the title while the dialog closes.
  const [shown, setShown] = useState(orderNumber);
  if (orderNumber && orderNumber !== shown) setShown(orderNumber);
  const tracking = useTrackOrderQuery(orderNumber ?? skipToken, { refetchOnMountOrArgChange: true });
  const ids = tracking.data?.trackingId ?? [];

  let body;
  if (tracking.isFetching) body = <Spinner label="Getting tracking information" />;
  else if (tracking.isError)
    body = (
      <p role="alert" className="text-red-700">
        {MSG.trackingFailed}
      </p>
    );
  else if (ids.length === 0) body = <p>{MSG.trackingUnavailable}</p>;
  else body = <TrackingLinks ids={ids} />;

  return (
    <Modal open={orderNumber !== null} onClose={onClose} title={`Tracking for ${shown ?? ''}`} size="sm">
      {body}
    </Modal>
  );
}
