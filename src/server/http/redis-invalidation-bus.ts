import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Log } from '../log';
import type { RedisBreaker } from '../redis';
import type { InvalidationBus } from './cache';

/**
 * The response cache's invalidations over Redis pub/sub: `publish` sends this node's id on the
 * channel, every other node drops its cached answers. A node ignores its own messages (it has already
 * dropped its answers). Pub/sub keeps nothing for a node that is not listening, so after the
 * subscriber reconnects every listener is called once, as if a write had happened meanwhile. Publishing
 * goes through the commands connection's breaker: while it is open nothing is published (other nodes
 * catch up within the cache TTL), and when it closes again the listeners are called once too, since
 * what others published while Redis hung may be lost.
 *
 * `subscriber` must be a connection of its own: a subscribed connection can do nothing else.
 */
export async function redisInvalidationBus(
  { publisher, subscriber, channel, breaker }: { publisher: Redis; subscriber: Redis; channel: string; breaker: RedisBreaker },
  log: Log,
): Promise<InvalidationBus> {
  const nodeId = randomUUID();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  subscriber.on('message', (from: string, message: string) => {
    if (from === channel && message !== nodeId) notify();
  });
  let connectedBefore = subscriber.status === 'ready';
  subscriber.on('ready', () => {
    // ioredis subscribes again by itself; what was published meanwhile is lost, so drop everything.
    if (connectedBefore) notify();
    connectedBefore = true;
  });
  breaker.onStateChange((state) => {
    if (state === 'closed') notify();
  });
  const subscribed = subscriber.subscribe(channel).catch((error: unknown) => {
    log.warn(
      { err: error, channel },
      'could not subscribe to cache invalidations; other nodes’ writes show within the cache TTL',
    );
  });
  // Wait for the subscription when Redis is there, so a write right after start reaches this node.
  if (subscriber.status === 'ready') await subscribed;

  return {
    publish() {
      breaker
        .run(() => publisher.publish(channel, nodeId))
        .catch((error: unknown) => {
          // The outage itself is logged by the breaker; other nodes catch up within the TTL.
          log.debug({ err: error, channel }, 'cache invalidation not published');
        });
    },
    subscribe(listener) {
      listeners.add(listener);
    },
  };
}
