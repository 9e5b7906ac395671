import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment intent as the stand-in keeps it: the fields of Stripe's object the shop reads. */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'processing';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { message: string } | null;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A small local stand-in for Stripe's API (the few endpoints the shop calls), so the real `stripe`
 * client is tested end to end without the network: point it at `host`/`port` with protocol 'http'.
 * Bodies arrive form-encoded as Stripe's client sends them; a repeated Idempotency-Key answers the
 * first response, as Stripe does. Tests move an intent along with `succeed` and `decline`.
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly refunds: StandInRefund[] = [];
  readonly requests: StandInRequest[] = [];
  private readonly answered = new Map<string, { status: number; body: unknown }>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => this.send(res, 500, { error: { message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The client options that send the `stripe` package here. */
  get api(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' };
  }

  /** Stripe.js confirmed the card: the intent took its amount (or `amountReceived`). */
  succeed(id: string, amountReceived?: number): StandInIntent {
    const intent = this.mustFind(id);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: amountReceived ?? intent.amount,
      latest_charge: `ch_${token(8)}`,
      last_payment_error: null,
    });
    return intent;
  }

  /** The card was refused: the intent asks for another payment method again. */
  decline(id: string, message?: string): StandInIntent {
    const intent = this.mustFind(id);
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: message ? { message } : null });
    return intent;
  }

  creates(): StandInRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  private mustFind(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`the stand-in has no payment intent ${id}`);
    return intent;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(6)}` });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const method = req.method ?? 'GET';
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const idempotencyKey = header('idempotency-key');
    this.requests.push({ method, path, idempotencyKey, authorization: header('authorization') });

    const remembered = method === 'POST' && idempotencyKey ? this.answered.get(`${path} ${idempotencyKey}`) : undefined;
    if (remembered) return this.send(res, remembered.status, remembered.body);
    const { status, body } = this.route(method, path, form);
    if (method === 'POST' && idempotencyKey) this.answered.set(`${path} ${idempotencyKey}`, { status, body });
    this.send(res, status, body);
  }

  private route(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    const missing = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${token(12)}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${token(12)}`,
        metadata,
        automatic_payment_methods: form.has('automatic_payment_methods[enabled]')
          ? { enabled: form.get('automatic_payment_methods[enabled]') === 'true' }
          : null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
      };
      this.intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      return intent ? { status: 200, body: intent } : missing('payment_intent');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(form.get('payment_intent') ?? '');
      if (!intent) return missing('payment_intent');
      if (intent.status !== 'succeeded') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge to refund.' } },
        };
      }
      const refund: StandInRefund = {
        id: `re_${token(12)}`,
        object: 'refund',
        payment_intent: intent.id,
        amount: Number(form.get('amount') ?? intent.amount_received),
        status: 'succeeded',
      };
      this.refunds.push(refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }
}
