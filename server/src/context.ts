import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { Services } from './compose.js';
import type { PdfPool } from './documents/pdf-pool.js';
import type { Lifecycle } from './lib/lifecycle.js';
import type { PortalLimits, Throttle } from './lib/throttle.js';

/** What every route module is given: each thing once, all of it built by compose.ts. */
export interface AppContext {
  config: Config;
  handle: DbHandle;
  /** Every service, built once (compose.ts); no repository: routes reach the database through services. */
  services: Services;
  /** Attempt counters for login, password change and payments (lib/throttle.ts). */
  throttle: Throttle;
  limits: PortalLimits;
  /** Draws documents in worker threads within each user's budget (documents/pdf-pool.ts). */
  pdf: PdfPool;
  /** Starting, ready or draining (lib/lifecycle.ts), for /api/health/ready. */
  lifecycle: Lifecycle;
  /** The shared Redis connection when REDIS_URL is set. */
  redis?: Redis | undefined;
}
