/**
 * A mixed load of signed-in customers for the cluster test and bench/cluster.ts: each customer
 * searches, edits its basket, checks out now and then, and lists its invoices, one request after
 * another, through nginx. Every request is recorded with the phase it ran in (steady, rolling
 * restart, kill), so failures can be told apart by what the cluster was doing.
 */
import { pathOf, requestOf, routes } from '@wholesale/contract';

export type Phase = 'steady' | 'rolling' | 'kill' | 'after';

export interface RequestRecord {
  /** The phase it started in, or the one it ended in when that was a disruption (rolling, kill). */
  phase: Phase;
  method: string;
  path: string;
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  error?: string;
  ms: number;
}

export interface Submitted {
  reference: string;
  orderNumber: string;
  username: string;
}

export interface Customer {
  username: string;
  token: string;
}

const WORDS = ['white', 'blind', 'roller', 'black', 'chain', 'oak', 'grey', 'track'];

/** A failure as the cluster test counts it: no answer, or a 5xx (a 4xx is a business answer). */
export const isFailure = (r: RequestRecord) => r.status === 0 || r.status >= 500;

export class Load {
  phase: Phase = 'steady';
  readonly records: RequestRecord[] = [];
  readonly submitted: Submitted[] = [];
  /** Requests sent and not yet answered, just now. */
  inFlight = 0;
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    private base: string,
    private referencePrefix: string,
  ) {}

  async login(username: string, password: string): Promise<Customer> {
    const res = await fetch(`${this.base}${pathOf(routes.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return { username, token: ((await res.json()) as { accessToken: string }).accessToken };
  }

  /** One request (`requestOf(routes.x)`), recorded; the body parsed as JSON when it is. */
  async call<T = unknown>(
    c: Customer,
    { method, url: path }: { method: string; url: string },
    body?: unknown,
  ): Promise<{ status: number; json?: T }> {
    const startPhase = this.phase;
    // A request that started before a disruption and ended in it belongs to the disruption.
    const phaseNow = () => (this.phase === 'rolling' || this.phase === 'kill' ? this.phase : startPhase);
    const started = performance.now();
    this.inFlight += 1;
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${c.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      this.records.push({ phase: phaseNow(), method, path, status: res.status, ms: performance.now() - started });
      let json: T | undefined;
      try {
        json = JSON.parse(text) as T;
      } catch {
        json = undefined;
      }
      return { status: res.status, json };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      this.records.push({
        phase: phaseNow(),
        method,
        path,
        status: 0,
        error: cause?.code ?? (err as Error).message,
        ms: performance.now() - started,
      });
      return { status: 0 };
    } finally {
      this.inFlight -= 1;
    }
  }

  /** One customer's round: search, add to the basket, look at it, every third round check out, invoices. */
  private async loop(c: Customer, index: number) {
    let round = 0;
    while (!this.stopped) {
      round += 1;
      const word = WORDS[(index + round) % WORDS.length];
      const found = await this.call<{ itemNumber: string }[]>(c, {
        method: routes.searchProducts.method,
        url: `${pathOf(routes.searchProducts)}?searchValue=${word}&isSearching=true`,
      });
      const item = Array.isArray(found.json) ? found.json[round % Math.max(1, found.json.length)] : undefined;
      if (item)
        await this.call(c, requestOf(routes.addBasketLine), { itemNumber: item.itemNumber, quantity: 1 + (round % 4) });
      await this.call(c, requestOf(routes.getBasket));
      if (round % 3 === 0) await this.checkout(c, `${index}-${round}`);
      else await this.call(c, requestOf(routes.getInvoices));
    }
  }

  private async checkout(c: Customer, id: string) {
    const reference = `${this.referencePrefix}${id}`;
    const header = await this.call(c, requestOf(routes.submitBasketHeader), {
      externalDocNo: reference,
      deliveryCode: 'INVOICE',
    });
    if (header.status !== 200) return;
    const basket = await this.call<{ revision: number; basketLines: unknown[] }>(c, requestOf(routes.getBasket));
    const amount = await this.call<{ totalAmount: number }>(c, requestOf(routes.getBasketAmount));
    if (!basket.json?.basketLines?.length || amount.json?.totalAmount === undefined) return;
    const placed = await this.call<{ orderNumber: string }>(
      c,
      requestOf(routes.submitBasket, { id: basket.json.revision }),
      { amount: amount.json.totalAmount },
    );
    if (placed.status === 200 && placed.json?.orderNumber)
      this.submitted.push({ reference, orderNumber: placed.json.orderNumber, username: c.username });
  }

  start(customers: Customer[]) {
    this.loops = customers.map((c, i) => this.loop(c, i));
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}
