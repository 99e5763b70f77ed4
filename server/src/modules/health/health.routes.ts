import type { FastifyPluginAsync } from 'fastify';
import { endpoints, type ReadyResponse } from '@wholesale/contract';
import { ping } from '../../db/client.js';
import { pendingMigrations } from '../../db/migrate.js';
import type { AppContext } from '../../context.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import { route } from '../../plugins/routes.js';

/** Each dependency check of `/health/ready` gives up after this (a hung database, a silent Redis). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const up = (p: Promise<unknown>) =>
  within(p, READY_CHECK_TIMEOUT_MS).then(
    () => 'up' as const,
    () => 'down' as const,
  );

/**
 * `/api/health/ready`: send it traffic (a load balancer's check): 503 while starting or draining
 * (SIGTERM) and while the database, its migrations, Redis (when configured) or the change feed
 * (PostgreSQL LISTEN, when enabled) are not there. Registered by hand: a probe of the process's own
 * state, not a service, whose 503 carries Retry-After (and `Connection: close` while draining),
 * which a binding (one success status) does not send. `/api/health/live` is bound
 * (health.bind.ts); `/api/health` (site.routes.ts) stays the plain database check.
 */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Migrations never un-run: once current, a server need not read the table again.
  let migrationsCurrent = false;

  route(app, endpoints.getReadiness, async (_req, reply) => {
    const { handle, config, redis, lifecycle } = ctx;
    const feed = config.LISTEN_FOR_CHANGES && handle.engine === 'postgres' ? handle.changes : undefined;
    const [database, migrations, redisUp] = await Promise.all([
      up(ping(handle.db)),
      migrationsCurrent
        ? ('up' as const)
        : within(pendingMigrations(handle), READY_CHECK_TIMEOUT_MS).then(
            (pending) => (pending.length ? ('down' as const) : ('up' as const)),
            () => 'down' as const,
          ),
      redis ? up(redis.ping()) : ('off' as const),
    ]);
    if (migrations === 'up') migrationsCurrent = true;
    const checks: ReadyResponse['checks'] = {
      database,
      migrations,
      redis: redisUp,
      changeFeed: feed ? (feed.live ? 'up' : 'down') : 'off',
    };
    const healthy = Object.values(checks).every((c) => c !== 'down');
    const state = lifecycle.state;
    const status = state !== 'ready' ? state : healthy ? ('ready' as const) : ('unavailable' as const);
    reply.header('cache-control', 'no-store');
    if (status === 'ready') return { status, checks };
    // Draining: tell the client (nginx) not to keep this connection for another request.
    if (state === 'draining') reply.header('connection', 'close');
    return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ status, checks });
  });
};
