/**
 * Where email goes (README, Configuration): an SMTP server through nodemailer when SMTP_URL is set
 * (`smtp://` or `smtps://`, credentials in the URL), else an `.eml` file per email under
 * DATA_DIR/mail/ with its path logged, so that a fresh `npm start` shows every email it would send.
 *
 * SMTP attempts are bounded: connecting, the server's greeting and each command's answer must come
 * within MAIL_TIMEOUT_MS, so a server that hangs fails the attempt (retried later) instead of holding
 * the worker.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** The full Message-ID header, `<id@domain>`: the same on every attempt. */
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** RFC 8058 one-click unsubscribe (optional emails). */
  unsubscribeUrl?: string;
  /** A name for the .eml file (the email's kind and row id). */
  fileTag: string;
}

export interface MailTransport {
  /** Sends one email; throws on failure (the worker decides whether to retry: `isPermanent`). */
  send(mail: OutgoingMail): Promise<{ detail: string }>;
  close(): void;
  readonly describe: string;
}

export interface TransportOptions {
  smtpUrl: string | undefined;
  dataDir: string;
  timeoutMs: number;
  log?: { info(obj: object, msg: string): void };
}

function message(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    // nodemailer writes List-Unsubscribe; RFC 8058 adds List-Unsubscribe-Post for one click.
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

export function mailTransport(opts: TransportOptions): MailTransport {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const smtp = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: opts.timeoutMs,
      greetingTimeout: opts.timeoutMs,
      socketTimeout: opts.timeoutMs,
      // STARTTLS when the server offers it on smtp://; smtps:// is TLS from the start.
    });
    return {
      describe: `SMTP ${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        const info = await smtp.sendMail(message(mail));
        const rejected = (info.rejected ?? []).map(String);
        return { detail: rejected.length ? `refused for ${rejected.join(', ')}: ${info.response}` : info.response };
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    describe: `.eml files in ${dir}`,
    async send(mail) {
      const info = await files.sendMail(message(mail));
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${mail.fileTag}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log?.info({ file, to: mail.to, subject: mail.subject }, 'email written');
      return { detail: `written to ${file}` };
    },
    close: () => undefined,
  };
}

/**
 * Whether a failed attempt will never succeed as it is: the server refused it with a 5xx (a bad
 * address, a mailbox that does not exist, a message it will not take). Everything else (no
 * connection, a timeout, a 4xx "try later") is worth retrying.
 */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server's answer (or the error) for the record, on one line. */
export function describeError(err: unknown): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown } | null;
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${code}${text}`.replace(/\s+/g, ' ').slice(0, 500);
}
