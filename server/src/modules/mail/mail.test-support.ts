/**
 * Test support: a real SMTP server over TCP (`smtp-server`, in this process) that parses what
 * arrives with `mailparser`, and a test app that sends to it.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves once `n` messages have arrived (throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(
  opts: { port?: number; onRcptTo?: SMTPServerOptions['onRcptTo']; onData?: 'accept' | 'hang-once' } = {},
): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let hung = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    ...(opts.onRcptTo ? { onRcptTo: opts.onRcptTo } : {}),
    onData(stream, _session, callback) {
      void simpleParser(stream).then((parsed) => {
        if (opts.onData === 'hang-once' && !hung) {
          // Takes the message but never answers: the sender's command timeout ends the attempt.
          hung = true;
          return;
        }
        messages.push(parsed);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} emails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const until = async (check: () => Promise<boolean>, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};
