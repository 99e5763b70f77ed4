import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { SettingsService } from './modules/site/settings.service.js';
import type { PortalLimits, Throttle } from './lib/throttle.js';
import type { PdfPool } from './documents/pdf-pool.js';
import type { Lifecycle } from './lib/lifecycle.js';
import type { Redis } from 'ioredis';
import type { DispatcherTuning } from './modules/events/webhook-dispatcher.js';
import type { Services } from './compose.js';
import type { MailWorkerTuning } from './modules/mail/mail-worker.js';

/** What every route module is given: the database, the configuration and shared services. */
export interface AppContext {
  config: Config;
  handle: DbHandle;
  /** Every repository and service, built once (compose.ts). */
  services: Services;
  auth: AuthService;
  settings: SettingsService;
  /** Attempt counters for login, password change and payments (lib/throttle.ts). */
  throttle: Throttle;
  limits: PortalLimits;
  /** Draws documents in worker threads within each user's budget (documents/pdf-pool.ts). */
  pdf: PdfPool;
  /** Starting, ready or draining (lib/lifecycle.ts), for /api/health/ready. */
  lifecycle: Lifecycle;
  /** The shared Redis connection when REDIS_URL is set. */
  redis?: Redis | undefined;
  /** Tests: a faster retry schedule or shorter leases for the webhook dispatcher than the defaults. */
  webhookDispatcher?: DispatcherTuning | undefined;
  /** Tests: a faster retry schedule or shorter leases for the mail worker (modules/mail/). */
  mailWorker?: MailWorkerTuning | undefined;
}
