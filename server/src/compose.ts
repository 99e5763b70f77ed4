/**
 * The composition root: every repository and service of the server is built here, once, and handed
 * to whoever uses it. Route plugins take theirs from `ctx.services` (app.ts builds the context from
 * `compose`), the admin CLI from `composeStore`. Nothing else calls a service or repository factory
 * over the server's database (inside a transaction, a service opens its repositories over that
 * transaction: that is the only other place a factory runs; the demo seed does the same,
 * seed/run.ts).
 *
 * `composeStore(db)` is what needs the database alone (the CLI has no server configuration);
 * `compose` adds what needs the configuration (token secrets, the payment gateway, the caches).
 */
import { SEARCH_RESULT_LIMIT } from '@wholesale/contract';
import type { Config } from './config.js';
import type { Db, DbHandle } from './db/client.js';
import { accountDocuments } from './modules/account/account.documents.js';
import { accountRepository } from './modules/account/account.repository.js';
import { accountService } from './modules/account/account.service.js';
import { authRepository } from './modules/auth/auth.repository.js';
import { authService } from './modules/auth/auth.service.js';
import { passwordLinksService } from './modules/auth/password-links.js';
import { priceBreaksService } from './modules/basket/price-breaks.service.js';
import { sharedCatalogueIndex } from './modules/products/catalogue-index.js';
import { quickOrderService } from './modules/quick-order/quick-order.service.js';
import { deliveryService } from './modules/delivery/delivery.service.js';
import { basketService } from './modules/basket/basket.service.js';
import { checkoutService } from './modules/checkout/checkout.service.js';
import { eventsService } from './modules/events/events.service.js';
import { secretBox } from './modules/events/secret-box.js';
import { webhookOperatorService, webhooksService } from './modules/events/webhooks.service.js';
import { apiKeysService } from './modules/integration/api-keys.js';
import { orderStatusService } from './modules/integration/order-status.service.js';
import { ordersOutService } from './modules/integration/orders-out.service.js';
import { upsertService } from './modules/integration/upsert.service.js';
import { invoicePaymentsService } from './modules/invoice-payments/invoice-payments.service.js';
import { ordersService } from './modules/orders/orders.service.js';
import { sandboxGateway, type PaymentGateway } from './modules/payments/gateway.js';
import { paymentsRepository } from './modules/payments/payments.repository.js';
import { productsService } from './modules/products/products.service.js';
import { settingsService } from './modules/site/settings.service.js';
import { siteRepository } from './modules/site/site.repository.js';
import { unsubscribeSigner } from './modules/mail/mail-unsubscribe.js';
import { mailPreferencesService } from './modules/mail/mail-preferences.service.js';
import { mailBaseUrl } from './modules/mail/mail-render.js';
import { passwordResetService } from './modules/auth/password-reset.js';
import { teamRepository } from './modules/team/team.repository.js';
import { teamService } from './modules/team/team.service.js';
import { approvalsService } from './modules/team/approvals.service.js';

/** What works on the database alone: the admin CLI's services and repositories. */
export function composeStore(db: Db): Store {
  const known = stores.get(db);
  if (known) return known;
  const store = buildStore(db);
  stores.set(db, store);
  return store;
}

function buildStore(db: Db) {
  const site = siteRepository(db);
  const store = {
    db,
    repositories: {
      site,
      accounts: accountRepository(db),
      users: authRepository(db),
      payments: paymentsRepository(db),
    },
    settings: settingsService(site),
    basket: basketService(db),
    account: accountService(db),
    upserts: upsertService(db),
    apiKeys: apiKeysService(db),
    orderStatus: orderStatusService(db),
    ordersOut: ordersOutService(db),
    events: eventsService(db),
    webhookOperator: webhookOperatorService(db),
  };
  return store;
}
export type Store = ReturnType<typeof buildStore>;
const stores = new WeakMap<Db, Store>();

export interface ComposeOptions {
  config: Config;
  handle: DbHandle;
  /** Replaces the sandbox as the gateway checkout and invoice payments start payments with (tests). */
  paymentGateway?: PaymentGateway | undefined;
}

/** Every service the server's routes use, built once per server (app.ts). */
export function compose({ config, handle, paymentGateway }: ComposeOptions) {
  const store = composeStore(handle.db);
  const { db } = store;
  const { settings, basket } = store;
  const box = secretBox(config.paymentSecret);
  const sandbox = sandboxGateway({ db, engine: handle.engine, config });
  const payments = paymentGateway ?? sandbox;
  const auth = authService(db, {
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
    sessionCacheMs: config.SESSION_CACHE_MS,
  });
  const teamRepositories = { team: teamRepository(db) };
  /** Team accounts: the team, and the spending limits checkout applies (an order over them waits for approval). */
  const team = teamService({
    db,
    repositories: teamRepositories,
    basket,
    box,
    baseUrl: mailBaseUrl(config),
    onUserChanged: (userId) => auth.forgetUserSessions(userId),
  });
  return {
    ...store,
    auth,
    team,
    /** Orders over a buyer's limits: approve (placing them as checkout does), decline, withdraw. */
    approvals: approvalsService({ db, repositories: teamRepositories, basket, settings }),
    /** Set-password links for users the ERP creates; setting a password ends the user's cached sessions. */
    passwordLinks: passwordLinksService(db, (userId) => auth.forgetUserSessions(userId)),
    accountDocuments: accountDocuments(store.account, settings),
    checkout: checkoutService({ db, settings, basket, payments, approvals: team.approvalPort }),
    invoicePayments: invoicePaymentsService({ db, payments }),
    orders: ordersService(db, settings, basket),
    /** Quick Order (issue 27): checks pasted lines against the same catalogue index as search. */
    quickOrder: quickOrderService(db, handle.engine, sharedCatalogueIndex(db, config.SEARCH_CACHE_ENTRIES)),
    /** The basket's next multi-buy breaks and savings (issue 27). */
    priceBreaks: priceBreaksService(db, basket),
    /** Delivery promise per line, the order cut-off and the ship choices (issue 27 item 2). */
    delivery: deliveryService(db, handle.engine, basket, settings),
    products: productsService(db, handle.engine, SEARCH_RESULT_LIMIT, {
      searchResultEntries: config.SEARCH_CACHE_ENTRIES,
      changes: config.LISTEN_FOR_CHANGES ? handle.changes : undefined,
    }),
    /** The sandbox payment provider: its hosted page and signed callback (modules/payments). */
    sandbox,
    /** Where checkout and invoice payments start card payments: the sandbox unless replaced. */
    paymentGateway: payments,
    /** Keeps webhook signing secrets encrypted at rest (events/secret-box.ts). */
    secretBox: box,
    webhooks: webhooksService(db, { box, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE }),
    /** Signs and reads the one-click unsubscribe links of optional emails (issue 34). */
    mailUnsubscribe: unsubscribeSigner(config.jwtSecret),
    /** A user's optional email categories (My Details, one-click unsubscribe). */
    mailPreferences: mailPreferencesService(db),
    /** Forgotten password: the same answer always; a one-time link by email (issue 34). */
    passwordReset: passwordResetService(db, { box, baseUrl: mailBaseUrl(config) }),
  };
}
export type Services = ReturnType<typeof compose>;
