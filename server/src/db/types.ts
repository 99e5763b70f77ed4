/**
 * Table types for Kysely. Conventions, the same on SQLite and PostgreSQL:
 * - money in minor units (pence/cents) as integers: columns ending `_minor`;
 * - unit prices scaled by 100,000 (5 decimals) as integers: columns ending `_e5`;
 * - percentages in basis points (1/100 of a percent): columns ending `_bp`;
 * - booleans as integers 0/1; dates as ISO text 'yyyy-mm-dd'; timestamps as ISO text.
 */
import type { CurrencyCode, OrderCanceller, ShipmentPreference, TeamRole } from '@wholesale/contract';
import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

type Id = Generated<number>;
/** Where a credit limit's or on-stop's value came from (migration 035). */
export type ValueSource = 'erp' | 'portal';
type Bool = number;

export interface AccountsTable {
  id: Id;
  customer_number: string;
  name: string;
  contact: string;
  currency_code: CurrencyCode;
  country: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  postcode: string;
  email: string;
  phone_number: string;
  fax_number: string;
  credit_limit_minor: number;
  balance_minor: number;
  on_stop: Bool;
  is_proforma: Bool;
  disabled: Bool;
  vat_rate_bp: number;
  discount_bp: number;
  carriage_minor: number;
  carriage_free_over_minor: number;
  created_at: string;
  /** Who set the credit limit and on-stop last, and when (migration 035): the ERP's push or the portal. */
  credit_limit_source: ColumnType<ValueSource, ValueSource | undefined, ValueSource>;
  credit_limit_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  on_stop_source: ColumnType<ValueSource, ValueSource | undefined, ValueSource>;
  on_stop_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountDiscountsTable {
  account_id: number;
  product_type_id: number;
  discount_bp: number;
}

export interface UsersTable {
  id: Id;
  account_id: number;
  username: string;
  password_hash: string;
  name: string;
  job_title: string;
  email: string;
  disabled: Bool;
  created_at: string;
  password_changed_at: string;
  /** The user's role within the account (migration 040); existing users are account admins. */
  team_role: ColumnType<TeamRole, TeamRole | undefined, TeamRole>;
  /** Per-order limit and monthly budget in minor units of the account's currency; null: none. */
  order_limit_minor: ColumnType<number | null, number | null | undefined, number | null>;
  monthly_budget_minor: ColumnType<number | null, number | null | undefined, number | null>;
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DeliveryAddressesTable {
  id: Id;
  account_id: number;
  reference: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  country: string;
  postcode: string;
  phone_number: string;
}

export interface StatementsTable {
  id: Id;
  account_id: number;
  name: string;
  filename: string;
  period_start: string;
  period_end: string;
}

export interface ProductTypesTable {
  id: Id;
  name: string;
  sort: number;
}

export interface ProductRangesTable {
  id: Id;
  product_type_id: number;
  name: string;
  sort: number;
}

export interface ProductsTable {
  id: Id;
  item_number: string;
  description: string;
  product_type_id: number;
  range_id: number;
  pack_quantity: number;
  unit: string;
  stock: number;
  active: Bool;
  /** lower(item_number || ' ' || description): what text search matches against. */
  search_text: string;
}

export interface ProductPricesTable {
  product_id: number;
  currency_code: CurrencyCode;
  list_price_e5: number;
}

export interface MultibuyTiersTable {
  product_id: number;
  currency_code: CurrencyCode;
  minimum_quantity: number;
  price_e5: number;
}

export interface InboundDeliveriesTable {
  id: Id;
  product_id: number;
  quantity: number;
  due_date: string;
}

export interface ProductImagesTable {
  product_id: number;
  image_type: number;
  content_type: string;
  data: Buffer;
}

export interface FavouritesTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface BasketsTable {
  id: Id;
  user_id: number;
  account_id: number;
  revision: number;
  address_reference: string | null;
  purchase_order: string | null;
  delivery_name: string | null;
  delivery_address1: string | null;
  delivery_address2: string | null;
  delivery_city: string | null;
  delivery_county: string | null;
  delivery_country: string | null;
  delivery_contact: string | null;
  delivery_postcode: string | null;
  delivery_phone: string | null;
  updated_at: string;
  /** The lines the last Clear basket removed and the revision it left, as JSON, for its Undo (migration 021). */
  cleared_lines: string | null;
}

export interface BasketLinesTable {
  id: Id;
  basket_id: number;
  line_number: number;
  product_id: number;
  quantity: number;
  created_at: string;
  /** A line copied from an order: that order's number and its unit price then (migration 012). */
  copied_from_order: string | null;
  ordered_unit_price_e5: number | null;
  ordered_quantity: number | null;
}

export interface OrdersTable {
  id: Id;
  order_number: string;
  account_id: number;
  user_id: number | null;
  reference: string;
  status: string;
  location: string;
  ordered_date: string;
  despatch_date: string | null;
  currency_code: CurrencyCode;
  amount_minor: number;
  vat_minor: number;
  total_minor: number;
  address_reference: string;
  delivery_name: string;
  delivery_address1: string;
  delivery_address2: string;
  delivery_city: string;
  delivery_county: string;
  delivery_country: string;
  delivery_contact: string;
  delivery_postcode: string;
  delivery_phone: string;
  /** The basket and revision this order was placed from: unique, so a resubmission finds it. */
  source_basket_id: number | null;
  source_revision: number | null;
  payment_id: string | null;
  created_at: string;
  updated_at: string;
  /** The ERP's own reference for the order (POST /api/integration/v1/orders/{n}/acknowledge). */
  erp_reference: ColumnType<string | null, string | null | undefined, string | null>;
  erp_acknowledged_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the buyer chose to have it sent (migration 013): 'partial' or 'complete'; default 'partial'. */
  shipment_preference: ColumnType<ShipmentPreference, ShipmentPreference | undefined, ShipmentPreference>;
  /** Who cancelled it and when (migration 019); null unless cancelled since then. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_by: ColumnType<OrderCanceller | null, OrderCanceller | null | undefined, OrderCanceller | null>;
  cancelled_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  cancelled_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Order approval (migration 040): who approved or declined it, when, why; when it was withdrawn. */
  approved_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  approved_at: ColumnType<string | null, string | null | undefined, string | null>;
  declined_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  declined_at: ColumnType<string | null, string | null | undefined, string | null>;
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
  withdrawn_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Placed while a staff member viewed as the customer (migration 031): who, and "placed by {staff} for {user}". */
  placed_by_staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  placed_on_behalf: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderLinesTable {
  id: Id;
  order_id: number;
  line_no: number;
  type: string;
  product_id: number | null;
  item_no: string;
  description: string;
  quantity: number;
  quantity_shipped: number;
  location: string;
  unit: string;
  unit_price_e5: number;
  line_discount_bp: number;
  total_minor: number;
}

export interface OrderTrackingTable {
  id: Id;
  order_id: number;
  tracking_id: string;
  created_at: string;
}

export interface InvoicesTable {
  id: Id;
  account_id: number;
  document_number: string;
  document_type: string;
  posting_date: string;
  due_date: string;
  reference: string;
  description: string;
  order_number: string;
  currency_code: CurrencyCode;
  amount_minor: number;
  vat_minor: number;
  original_minor: number;
  remaining_minor: number;
}

export interface InvoiceLinesTable {
  id: Id;
  invoice_id: number;
  line_no: number;
  type: string;
  item_no: string;
  description: string;
  quantity: number;
  unit: string;
  unit_price_e5: number;
  line_discount_bp: number;
  total_minor: number;
}

export interface PaymentsTable {
  /** Random id; also what the hosted payment page is addressed by. */
  id: string;
  account_id: number;
  user_id: number;
  purpose: 'order' | 'invoices';
  /** pending until paid or declined; cancelled when a newer link replaced it or a recheck refused it. */
  status: 'pending' | 'approved' | 'declined' | 'cancelled';
  amount_minor: number;
  currency_code: CurrencyCode;
  reference: string;
  description: string;
  /** JSON: what the purpose needs to complete (basket revision, billing address...). */
  payload: string;
  card_last4: string | null;
  created_at: string;
  completed_at: string | null;
  /** After this the hosted page refuses the card (PAYMENT_LINK_TTL_MINUTES); null on old rows. */
  expires_at: string | null;
  /** What the payment is for when that is not an invoice: 'basket:{id}:{revision}'. */
  subject: string | null;
}

export interface PaymentInvoicesTable {
  payment_id: string;
  invoice_id: number;
  amount_minor: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface CountriesTable {
  code: string;
  name: string;
  sort: number;
}

export interface RefreshTokensTable {
  id: Id;
  family_id: string;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Migration 011: one-time links to set a password (users the ERP creates). */
export interface PasswordLinksTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  account_id: number;
  response: string;
  created_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

/** One row (id 1): bumped by triggers on every change that can change a search (migration 004). */
export interface CatalogueRevisionTable {
  id: number;
  revision: number;
}

/** A lease on a named piece of work (migration 008, modules/periodic/). */
export interface LeasesTable {
  name: string;
  /** The process holding it (host, pid and a random part). */
  holder: string;
  expires_at: string;
}

// ---- ERP integration API (migration 009) ----

export interface ApiClientsTable {
  id: Id;
  name: string;
  /** Comma-separated scopes (contract API_SCOPES). */
  scopes: string;
  created_at: string;
  revoked_at: string | null;
}

export interface ApiKeysTable {
  key_id: string;
  client_id: number;
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface IntegrationVersionsTable {
  entity: string;
  erp_key: string;
  source_version: ColumnType<number, number, number>;
}

export interface IntegrationIdempotencyTable {
  client_id: number;
  key: string;
  request_hash: string;
  status_code: number;
  content_type: string;
  body: string;
  created_at: string;
}

// erp-out (outbound events and webhooks): migration 010
export interface OutboxEventsTable {
  seq: Generated<number>;
  event_id: string;
  type: string;
  account_id: number | null;
  /** JSON */
  payload: string;
  created_at: string;
  /** Null: every client's; else the one API client the event is about (migration 015) */
  client_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WebhookEndpointsTable {
  id: Id;
  client_id: number;
  url: string;
  /** JSON array of event types */
  event_types: string;
  /** The signing secret, AES-256-GCM encrypted (lib/secret-box.ts) */
  secret_enc: string;
  enabled: ColumnType<Bool, Bool | undefined, Bool>;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  /** When the current run of failed attempts began; null after a success (migration 015) */
  failing_since: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookDeliveriesTable {
  id: Id;
  event_seq: number;
  endpoint_id: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  leased_until: string | null;
  lease_holder: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

// Email (migration 016)
export type MailStatus = 'pending' | 'sent' | 'failed' | 'unsendable';
export interface MailOutboxTable {
  id: Id;
  /** The Message-ID's local part, fixed when written: every attempt sends the same one. */
  message_id: string;
  kind: string;
  account_id: number | null;
  user_id: number | null;
  /** JSON array of addresses; empty when the user has none (status unsendable). */
  recipients: string;
  /** JSON: what the template needs; a link's token sealed. */
  payload: string;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  leased_until: string | null;
  lease_holder: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface MailOptOutsTable {
  user_id: number;
  category: string;
  created_at: string;
}

export interface Database {
  accounts: AccountsTable;
  account_discounts: AccountDiscountsTable;
  users: UsersTable;
  delivery_addresses: DeliveryAddressesTable;
  statements: StatementsTable;
  product_types: ProductTypesTable;
  product_ranges: ProductRangesTable;
  products: ProductsTable;
  product_prices: ProductPricesTable;
  multibuy_tiers: MultibuyTiersTable;
  inbound_deliveries: InboundDeliveriesTable;
  product_images: ProductImagesTable;
  favourites: FavouritesTable;
  baskets: BasketsTable;
  basket_lines: BasketLinesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_tracking: OrderTrackingTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  payments: PaymentsTable;
  payment_invoices: PaymentInvoicesTable;
  settings: SettingsTable;
  countries: CountriesTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  password_links: PasswordLinksTable;
  idempotency_keys: IdempotencyKeysTable;
  counters: CountersTable;
  catalogue_revision: CatalogueRevisionTable;
  leases: LeasesTable;
  api_clients: ApiClientsTable;
  api_keys: ApiKeysTable;
  integration_versions: IntegrationVersionsTable;
  integration_idempotency: IntegrationIdempotencyTable;
  // erp-out (outbound events and webhooks)
  outbox_events: OutboxEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  // Email
  mail_outbox: MailOutboxTable;
  mail_opt_outs: MailOptOutsTable;
  // the staff back office (migration 030)
  staff_users: StaffUsersTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  view_as_sessions: ViewAsSessionsTable;
  staff_audit: StaffAuditTable;
}

// the staff back office (migration 030)
export interface StaffUsersTable {
  id: Id;
  username: string;
  email: string;
  role: 'admin' | 'customer_service' | 'finance' | 'read_only';
  can_order_on_behalf: ColumnType<number, number | undefined, number>;
  /** Empty until the set-up link is used. */
  password_hash: ColumnType<string, string | undefined, string>;
  setup_token_hash: string | null;
  setup_expires_at: string | null;
  /** Sealed with the server's secret box. */
  totp_secret: string | null;
  totp_enrolled: ColumnType<number, number | undefined, number>;
  totp_last_step: number | null;
  failed_factors: ColumnType<number, number | undefined, number>;
  locked_until: string | null;
  disabled: ColumnType<number, number | undefined, number>;
  session_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  session_version: number;
  address: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface ViewAsSessionsTable {
  id: string;
  staff_id: number;
  user_id: number;
  account_id: number;
  reason: string;
  can_order: ColumnType<number, number | undefined, number>;
  started_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface StaffAuditTable {
  id: Id;
  at: string;
  staff_id: number | null;
  staff_username: string;
  address: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  account_id: number | null;
  before_json: string | null;
  after_json: string | null;
  view_as_id: string | null;
}

export type NewAccount = Insertable<AccountsTable>;
export type Payment = Selectable<PaymentsTable>;

/** The database as Kysely sees it (or a transaction on it). */
export type Db = Kysely<Database>;
