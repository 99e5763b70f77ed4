import { PREFS_MSG, type OptionalMailCategory } from '@wholesale/contract';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/spinner';
import { useGetMailPreferencesQuery, useUpdateMailPreferencesMutation } from './account-api';

const CHOICES: [OptionalMailCategory, string][] = [
  ['despatch', PREFS_MSG.despatch],
  ['cancellation', PREFS_MSG.cancellation],
];

/** My Details: the optional emails (the required ones cannot be turned off), saved as soon as a box is ticked or cleared. */
export function MailPreferencesForm() {
  const { data, isError, isLoading } = useGetMailPreferencesQuery();
  const [update, { isLoading: saving }] = useUpdateMailPreferencesMutation();
  if (isLoading) return <Spinner label="Loading email preferences" />;
  if (isError || !data) return <p className="text-sm text-red-800">{PREFS_MSG.loadFailed}</p>;

  const onChange = async (category: OptionalMailCategory, on: boolean) => {
    try {
      await update({ ...data, [category]: on }).unwrap();
      toast.success(PREFS_MSG.saved);
    } catch {
      toast.error(PREFS_MSG.failed);
    }
  };

  return (
    <fieldset disabled={saving} className="space-y-3">
      <legend className="mb-2 text-sm text-slate-700">{PREFS_MSG.intro}</legend>
      {CHOICES.map(([category, label]) => (
        <label key={category} className="flex items-center gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="h-5 w-5 rounded border-slate-400 text-brand-700"
            checked={data[category]}
            onChange={(e) => void onChange(category, e.target.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
