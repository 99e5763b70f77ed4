import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

/**
 * The whole data model, one migration for both engines. Where SQLite and PostgreSQL differ
 * (identity columns, binary type, the text-search index) we branch on `engine` here and nowhere else.
 */
export async function up(db: Kysely<unknown>, engine: 'sqlite' | 'postgres'): Promise<void> {
  const pgsql = engine === 'postgres';
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pgsql
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const blob = pgsql ? 'bytea' : 'blob';

  await id(db.schema.createTable('accounts'))
    .addColumn('customer_number', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_code', 'text', (c) => c.notNull().check(sql`currency_code in ('GBP','EUR')`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('county', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fax_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_limit_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('on_stop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_proforma', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull().defaultTo(2000))
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carriage_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carriage_free_over_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_types')
    .$call((t) => id(t))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('product_ranges'))
    .addColumn('product_type_id', 'integer', (c) => c.notNull().references('product_types.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('product_ranges_type_name', ['product_type_id', 'name'])
    .execute();

  await db.schema
    .createTable('account_discounts')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('product_type_id', 'integer', (c) => c.notNull().references('product_types.id').onDelete('cascade'))
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_discounts_pk', ['account_id', 'product_type_id'])
    .execute();

  await id(db.schema.createTable('users'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('job_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_account').on('users').column('account_id').execute();

  await id(db.schema.createTable('delivery_addresses'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('county', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('delivery_addresses_ref', ['account_id', 'reference'])
    .execute();

  await id(db.schema.createTable('statements'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addUniqueConstraint('statements_file', ['account_id', 'filename'])
    .execute();

  await id(db.schema.createTable('products'))
    .addColumn('item_number', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('product_type_id', 'integer', (c) => c.notNull().references('product_types.id'))
    .addColumn('range_id', 'integer', (c) => c.notNull().references('product_ranges.id'))
    .addColumn('pack_quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('EACH'))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_type_range').on('products').columns(['product_type_id', 'range_id']).execute();
  await db.schema.createIndex('products_range').on('products').column('range_id').execute();

  await db.schema
    .createTable('product_prices')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('list_price_e5', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'currency_code'])
    .execute();

  await db.schema
    .createTable('multibuy_tiers')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('minimum_quantity', 'integer', (c) => c.notNull())
    .addColumn('price_e5', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('multibuy_tiers_pk', ['product_id', 'currency_code', 'minimum_quantity'])
    .execute();

  await id(db.schema.createTable('inbound_deliveries'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbound_product').on('inbound_deliveries').columns(['product_id', 'due_date']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('image_type', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'image_type'])
    .execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'product_id'])
    .execute();

  await id(db.schema.createTable('baskets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address_reference', 'text')
    .addColumn('purchase_order', 'text')
    .addColumn('delivery_name', 'text')
    .addColumn('delivery_address1', 'text')
    .addColumn('delivery_address2', 'text')
    .addColumn('delivery_city', 'text')
    .addColumn('delivery_county', 'text')
    .addColumn('delivery_country', 'text')
    .addColumn('delivery_contact', 'text')
    .addColumn('delivery_postcode', 'text')
    .addColumn('delivery_phone', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('basket_lines'))
    .addColumn('basket_id', 'integer', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('basket_lines_number', ['basket_id', 'line_number'])
    .execute();

  await id(db.schema.createTable('orders'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ordered_date', 'text', (c) => c.notNull())
    .addColumn('despatch_date', 'text')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('vat_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('address_reference', 'text', (c) => c.notNull().defaultTo('INVOICE'))
    .addColumn('delivery_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_address1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_county', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_postcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_basket_id', 'integer')
    .addColumn('source_revision', 'integer')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_source', ['source_basket_id', 'source_revision'])
    .execute();
  await db.schema.createIndex('orders_account_date').on('orders').columns(['account_id', 'ordered_date']).execute();

  await id(db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('item_no', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('quantity_shipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price_e5', 'bigint', (c) => c.notNull())
    .addColumn('line_discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_product').on('order_lines').column('product_id').execute();

  await id(db.schema.createTable('order_tracking'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('tracking_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tracking_order').on('order_tracking').column('order_id').execute();

  await id(db.schema.createTable('invoices'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('document_number', 'text', (c) => c.notNull().unique())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('posting_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('vat_minor', 'bigint', (c) => c.notNull())
    .addColumn('original_minor', 'bigint', (c) => c.notNull())
    .addColumn('remaining_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_account').on('invoices').columns(['account_id', 'posting_date']).execute();

  await id(db.schema.createTable('invoice_lines'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('item_no', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price_e5', 'bigint', (c) => c.notNull())
    .addColumn('line_discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_lines_invoice').on('invoice_lines').column('invoice_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('card_last4', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();

  await db.schema
    .createTable('payment_invoices')
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_invoices_pk', ['payment_id', 'invoice_id'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('refresh_tokens'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  // Text search over item code and description: substring, case-insensitive, indexed.
  if (pgsql) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_search_trgm on products using gin (search_text gin_trgm_ops)`.execute(db);
  } else {
    await sql`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger products_fts_ai after insert on products begin
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger products_fts_ad after delete on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(
      db,
    );
    await sql`create trigger products_fts_au after update of search_text on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  }

  const countries: [string, string][] = [
    ['GB', 'United Kingdom (Mainland)'],
    ['GB-ISL', 'UK Islands'],
    ['GB-NIR', 'Northern Ireland'],
    ['IE', 'Republic of Ireland'],
  ];
  await db
    .withoutPlugins()
    .insertInto('countries' as never)
    .values(countries.map(([code, name], i) => ({ code, name, sort: i })) as never)
    .execute();
}
