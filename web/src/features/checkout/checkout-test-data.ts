import type { BasketHeader, Country, DeliveryAddress } from '@wholesale/contract';

/** Checkout answers for the screens' tests. */
export const savedAddress: DeliveryAddress = {
  reference: 'WAREHOUSE',
  name: 'Warehouse',
  address1: 'Unit 7 Avonmouth Way',
  address2: 'Avonmouth',
  city: 'Bristol',
  county: 'Avon',
  country: 'United Kingdom (Mainland)',
  postcode: 'BS11 8DD',
  phoneNumber: '01170000150',
};

const invoiceAddress: DeliveryAddress = {
  reference: 'INVOICE',
  name: 'Jane Smith Blinds Ltd',
  address1: '1 Mill Lane',
  address2: '',
  city: 'Leeds',
  county: 'West Yorkshire',
  country: 'United Kingdom (Mainland)',
  postcode: 'LS1 1AA',
  phoneNumber: '01130000000',
};

/** GET /basket/header before anything is stored: the INVOICE defaults. */
export const invoiceHeader: BasketHeader = {
  addressReference: 'INVOICE',
  purchaseOrder: '',
  name: invoiceAddress.name,
  address1: invoiceAddress.address1,
  address2: '',
  city: invoiceAddress.city,
  county: invoiceAddress.county,
  country: invoiceAddress.country,
  contact: 'Jane Smith',
  postcode: invoiceAddress.postcode,
  phoneNumber: invoiceAddress.phoneNumber,
  saved: false,
  invoiceAddress,
};

export const savedHeader: BasketHeader = { ...invoiceHeader, saved: true, purchaseOrder: 'PO-123' };

export const countries: Country[] = [
  { code: 'GB', name: 'United Kingdom (Mainland)' },
  { code: 'GB-ISL', name: 'UK Islands' },
  { code: 'GB-NIR', name: 'Northern Ireland' },
  { code: 'IE', name: 'Republic of Ireland' },
];
