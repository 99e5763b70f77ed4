/**
 * The one mapper between the contract's `Address` (and the delivery details built on it) and how
 * addresses are stored or published elsewhere:
 * - accounts and delivery_addresses store `name`, `address1`..`postcode`, `phone_number`;
 * - baskets and orders store the delivery details as `delivery_*` columns (`delivery_phone`);
 * - the ERP orders feed publishes them with `phone` (a published shape: kept as it is);
 * - the outbox's events publish them as the contract names them (`phoneNumber`).
 */
import type { Address, DeliveryInformation } from '@wholesale/contract';

/** Where an order goes: an address with its reference (INVOICE, a saved one, a new one) and contact. */
export type Delivery = Omit<DeliveryInformation, 'purchaseOrder'>;

/** An address as accounts and delivery_addresses store it. */
export interface AddressColumns {
  name: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  country: string;
  postcode: string;
  phone_number: string;
}

export const addressFromColumns = (r: AddressColumns): Address => ({
  name: r.name,
  address1: r.address1,
  address2: r.address2,
  city: r.city,
  county: r.county,
  country: r.country,
  postcode: r.postcode,
  phoneNumber: r.phone_number,
});

/** Delivery details as baskets (nullable: none stored yet) and orders store them. */
export interface DeliveryColumns<N = never> {
  address_reference: string | N;
  delivery_name: string | N;
  delivery_address1: string | N;
  delivery_address2: string | N;
  delivery_city: string | N;
  delivery_county: string | N;
  delivery_country: string | N;
  delivery_contact: string | N;
  delivery_postcode: string | N;
  delivery_phone: string | N;
}

/** Stored delivery details (a column never stored reads as ''). */
export const deliveryFromColumns = (r: DeliveryColumns<null>): Delivery => ({
  addressReference: r.address_reference ?? '',
  name: r.delivery_name ?? '',
  address1: r.delivery_address1 ?? '',
  address2: r.delivery_address2 ?? '',
  city: r.delivery_city ?? '',
  county: r.delivery_county ?? '',
  country: r.delivery_country ?? '',
  postcode: r.delivery_postcode ?? '',
  contact: r.delivery_contact ?? '',
  phoneNumber: r.delivery_phone ?? '',
});

export const deliveryColumns = (d: Delivery): DeliveryColumns => ({
  address_reference: d.addressReference,
  delivery_name: d.name,
  delivery_address1: d.address1,
  delivery_address2: d.address2,
  delivery_city: d.city,
  delivery_county: d.county,
  delivery_country: d.country,
  delivery_contact: d.contact,
  delivery_postcode: d.postcode,
  delivery_phone: d.phoneNumber,
});

/** The address part of delivery details. */
export const addressOf = (d: Address): Address => ({
  name: d.name,
  address1: d.address1,
  address2: d.address2,
  city: d.city,
  county: d.county,
  country: d.country,
  postcode: d.postcode,
  phoneNumber: d.phoneNumber,
});

/** Delivery details as the ERP orders feed publishes them (`phone`, not `phoneNumber`). */
export const erpDelivery = ({ phoneNumber, ...rest }: Delivery) => ({ ...rest, phone: phoneNumber });
