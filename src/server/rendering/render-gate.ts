/**
 * Who may start a server render of a page, and when (docs/decisions/0013-server-rendering.md).
 *
 * A render holds the event loop for milliseconds to tens of milliseconds, so the server bounds them:
 * at most `concurrent` at once on a node, and at most `perClientPerMinute` started on behalf of one
 * client (a bucket that refills evenly over the minute, so a visitor paging through the catalogue
 * never notices it). A client is what the rate limits count (`clientKey`: an IPv6 /64 is one, an
 * IPv4 address written as IPv6 is that IPv4 address). A page refused a render is answered with the
 * app's shell, which the browser renders itself: the same page, a little later on screen. Renders
 * answered from the page cache, or shared with an identical render already running, count against
 * nothing.
 */
export interface RenderLimits {
  /** Renders running at once on this node. */
  concurrent: number;
  /** Renders one client may start in a minute (the bucket's size; it refills over a minute). */
  perClientPerMinute: number;
  /** Clients remembered at once; the least recently seen is forgotten first. */
  trackedClients: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = { concurrent: 2, perClientPerMinute: 30, trackedClients: 10_000 };

export type RenderAdmission = 'admitted' | 'busy' | 'client_budget';

interface Bucket {
  tokens: number;
  at: number;
}

export class RenderGate {
  private running = 0;
  private mostAtOnce = 0;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS,
    /** Milliseconds from any fixed point; the app's clock in tests. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Renders running now. */
  get inFlight(): number {
    return this.running;
  }

  /** The most renders that have run at once (for tests and the benchmark). */
  get peak(): number {
    return this.mostAtOnce;
  }

  /**
   * Asks to start a render for `client`. When admitted, the caller must call `finish()` once it is done.
   * A refusal takes nothing from the client's budget.
   */
  admit(client: string): RenderAdmission {
    const bucket = this.bucketOf(client);
    if (bucket.tokens < 1) return 'client_budget';
    if (this.running >= this.limits.concurrent) return 'busy';
    bucket.tokens -= 1;
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    return 'admitted';
  }

  finish(): void {
    this.running = Math.max(0, this.running - 1);
  }

  private bucketOf(client: string): Bucket {
    const now = this.now();
    const size = this.limits.perClientPerMinute;
    const known = this.buckets.get(client);
    if (known) this.buckets.delete(client); // re-inserted below: the map's order is least recently seen first
    const bucket = known
      ? { tokens: Math.min(size, known.tokens + (Math.max(0, now - known.at) * size) / 60_000), at: now }
      : { tokens: size, at: now };
    this.buckets.set(client, bucket);
    while (this.buckets.size > this.limits.trackedClients) {
      const oldest = this.buckets.keys().next();
      if (oldest.done) break;
      this.buckets.delete(oldest.value);
    }
    return bucket;
  }
}
