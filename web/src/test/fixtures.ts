import {
  AGEING_BUCKETS,
  type AuthResponse,
  type Basket,
  type CreditSummary,
  type DeliveryPromise,
  type Notification,
  type SiteSettings,
  type User,
} from '@wholesale/contract';
import type { SessionState } from '../lib/session';

export const demoUser: User = {
  username: 'jsmith',
  name: 'Jane Smith',
  jobTitle: 'Purchasing Manager',
  customerNumber: 'C10042',
  contact: 'Jane Smith',
  currencyCode: 'GBP',
  currencySymbol: '£',
  country: 'GB',
  address1: '1 Mill Lane',
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
  email: 'jane@example.test',
  phoneNumber: '01130000000',
  faxNumber: '',
  creditLimit: 5000,
  balance: 1234.5,
  onStop: 'False',
  isProforma: false,
  deliveryAddresses: [],
  statements: [],
};

export function authResponseFor(n: number, user: User = demoUser): AuthResponse {
  return { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user };
}

export const loggedInSession: SessionState = { token: 'access-1', refresh: 'refresh-1', user: demoUser };

export const settings: SiteSettings = {
  supportEmail: 'trade@example.test',
  companyName: 'Example Blinds',
  companyAddress: 'Unit 4, Riverside Park\nLeeds LS1 1AA',
  generalEnquiries: '0113 000 0000',
  companySiteUrl: 'https://www.example.test',
  customerLoginUrl: 'https://shop.example.test/login',
  outOfStockUrl: 'https://files.example.test/out-of-stock',
  trackingUrlTemplate: 'https://track.example.test/{trackingId}',
  parentGroupUrl: 'https://group.example.test',
};

export const noNotification: Notification = { showNotification: false, notificationText: null };

export const emptyBasket: Basket = { basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 1 };

/** GET /basket/delivery-promise for a basket with nothing in it. */
export const emptyDeliveryPromise: DeliveryPromise = {
  revision: 1,
  lines: [],
  cutOff: { time: '14:00', shipsToday: true, shipDate: '2026-12-10', text: 'Order by 14:00 to ship today' },
  options: [
    {
      preference: 'partial',
      label: 'Send what is in stock now, the rest when due',
      date: '2026-12-10',
      dateText: 'First delivery ships today',
    },
    { preference: 'complete', label: 'Send everything together', date: '2026-12-10', dateText: 'Ships today' },
  ],
  defaultPreference: 'partial',
};

/** Credit and ageing with nothing to say: no credit limit set, nothing open, not on stop. */
export const quietCreditSummary: CreditSummary = {
  creditLimit: 0,
  balance: 0,
  uninvoicedOrders: 0,
  exposure: 0,
  availableCredit: null,
  buckets: AGEING_BUCKETS.map((key) => ({ key, total: 0, documentNumbers: [] })),
  unallocatedCredit: { total: 0, documentNumbers: [] },
  onStop: false,
  overdue: { total: 0, documentNumbers: [] },
};
