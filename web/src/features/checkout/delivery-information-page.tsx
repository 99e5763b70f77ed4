import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_ADDRESS_REFERENCE,
  NEW_ADDRESS_REFERENCE,
  deliveryInformationForm,
  type BasketHeader,
  type Country,
  type DeliveryInformation,
  type User,
} from '@wholesale/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button, buttonClass } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { cx } from '../../lib/cx';
import { selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useGetBasketHeaderQuery, useGetCountriesQuery, useSubmitBasketHeaderMutation } from './checkout-api';
import { errorMessage, fieldIssues, toBasketHeader } from './delivery-wire';
import { StepIndicator } from './step-indicator';
import { RoleGate } from '../../components/role-gate';

type AddressFields = Omit<DeliveryInformation, 'addressReference' | 'purchaseOrder' | 'contact'>;
const BLANK: AddressFields = {
  name: '',
  address1: '',
  address2: '',
  city: '',
  county: '',
  country: '',
  postcode: '',
  phoneNumber: '',
};

function pickAddress(a: AddressFields): AddressFields {
  return {
    name: a.name,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    county: a.county,
    country: a.country,
    postcode: a.postcode,
    phoneNumber: a.phoneNumber,
  };
}

/** The address fields an address reference stands for: the account's, a saved one, or the form's own. */
function addressFor(reference: string, header: BasketHeader, user: User): AddressFields {
  if (reference === DEFAULT_ADDRESS_REFERENCE) return pickAddress(header.invoiceAddress);
  if (reference === NEW_ADDRESS_REFERENCE)
    return header.addressReference === NEW_ADDRESS_REFERENCE ? pickAddress(header) : BLANK;
  const saved = user.deliveryAddresses.find((a) => a.reference === reference);
  return saved ? pickAddress(saved) : BLANK;
}

function CustomerDetails({ user, purchaseOrder }: { user: User; purchaseOrder: string }) {
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Customer Number', user.customerNumber],
    ['Contact', user.contact],
    ['Phone Number', user.phoneNumber],
    ['Purchase Order', purchaseOrder || '—'],
  ];
  return (
    <section
      aria-labelledby="customer-details-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="customer-details-title" className="text-lg font-semibold text-brand-900">
        Customer Details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4">
            <dt className="text-slate-700">{k}</dt>
            <dd className="text-right font-medium break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DeliveryForm({ header, user, countries }: { header: BasketHeader; user: User; countries: Country[] }) {
  const navigate = useNavigate();
  // A stored country the list no longer offers stays selectable, so the form shows what is stored.
  const countryOptions =
    header.country && !countries.some((c) => c.name === header.country)
      ? [...countries, { code: header.country, name: header.country }]
      : countries;
  const [submitHeader, { isLoading: saving }] = useSubmitBasketHeaderMutation();
  const selectId = useId();
  const countryId = useId();
  const knownReference =
    header.addressReference === DEFAULT_ADDRESS_REFERENCE ||
    header.addressReference === NEW_ADDRESS_REFERENCE ||
    user.deliveryAddresses.some((a) => a.reference === header.addressReference);
  const initialReference = knownReference ? header.addressReference : DEFAULT_ADDRESS_REFERENCE;
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<DeliveryInformation>({
    resolver: zodResolver(deliveryInformationForm),
    defaultValues: {
      addressReference: initialReference,
      purchaseOrder: header.purchaseOrder,
      contact: header.contact,
      ...addressFor(initialReference, header, user),
    },
  });
  const reference = useWatch({ control, name: 'addressReference' });
  const purchaseOrder = useWatch({ control, name: 'purchaseOrder' });
  const isNew = reference === NEW_ADDRESS_REFERENCE;

  const onReferenceChange = (next: string) => {
    const fields = addressFor(next, header, user);
    for (const [k, v] of Object.entries(fields)) setValue(k as keyof AddressFields, v, { shouldValidate: false });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submitHeader(toBasketHeader(values)).unwrap();
      await navigate('/checkout/review-order');
    } catch (err) {
      const issues = fieldIssues(err);
      for (const [field, message] of issues) setError(field, { message });
      if (issues.length === 0) toast.error(errorMessage(err) ?? 'Unable to save the delivery information');
    }
  });

  const field = (
    name: keyof AddressFields,
    label: string,
    extra: { autoComplete?: string; inputMode?: 'tel' } = {},
  ) => (
    <TextField
      label={label}
      readOnly={!isNew}
      error={isNew ? errors[name]?.message : undefined}
      className={cx(!isNew && '[&_input]:bg-slate-100 [&_input]:text-slate-700')}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-6">
          <section
            aria-labelledby="purchase-order-title"
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="purchase-order-title" className="mb-3 text-lg font-semibold text-brand-900">
              Order Reference
            </h2>
            <TextField
              label="Purchase Order"
              error={errors.purchaseOrder?.message}
              autoComplete="off"
              className="max-w-sm"
              {...register('purchaseOrder')}
            />
          </section>

          <section
            aria-labelledby="delivery-title"
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="delivery-title" className="mb-3 text-lg font-semibold text-brand-900">
              Delivery Details
            </h2>
            <div className="mb-4 max-w-sm">
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
                Delivery Address
              </label>
              <select
                id={selectId}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
                {...register('addressReference', {
                  onChange: (e: { target: { value: string } }) => onReferenceChange(e.target.value),
                })}
              >
                <option value={DEFAULT_ADDRESS_REFERENCE}>{DEFAULT_ADDRESS_REFERENCE}</option>
                {user.deliveryAddresses.map((a) => (
                  <option key={a.reference} value={a.reference}>
                    {a.reference}
                  </option>
                ))}
                <option value={NEW_ADDRESS_REFERENCE}>{NEW_ADDRESS_REFERENCE}</option>
              </select>
              {!isNew && (
                <p className="mt-1 text-xs text-slate-600">
                  This address is on your account and cannot be changed here. Choose New Delivery Address to enter
                  another.
                </p>
              )}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('name', 'Name', { autoComplete: 'organization' })}
              {field('address1', 'Address Line 1', { autoComplete: 'address-line1' })}
              {field('address2', 'Address Line 2', { autoComplete: 'address-line2' })}
              {field('city', 'City', { autoComplete: 'address-level2' })}
              {field('county', 'County', { autoComplete: 'address-level1' })}
              {isNew ? (
                <div>
                  <label htmlFor={countryId} className="block text-sm font-medium text-slate-800">
                    Country
                  </label>
                  <select
                    id={countryId}
                    aria-invalid={errors.country ? true : undefined}
                    aria-describedby={errors.country ? `${countryId}-message` : undefined}
                    className={cx(
                      'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm',
                      errors.country ? 'border-red-600 ring-1 ring-red-600' : 'border-slate-300',
                    )}
                    {...register('country')}
                  >
                    <option value="">Select a country</option>
                    {countryOptions.map((c) => (
                      <option key={c.code} value={c.name}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  {errors.country && (
                    <p id={`${countryId}-message`} className="mt-1 text-sm text-red-700">
                      {errors.country.message}
                    </p>
                  )}
                </div>
              ) : (
                field('country', 'Country')
              )}
              {field('postcode', 'Postcode', { autoComplete: 'postal-code' })}
              {field('phoneNumber', 'Phone Number', { autoComplete: 'tel', inputMode: 'tel' })}
              <TextField label="Contact" autoComplete="name" maxLength={50} {...register('contact')} />
            </div>
          </section>
        </div>
        <CustomerDetails user={user} purchaseOrder={purchaseOrder} />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/basket" className={buttonClass('secondary')}>
          Back to basket
        </Link>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving && <Spinner decorative size="sm" />}
          Proceed
        </Button>
      </div>
    </form>
  );
}

/** Checkout step 1 (/checkout/deliveryinformation): purchase order and delivery address (spec sections 2 and 5). */
function DeliveryInformationScreen() {
  const user = useAppSelector(selectUser);
  const header = useGetBasketHeaderQuery(undefined, { refetchOnMountOrArgChange: true });
  const countries = useGetCountriesQuery();
  return (
    <>
      <PageHeading title="Delivery Information" />
      <StepIndicator current={1} withPayment={!!user?.isProforma} />
      {header.isLoading || countries.isLoading || !user ? (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-700">
          <Spinner decorative />
          Loading delivery information...
        </p>
      ) : header.data ? (
        <DeliveryForm header={header.data} user={user} countries={countries.data ?? []} />
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          Unable to load the delivery information. Please try again.
        </p>
      )}
    </>
  );
}

/** For the ordering roles only (RoleGate); anyone else at its address is told their role does not allow it. */
export function DeliveryInformationPage() {
  return (
    <RoleGate needs="order">
      <DeliveryInformationScreen />
    </RoleGate>
  );
}
