import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG, trackingUrl } from '@wholesale/contract';
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useGetSettingsQuery } from '../../lib/settings-api';
import { useTrackOrderQuery } from './orders-api';

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
  const { data: settings } = useGetSettingsQuery();
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
  else
    body = (
      <ul className="space-y-2">
        {ids.map((id) => (
          <li key={id}>
            {settings?.trackingUrlTemplate ? (
              <a
                href={trackingUrl(settings.trackingUrlTemplate, id)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                {id}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-medium">{id}</span>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Modal open={orderNumber !== null} onClose={onClose} title={`Tracking for ${shown ?? ''}`} size="sm">
      {body}
    </Modal>
  );
}
