/**
 * Documents are drawn off the event loop: pdfkit on the main thread held every other customer's
 * request for as long as a 300-line order's summary took (bench/pdf-starvation.ts). A piscina pool
 * of PDF_RENDER_THREADS worker threads (pdf-worker.ts) draws them, with at most PDF_RENDER_QUEUE
 * waiting (beyond: 503 with Retry-After); each user may have PDF_USER_CONCURRENT
 * renders in flight and PDF_USER_PER_MINUTE a minute (beyond: 429 with Retry-After).
 *
 *   const pdf = await ctx.pdf.forUser(req.auth.userId, (render) => service.orderStatement(..., render));
 *
 * The caller reads its data from the database in the main thread and hands `render` plain data.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { SERVER_MSG } from '@wholesale/contract';
import { HttpError } from '../lib/http-errors.js';
import type { Limit, Throttle } from '../lib/throttle.js';
import type { SummaryDocument } from './summary-pdf.js';

const tooManyDocuments = (retryAfterSeconds: number) =>
  new HttpError(429, SERVER_MSG.tooManyDocuments, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

/** How much lower the workers' CPU priority is than the event loop's (0-19). */
const WORKER_NICE = 10;

export type RenderPdf = (doc: SummaryDocument) => Promise<Buffer>;

export interface PdfPoolOptions {
  threads: number;
  queue: number;
  perUserConcurrent: number;
  perUserPerMinute: number;
}

/**
 * The worker's file: pdf-worker.js beside this module in the build (dist/, next to main.js), else
 * the TypeScript source (tsx, tests), loaded through tsx's loader in the worker.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const built = new URL('./pdf-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(built))) return { filename: built.href, execArgv: [] };
  return { filename: new URL('./pdf-worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] };
}

export class PdfPool {
  private pool: Piscina | undefined;
  private inFlight = new Map<number, number>();
  private readonly limit: Limit;

  constructor(
    private readonly opts: PdfPoolOptions,
    private readonly throttle: Throttle,
  ) {
    this.limit = { name: 'pdf-user', points: opts.perUserPerMinute, seconds: 60 };
  }

  /** Started on the first document, so processes (and tests) that draw none spawn no thread. */
  private piscina(): Piscina {
    if (!this.pool) {
      const { filename, execArgv } = workerFile();
      this.pool = new Piscina({
        filename,
        execArgv,
        minThreads: this.opts.threads,
        maxThreads: this.opts.threads,
        maxQueue: this.opts.queue,
        idleTimeout: 60_000,
        // Below the event loop's priority (Linux: per thread, via @napi-rs/nice): on a busy machine
        // the scheduler serves everyone's requests before a document.
        niceIncrement: WORKER_NICE,
      });
    }
    return this.pool;
  }

  private render: RenderPdf = async (doc) => {
    let out: Uint8Array;
    try {
      out = (await this.piscina().run(doc)) as Uint8Array;
    } catch (err) {
      // piscina refuses beyond maxQueue ('Task queue is at limit'; with 0, 'No task queue available').
      if (err instanceof Error && /queue is at limit|no task queue available/i.test(err.message))
        throw new HttpError(503, SERVER_MSG.busy, { 'retry-after': '1' });
      throw err;
    }
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  };

  /** Runs `work` with the renderer within the user's budget: 429 when it is spent. */
  async forUser<T>(userId: number, work: (render: RenderPdf) => Promise<T>): Promise<T> {
    const running = this.inFlight.get(userId) ?? 0;
    if (running >= this.opts.perUserConcurrent) throw tooManyDocuments(1);
    this.inFlight.set(userId, running + 1);
    try {
      const verdict = await this.throttle.consume([this.limit, String(userId)]);
      if (!verdict.ok) throw tooManyDocuments(verdict.retryAfterSeconds);
      return await work(this.render);
    } finally {
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    }
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
