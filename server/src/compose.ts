/**
 * The composition root: every repository, service and background worker of the server is built
 * here, once, and handed to whoever uses it. Nothing else calls a repository, service or worker
 * factory over the server's database: a service receives its repositories (`Repos`, db/repos.ts:
 * over the database, over a caller's transaction, or in a new transaction) and the other services
 * it asks; a module uses another only through that module's service (or a read model it publishes).
 *
 * - `composeStore(db)`: what works on the database alone (repositories and the services that need
 *   no configuration): the admin CLI and the demo seed call these services.
 * - `compose(options)`: the whole server: adds what needs the configuration (token secrets, the
 *   payment provider with its purposes, the caches), the attempt counters, the PDF pool and the
 *   workers (webhook dispatcher, mail worker, periodic housekeeping). app.ts builds the context from
 *   it and starts and stops the workers with the server; main.ts starts the periodic runner once
 *   it listens.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { SEARCH_RESULT_LIMIT } from '@wholesale/contract';
import type { Config } from './config.js';
import { engineOf, type Db, type DbHandle } from './db/client.js';
import { reposOf } from './db/repos.js';
import { PdfPool } from './documents/pdf-pool.js';
import { keyPart, portalLimits, Throttle, type PortalLimits } from './lib/throttle.js';
import { accountDocuments } from './modules/account/account.documents.js';
import { accountRepository } from './modules/account/account.repository.js';
import { accountService } from './modules/account/account.service.js';
import { authRepository } from './modules/auth/auth.repository.js';
import { authService } from './modules/auth/auth.service.js';
import { passwordLinksService } from './modules/auth/password-links.js';
import { passwordResetService } from './modules/auth/password-reset.js';
import { basketRepository } from './modules/basket/basket.repository.js';
import { basketService } from './modules/basket/basket.service.js';
import { priceBreaksService } from './modules/basket/price-breaks.service.js';
import { checkoutRepository } from './modules/checkout/checkout.repository.js';
import { checkoutService } from './modules/checkout/checkout.service.js';
import { orderPaymentPurpose } from './modules/checkout/order-payment.js';
import { orderPlacement } from './modules/checkout/order-placement.js';
import { deliveryRepository } from './modules/delivery/delivery.repository.js';
import { deliveryService } from './modules/delivery/delivery.service.js';
import { eventsRepository } from './modules/events/events.repository.js';
import { eventsService } from './modules/events/events.service.js';
import { secretBox } from './lib/secret-box.js';
import { webhookDispatcher, type DispatcherTuning } from './modules/events/webhook-dispatcher.js';
import { webhookOperatorService, webhooksService } from './modules/events/webhooks.service.js';
import { accountsUpsertRepository } from './modules/integration/accounts-upsert.repository.js';
import { apiClientsRepository } from './modules/integration/api-clients.repository.js';
import { apiKeysService } from './modules/integration/api-keys.js';
import { catalogueUpsertRepository } from './modules/integration/catalogue-upsert.repository.js';
import { idempotencyKeys } from './modules/integration/idempotency.js';
import { idempotencyRepository } from './modules/integration/idempotency.repository.js';
import { orderStatusRepository } from './modules/integration/order-status.repository.js';
import { orderStatusService } from './modules/integration/order-status.service.js';
import { ordersOutRepository } from './modules/integration/orders-out.repository.js';
import { ordersOutService } from './modules/integration/orders-out.service.js';
import type { Repo as UpsertRepo } from './modules/integration/upsert-runner.js';
import { upsertService } from './modules/integration/upsert.service.js';
import { invoicesPaymentPurpose } from './modules/invoice-payments/invoice-payment.js';
import { invoicePaymentsRepository } from './modules/invoice-payments/invoice-payments.repository.js';
import { invoicePaymentsService } from './modules/invoice-payments/invoice-payments.service.js';
import { mailCommands } from './modules/mail/mail.admin.js';
import { mailPreferencesService } from './modules/mail/mail-preferences.service.js';
import { mailBaseUrl } from './modules/mail/mail-render.js';
import { mailSender } from './modules/mail/mail-sender.js';
import { mailTransport } from './modules/mail/mail-transport.js';
import { unsubscribeSigner } from './modules/mail/mail-unsubscribe.js';
import { mailWorker, type MailWorkerTuning } from './modules/mail/mail-worker.js';
import { mailRepository } from './modules/mail/mail.repository.js';
import { ordersRepository } from './modules/orders/orders.repository.js';
import { ordersService } from './modules/orders/orders.service.js';
import type { PaymentGateway, PaymentPurposes } from './modules/payments/gateway.js';
import { paymentsRepository } from './modules/payments/payments.repository.js';
import { sandboxGateway } from './modules/payments/sandbox.js';
import { housekeepingJobs } from './modules/periodic/housekeeping.js';
import { housekeepingRepository } from './modules/periodic/housekeeping.repository.js';
import { leaseRepository } from './modules/periodic/lease.repository.js';
import { periodic } from './modules/periodic/periodic.js';
import { pricingRepository } from './modules/pricing/pricing.repository.js';
import { sharedCatalogueIndex } from './modules/products/catalogue-index.js';
import { productsRepository, type RepositoryOptions } from './modules/products/products.repository.js';
import { productsService } from './modules/products/products.service.js';
import { quickOrderRepository } from './modules/quick-order/quick-order.repository.js';
import { quickOrderService } from './modules/quick-order/quick-order.service.js';
import { settingsService } from './modules/site/settings.service.js';
import { siteRepository } from './modules/site/site.repository.js';
import { teamRepository } from './modules/team/team.repository.js';
import { teamService } from './modules/team/team.service.js';
import { approvalsService } from './modules/team/approvals.service.js';
import { customerUsersService, type CustomerUsersDeps } from './modules/auth/customer-users.service.js';
import { backOfficeRepository } from './modules/staff/back-office.repository.js';
import { backOfficeUsersService, type LoginLock } from './modules/staff/back-office-users.service.js';
import { staffCustomersService } from './modules/staff/customers.service.js';
import { staffIntegrationService } from './modules/staff/staff-integration.service.js';
import { staffOrdersService } from './modules/staff/staff-orders.service.js';
import { staffSettingsService } from './modules/staff/staff-settings.service.js';
import { auditRepository } from './modules/staff/audit.repository.js';
import { recordStaffSetupMail } from './modules/mail/mail-outbox.js';
import { auditService } from './modules/staff/audit.service.js';
import { staffRepository } from './modules/staff/staff.repository.js';
import { staffService } from './modules/staff/staff.service.js';
import { todayRepository } from './modules/staff/today.repository.js';
import { todayService } from './modules/staff/today.service.js';
import { viewAsRepository } from './modules/staff/view-as.repository.js';
import { viewAsService } from './modules/staff/view-as.service.js';

/**
 * Every module's repositories over one database (each `Repos`: over it, a transaction, or a new one).
 * The demo seed writes its fixtures through them too (seed/run.ts).
 */
export function repositoriesOver(db: Db) {
  const engine = engineOf(db);
  const over = <R>(build: (conn: Db) => R) => reposOf(db, build);
  return {
    account: over(accountRepository),
    apiClients: over(apiClientsRepository),
    auth: over(authRepository),
    basket: over(basketRepository),
    checkout: over(checkoutRepository),
    delivery: over((conn) => deliveryRepository(conn, engine)),
    events: over(eventsRepository),
    housekeeping: over(housekeepingRepository),
    idempotency: over(idempotencyRepository),
    invoicePayments: over(invoicePaymentsRepository),
    leases: over(leaseRepository),
    mail: over(mailRepository),
    orders: over(ordersRepository),
    orderStatus: over(orderStatusRepository),
    ordersOut: over(ordersOutRepository),
    payments: over(paymentsRepository),
    pricing: over(pricingRepository),
    /**
     * The product area's statements over a connection or transaction (the seed's favourites). Built
     * on demand: the server's product search is composeProducts, with its cache settings.
     */
    products: (conn: Db) => productsRepository(conn, engine),
    quickOrder: over((conn) => quickOrderRepository(conn, engine)),
    site: over(siteRepository),
    team: over(teamRepository),
    staff: over(staffRepository),
    audit: over(auditRepository),
    today: over(todayRepository),
    viewAs: over(viewAsRepository),
    backOffice: over(backOfficeRepository),
    /**
     * What an ERP upsert reads and writes in its transaction: the integration module's repositories,
     * and the account and auth areas' own statements it needs in the same transaction.
     */
    upserts: (conn: Db): UpsertRepo => {
      const account = accountRepository(conn);
      return {
        ...catalogueUpsertRepository(conn),
        ...accountsUpsertRepository(conn),
        invoiceLinesOf: (invoiceIds) => account.invoiceLines([...invoiceIds]),
        recomputeBalances: async (accountIds) => {
          if (accountIds.length > 0) await account.settleBalances([...accountIds]);
        },
        endUserLinks: (userId, now) => authRepository(conn).endUserLinks(userId, now),
      };
    },
  };
}

/** What works on the database alone: the admin CLI's and the seed's services, and the server's base. */
export function composeStore(db: Db): Store {
  const known = stores.get(db);
  if (known) return known;
  const store = buildStore(db);
  stores.set(db, store);
  return store;
}

function buildStore(db: Db) {
  const repos = repositoriesOver(db);
  const settings = settingsService(repos.site.base);
  const basket = basketService({ baskets: repos.basket, pricing: repos.pricing });
  const orders = ordersService(repos.orders, settings, basket);
  const delivery = deliveryService(repos.delivery, basket, orders, settings);
  const account = accountService(repos.account.base);
  const events = eventsService(repos.events);
  const idempotency = idempotencyKeys(repos.idempotency.base);
  const invoicePayments = (payments: PaymentGateway) =>
    invoicePaymentsService({ repo: repos.invoicePayments.base, payments });
  const placeOrder = orderPlacement({ checkout: repos.checkout, basket });
  return {
    db,
    settings,
    basket,
    orders,
    delivery,
    account,
    events,
    idempotency,
    upserts: upsertService(db, repos.upserts),
    apiKeys: apiKeysService(repos.apiClients.base),
    orderStatus: orderStatusService(repos.orderStatus.base),
    ordersOut: ordersOutService(repos.ordersOut.base),
    webhookOperator: webhookOperatorService(repos.events.base),
    /**
     * Customer users as the supplier manages them (the CLI's look-up, disable and redirect link; the
     * seed's demo users; the server's adds links and sessions).
     */
    customerUsers: customerUsersService(repos.auth),
    /** The same, inviting by a set-password link (the CLI's create-user --invite). */
    customerUsersInviting: (links: CustomerUsersDeps['links']) => customerUsersService(repos.auth, { links }),
    /** The operator's view of the mail outbox (`admin mail list`, `mail resend`). */
    mailAdmin: mailCommands(repos.mail.base),
    /** A user's optional email categories (My Details, one-click unsubscribe). */
    mailPreferences: mailPreferencesService(repos.mail),
    /** The periodic jobs: expired tokens, old Idempotency-Keys, old outbox events (modules/periodic). */
    housekeepingJobs: (everyMs?: number, eventsEveryMs?: number) =>
      housekeepingJobs(
        {
          repo: repos.housekeeping.base,
          purgeOldEvents: (now) => events.purgeOldEvents(now),
          purgeOldIdempotencyKeys: (now) => idempotency.purgeOld(now),
        },
        everyMs,
        eventsEveryMs,
      ),
    /** Internals the server's composition builds on (not for routes). */
    internal: { repos, invoicePayments, placeOrder },
  };
}
export type Store = ReturnType<typeof buildStore>;
const stores = new WeakMap<Db, Store>();

/**
 * The staff back office's services (modules/staff): the server builds them in `compose`, the admin
 * CLI (`staff create|list|disable|enable`) with the same configuration, so both run the same rules.
 */
export function composeStaff(
  db: Db,
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'paymentSecret'
    | 'STAFF_SESSION_IDLE_MINUTES'
    | 'STAFF_SESSION_MAX_HOURS'
    | 'PUBLIC_URL'
    | 'HOST'
    | 'PORT'
  >,
) {
  const { repos } = composeStore(db).internal;
  const staffAudit = auditService(repos.audit);
  const box = secretBox(config.paymentSecret);
  const staff = staffService(repos.staff, staffAudit, box, {
    jwtSecret: config.jwtSecret,
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    maxHours: config.STAFF_SESSION_MAX_HOURS,
    publicBaseUrl: mailBaseUrl(config),
    recordSetupMail: (trx, member, link) => recordStaffSetupMail(trx, box, member, link),
  });
  return { staff, staffAudit };
}

/**
 * The customer login's lock as the login route counts it (modules/auth/auth.routes.ts): failed
 * attempts per username typed. The back office unlocks a buyer by forgetting them.
 */
function customerLoginLock(throttle: Throttle, limits: PortalLimits): LoginLock {
  return {
    isLocked: async (username) => !(await throttle.spent(limits.loginUser, keyPart(username))).ok,
    unlock: (username) => throttle.reset(limits.loginUser, keyPart(username)),
  };
}

export interface ComposeOptions {
  config: Config;
  handle: DbHandle;
  /** The shared Redis connection when REDIS_URL is set (attempt counters). */
  redis?: Redis | undefined;
  /** Where the workers log (the server's logger). */
  log: FastifyBaseLogger;
  /** Replaces the sandbox as the gateway checkout and invoice payments start payments with (tests). */
  paymentGateway?: PaymentGateway | undefined;
  /** Tests: a faster retry schedule or shorter leases for the webhook dispatcher. */
  webhookDispatcher?: DispatcherTuning | undefined;
  /** Tests: a faster retry schedule or shorter leases for the mail worker. */
  mailWorker?: MailWorkerTuning | undefined;
}

/** A background worker the server starts when ready and stops when closing (app.ts). */
export interface Worker {
  start(): void;
  stop(): Promise<void>;
}

/**
 * The sandbox payment provider over a database, with the purposes checkout and invoice payments
 * implement handed in (the payment port knows none of them).
 */
export function composeSandbox(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PAYMENT_LINK_TTL_MINUTES' | 'paymentSecret'>,
) {
  const { repos, placeOrder } = composeStore(db).internal;
  const purposes: PaymentPurposes = {
    order: orderPaymentPurpose({ checkout: repos.checkout, pricing: repos.pricing.base, placeOrder }),
    invoices: invoicesPaymentPurpose(repos.invoicePayments),
  };
  return sandboxGateway({ payments: repos.payments, engine: engineOf(db), config, purposes });
}

/** The product search and pages over a database (the server's, or a test's or bench's own). */
export function composeProducts(db: Db, options: RepositoryOptions = {}, limit = SEARCH_RESULT_LIMIT) {
  return productsService(
    {
      products: productsRepository(db, engineOf(db), options),
      pricing: pricingRepository(db),
      changes: options.changes,
    },
    limit,
  );
}

/** The whole server's object graph, built once per server (app.ts). */
export function compose(options: ComposeOptions) {
  const { config, handle, log } = options;
  const store = composeStore(handle.db);
  const { db } = store;
  const { repos } = store.internal;
  const { settings, basket, delivery } = store;
  const box = secretBox(config.paymentSecret);

  const sandbox = composeSandbox(db, config);
  const payments = options.paymentGateway ?? sandbox;
  const invoicePayments = store.internal.invoicePayments(payments);

  const auth = authService(repos.auth.base, {
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
    sessionCacheMs: config.SESSION_CACHE_MS,
  });
  /** Team accounts: the team, and the spending limits checkout applies (an order over them waits for approval). */
  const team = teamService({
    team: repos.team,
    basket,
    box,
    baseUrl: mailBaseUrl(config),
    onUserChanged: (userId) => auth.forgetUserSessions(userId),
  });
  const checkout = checkoutService({
    checkout: repos.checkout,
    placeOrder: store.internal.placeOrder,
    settings,
    basket,
    payments,
    approvals: team.approvalPort,
  });
  const mailUnsubscribe = unsubscribeSigner(config.jwtSecret);
  // Attempt counters (login, password change, payments, the integration API, the staff sign-in).
  const throttle = new Throttle(options.redis);
  const limits = portalLimits(config.LOGIN_RATE_LIMIT_PER_MINUTE, config.LOGIN_USER_LIMIT_PER_MINUTE);
  const staff = composeStaff(db, config);
  const customerUsersDeps: CustomerUsersDeps = {
    links: { box, baseUrl: mailBaseUrl(config) },
    forgetSessions: (userId) => auth.forgetUserSessions(userId),
  };
  const customerUsers = customerUsersService(repos.auth, customerUsersDeps);
  const { db: _db, internal: _internal, housekeepingJobs: _jobs, customerUsersInviting: _inviting, ...shared } = store;
  const services = {
    ...shared,
    /** The staff back office: staff users and sign-in, the audit log, Today, view as customer. */
    ...staff,
    viewAs: viewAsService({ repos: repos.viewAs, auth, staff: staff.staff, audit: staff.staffAudit }),
    staffToday: todayService(repos.today.base),
    /** Customer users as the staff back office manages them: with set-password links, ending cached sessions. */
    customerUsers,
    /**
     * The back office's customers, customer users, orders, settings and integration (staff.bind.ts).
     * Each change is written with its audit row in one transaction, so the services they change
     * through are handed over as `Repos` too: over the database, or over that transaction.
     */
    backOffice: {
      customers: staffCustomersService({
        repos: repos.backOffice,
        account: store.account,
        audit: staff.staffAudit,
      }),
      users: backOfficeUsersService({
        users: reposOf(db, (conn) => customerUsersService(reposOf(conn, authRepository), customerUsersDeps)),
        repos: repos.backOffice,
        audit: staff.staffAudit,
        lock: customerLoginLock(throttle, limits),
      }),
      orders: staffOrdersService({ repos: repos.backOffice, orderStatus: store.orderStatus, audit: staff.staffAudit }),
      settings: staffSettingsService({
        settings: reposOf(db, (conn) => settingsService(repos.site.over(conn))),
        audit: staff.staffAudit,
      }),
      integration: staffIntegrationService({
        apiKeys: reposOf(db, (conn) => apiKeysService(repos.apiClients.over(conn))),
        webhookOperator: reposOf(db, (conn) => webhookOperatorService(repos.events.over(conn))),
        audit: staff.staffAudit,
      }),
    },
    auth,
    team,
    /** Orders over a buyer's limits: approve (placing them as checkout does), decline, withdraw. */
    approvals: approvalsService({ team: repos.team, basket, settings, checkout }),
    /** Set-password links for users the ERP creates; setting a password ends the user's cached sessions. */
    passwordLinks: passwordLinksService(repos.auth, (userId) => auth.forgetUserSessions(userId)),
    accountDocuments: accountDocuments(store.account, settings),
    checkout,
    invoicePayments,
    /** Checks pasted lines against the same catalogue index as search. */
    quickOrder: quickOrderService({
      quickOrder: repos.quickOrder,
      pricing: repos.pricing.base,
      index: sharedCatalogueIndex(db, config.SEARCH_CACHE_ENTRIES),
      basket,
      delivery,
    }),
    /** The basket's next multi-buy breaks and savings. */
    priceBreaks: priceBreaksService(basket),
    products: composeProducts(db, {
      searchResultEntries: config.SEARCH_CACHE_ENTRIES,
      changes: config.LISTEN_FOR_CHANGES ? handle.changes : undefined,
    }),
    /** The sandbox payment provider: its hosted page and signed callback (modules/payments). */
    sandbox,
    /** Where checkout and invoice payments start card payments: the sandbox unless replaced. */
    paymentGateway: payments,
    /** Keeps webhook signing secrets encrypted at rest (lib/secret-box.ts). */
    secretBox: box,
    webhooks: webhooksService(repos.events, { box, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE }),
    /** Signs and reads the one-click unsubscribe links of optional emails. */
    mailUnsubscribe,
    /** Forgotten password: the same answer always; a one-time link by email. */
    passwordReset: passwordResetService(repos.auth, { box, baseUrl: mailBaseUrl(config) }),
  };

  // The PDF pool, sharing the attempt counters.
  const pdf = new PdfPool(
    {
      threads: config.PDF_RENDER_THREADS,
      queue: config.PDF_RENDER_QUEUE,
      perUserConcurrent: config.PDF_USER_CONCURRENT,
      perUserPerMinute: config.PDF_USER_PER_MINUTE,
    },
    throttle,
  );

  // Background workers, each from ready to close, each switchable off by its setting.
  const workers: Worker[] = [];
  if (config.WEBHOOK_DELIVERY)
    workers.push(
      webhookDispatcher(repos.events, {
        box,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
        pollMs: config.WEBHOOK_POLL_MS,
        log,
        ...options.webhookDispatcher,
      }),
    );
  if (config.MAIL_DELIVERY) {
    const transport = mailTransport({
      smtpUrl: config.SMTP_URL,
      dataDir: config.DATA_DIR,
      timeoutMs: config.MAIL_TIMEOUT_MS,
      log,
    });
    const worker = mailWorker(repos.mail.base, {
      transport,
      render: {
        settings,
        delivery,
        baseUrl: mailBaseUrl(config),
        unsubscribe: mailUnsubscribe,
        box,
        paymentInvoices: (paymentId) => invoicePayments.paymentInvoices(paymentId),
      },
      from: () => mailSender(config, settings),
      pollMs: config.MAIL_POLL_MS,
      // Connection, greeting and a few commands, each bounded by MAIL_TIMEOUT_MS, with room to spare.
      leaseMs: config.MAIL_TIMEOUT_MS * 6 + 10_000,
      log,
      ...options.mailWorker,
    });
    log.info(`email: ${transport.describe}`);
    workers.push({
      start: () => worker.start(),
      stop: async () => {
        await worker.stop();
        transport.close();
      },
    });
  }

  return {
    services,
    throttle,
    limits,
    pdf,
    workers,
    /** Periodic work, once per tick across all servers (a lease each); main.ts runs it. */
    periodic: periodic(repos.leases.base, store.housekeepingJobs(), {
      log: (msg, err) => log.warn({ err }, msg),
    }),
  };
}
export type Composed = ReturnType<typeof compose>;
export type Services = Composed['services'];
