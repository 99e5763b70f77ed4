import { DELIVERY_MSG, type ShipmentPreference } from '@wholesale/contract';
import { Panel } from '../../components/panel';
import { cx } from '../../lib/cx';
import { useGetDeliveryPromiseQuery } from '../../lib/delivery-promise-api';

/**
 * Review Order's delivery section: the cut-off and the choice of how to send the
 * order (each line's promise sits in its line, review-sections.tsx), each option with the date it yields (the server's). Native
 * radio buttons in a fieldset: arrow keys move between them, as screen readers expect. Until the
 * promise has loaded the default choice stands, so Place Order never waits on it.
 */
export function ShipmentChoice({
  value,
  onChange,
}: {
  value: ShipmentPreference;
  onChange: (value: ShipmentPreference) => void;
}) {
  const { data, isError } = useGetDeliveryPromiseQuery();
  // Every option ships the same day (everything is in stock): there is nothing to choose.
  const choice = !!data && new Set(data.options.map((o) => o.date)).size > 1;
  return (
    <Panel title={DELIVERY_MSG.heading}>
      {isError && <p className="mt-2 text-sm text-slate-700">{DELIVERY_MSG.promiseUnavailable}</p>}
      {data && (
        <>
          <p className="mt-1 text-sm font-medium text-brand-800">{data.cutOff.text}</p>
          {choice && (
            <fieldset className="mt-4">
              <legend className="text-sm font-semibold text-slate-900">{DELIVERY_MSG.choiceLegend}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {data.options.map((o) => {
                  const id = `shipment-${o.preference}`;
                  const checked = value === o.preference;
                  return (
                    <label
                      key={o.preference}
                      htmlFor={id}
                      className={cx(
                        'flex cursor-pointer gap-3 rounded-lg border px-4 py-3 text-sm',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                        checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-400',
                      )}
                    >
                      <input
                        id={id}
                        type="radio"
                        name="shipment-preference"
                        value={o.preference}
                        checked={checked}
                        onChange={() => onChange(o.preference)}
                        aria-labelledby={`${id}-label`}
                        aria-describedby={`${id}-date`}
                        className="mt-0.5 size-4 accent-brand-700"
                      />
                      <span>
                        <span id={`${id}-label`} className="block font-medium text-slate-900">
                          {o.label}
                        </span>
                        <span id={`${id}-date`} className="block text-slate-700">
                          {o.dateText}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
        </>
      )}
    </Panel>
  );
}
