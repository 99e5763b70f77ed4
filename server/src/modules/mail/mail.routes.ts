/**
 * Email (issue 34): runs this server's mail worker from ready to close unless MAIL_DELIVERY=false.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { mailSender } from './mail-sender.js';
import { mailTransport } from './mail-transport.js';
import { mailWorker, type MailWorkerTuning } from './mail-worker.js';
import { mailBaseUrl } from './mail-render.js';

export const mailRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, handle, services } = ctx;
  if (!config.MAIL_DELIVERY) return;
  const transport = mailTransport({
    smtpUrl: config.SMTP_URL,
    dataDir: config.DATA_DIR,
    timeoutMs: config.MAIL_TIMEOUT_MS,
    log: app.log,
  });
  const worker = mailWorker(handle.db, {
    transport,
    render: {
      settings: services.settings,
      delivery: services.delivery,
      baseUrl: mailBaseUrl(config),
      unsubscribe: services.mailUnsubscribe,
      box: services.secretBox,
    },
    from: () => mailSender(config, services.settings),
    pollMs: config.MAIL_POLL_MS,
    // Connection, greeting and a few commands, each bounded by MAIL_TIMEOUT_MS, with room to spare.
    leaseMs: config.MAIL_TIMEOUT_MS * 6 + 10_000,
    log: app.log,
    ...(ctx.mailWorker as MailWorkerTuning | undefined),
  });
  app.log.info(`email: ${transport.describe}`);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
};
