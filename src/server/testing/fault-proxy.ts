import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL at 127.0.0.1:5432 by default) that plays the network's
 * and the server's failures on the connections through it, for tests of what the shop does then:
 *
 * - `pass()`: bytes go through as they come (the start);
 * - `hold()`: connections are taken, but no byte goes either way until `pass()` (a network that
 *   drops packets, a server frozen);
 * - `delay(ms)`: each chunk goes through `ms` later, in order (a slow link);
 * - `cut()`: every open connection is reset at once (a failover, a restart);
 * - `refuse()`: nothing listens any more, so new connections are refused (the server down), until
 *   `pass()` listens again on the same port.
 */
export interface FaultProxy {
  readonly port: number;
  /** `url` (postgres://user@host:port/db) with its host and port pointed at the proxy. */
  urlFor(url: string): string;
  pass(): Promise<void>;
  hold(): void;
  delay(ms: number): void;
  cut(): void;
  refuse(): void;
  /** How many connections are open through the proxy now. */
  openConnections(): number;
  close(): void;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
}

export async function startFaultProxy(
  target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 },
): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let holding = false;
  let delayMs = 0;

  /** Copies `from` to `to`, each chunk after the delay in force when it came, never ahead of the one before. */
  const forward = (from: net.Socket, to: net.Socket) => {
    let lastDue = 0;
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0 && lastDue <= Date.now()) {
        to.write(chunk);
        return;
      }
      const due = Math.max(Date.now() + delayMs, lastDue);
      lastDue = due;
      setTimeout(() => to.write(chunk), due - Date.now());
    });
    from.on('end', () => to.end());
  };

  const accept = (client: net.Socket) => {
    const server = net.connect(target.port, target.host);
    const pair = { client, server };
    pairs.add(pair);
    if (holding) {
      client.pause();
      server.pause();
    }
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    forward(client, server);
    forward(server, client);
  };

  // A server of its own each time the proxy listens: a closed one keeps its connections, not its port.
  let listener: net.Server | undefined;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const server = net.createServer(accept);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        listener = server;
        resolve();
      });
    });
  const stopListening = () => {
    listener?.close();
    listener = undefined;
  };
  await listen(0);
  const port = (listener!.address() as net.AddressInfo).port;

  const cut = () => {
    for (const { client, server } of pairs) {
      client.resetAndDestroy();
      server.resetAndDestroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    async pass() {
      holding = false;
      delayMs = 0;
      for (const { client, server } of pairs) {
        client.resume();
        server.resume();
      }
      if (!listener) await listen(port);
    },
    hold() {
      holding = true;
      for (const { client, server } of pairs) {
        client.pause();
        server.pause();
      }
    },
    delay(ms) {
      delayMs = ms;
    },
    cut,
    refuse: stopListening,
    openConnections: () => pairs.size,
    close() {
      stopListening();
      cut();
    },
  };
}
