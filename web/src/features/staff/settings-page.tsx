import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import {
  updateStaffSettingsRequest,
  type StaffSettings,
  type UpdateStaffSettingsRequest,
} from '@wholesale/contract/staff';
import { useGetStaffSettingsQuery, useUpdateStaffSettingsMutation } from './settings-api';
import { StaffFrame } from './staff-frame';
import { Outcome, QueryState, inputClass, labelClass } from './ui';

export function StaffSettingsPage() {
  return (
    <StaffFrame>
      <Settings />
    </StaffFrame>
  );
}

function Settings() {
  const { data, isLoading, error } = useGetStaffSettingsQuery();
  return (
    <>
      <PageHeading title="Settings" />
      <QueryState isLoading={isLoading} error={error} />
      {data && <SettingsForm settings={data} />}
    </>
  );
}

const TEXT_FIELDS: { name: Exclude<keyof StaffSettings, 'bannerShow' | 'bannerText'>; label: string; hint?: string }[] =
  [
    {
      name: 'orderCutOff',
      label: 'Order cut-off',
      hint: '24-hour time, such as 14:00: orders after it ship next working day',
    },
    { name: 'supportEmail', label: 'Support email' },
    { name: 'trackingUrlTemplate', label: 'Tracking URL template', hint: 'A web address containing {trackingId}' },
    { name: 'trackingCarrier', label: 'Carrier' },
    { name: 'companyName', label: 'Company name' },
    { name: 'companyAddress', label: 'Company address' },
    { name: 'companyVatNumber', label: 'VAT number' },
    { name: 'companyGeneralEnquiries', label: 'General enquiries email' },
    { name: 'companySiteUrl', label: 'Company website' },
    { name: 'companyCustomerLoginUrl', label: 'Customer login address' },
    { name: 'companyParentGroupUrl', label: 'Parent group website' },
    { name: 'outOfStockUrl', label: 'Out-of-stock page' },
  ];

function SettingsForm({ settings }: { settings: StaffSettings }) {
  const [update, { isLoading, error, isSuccess, reset }] = useUpdateStaffSettingsMutation();
  const form = useForm<UpdateStaffSettingsRequest>({
    // The contract's rules, the same the server and the admin CLI check.
    resolver: zodResolver(updateStaffSettingsRequest),
    defaultValues: settings,
  });
  const { register, handleSubmit, control, formState } = form;
  const bannerShow = useWatch({ control, name: 'bannerShow' });
  const bannerText = useWatch({ control, name: 'bannerText' });
  const submit = handleSubmit((values) => {
    reset();
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => v !== settings[k as keyof StaffSettings]),
    ) as UpdateStaffSettingsRequest;
    void update(changed);
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-6 lg:grid-cols-2" noValidate>
      <Panel title="Banner" className="lg:col-span-2">
        <div className="mt-3 space-y-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('bannerShow')} />
            Show the banner on every buyer screen
          </label>
          <div>
            <label htmlFor="banner-text" className={labelClass}>
              Banner text
            </label>
            <textarea
              id="banner-text"
              rows={2}
              className={inputClass}
              aria-invalid={formState.errors.bannerText ? true : undefined}
              aria-describedby={formState.errors.bannerText ? 'banner-text-message' : undefined}
              {...register('bannerText')}
            />
            {formState.errors.bannerText && (
              <p id="banner-text-message" className="mt-1 text-sm text-red-700">
                {formState.errors.bannerText.message}
              </p>
            )}
          </div>
          <div>
            <p className="text-sm font-medium text-slate-700">Preview</p>
            <div
              aria-label="Banner preview"
              role="region"
              className="mt-1 rounded-md border border-dashed border-slate-300 p-2"
            >
              {bannerShow && bannerText?.trim() ? (
                <div className="rounded bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
                  {bannerText}
                </div>
              ) : (
                <p className="text-sm text-slate-600">No banner is shown.</p>
              )}
            </div>
          </div>
        </div>
      </Panel>
      <Panel title="Orders and company" className="lg:col-span-2">
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              hint={f.hint}
              error={formState.errors[f.name]?.message}
              {...register(f.name)}
            />
          ))}
        </div>
      </Panel>
      <div className="space-y-3 lg:col-span-2">
        <Outcome error={error} success={isSuccess ? 'Settings saved.' : undefined} />
        <Button type="submit" disabled={isLoading}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
