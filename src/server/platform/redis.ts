import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The node's connections to Redis (REDIS_URL), for what several nodes share there: socket.io's
 * pushes (`pub`/`sub`, the Redis adapter) and the rate limits (`limits`). Each is a connection
 * of its own, as Redis wants of a subscriber. While Redis is away ioredis reconnects by itself;
 * a limit it cannot count is skipped and a push it cannot publish reaches this node's consoles
 * only (logged), so the console keeps serving.
 */
export interface RedisLinks {
  /** REDIS_PREFIX: the start of this deployment's keys and channels. */
  prefix: string;
  limits: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLinks> {
  // A request waits for Redis at most one retry: the rate limit's advice (its README), so a login
  // never hangs on a Redis that is down.
  const limits = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, connectionName: 'tyre-limits' });
  const pub = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, connectionName: 'tyre-pub' });
  const sub = new Redis(url, { connectTimeout: 2_000, connectionName: 'tyre-sub' });
  const links = { limits, pub, sub };
  for (const [name, client] of Object.entries(links)) {
    client.on('error', (err: Error) => log.warn({ err: err.message, redis: name }, 'redis connection error; reconnecting'));
  }
  // The adapter publishes without waiting for the answer: a failed publish must not become an
  // unhandled rejection (which would end the process).
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string, message: string | Buffer) => publish(channel, message).catch((err: Error) => {
    log.warn({ err: err.message }, 'socket.io push not published to the other nodes');
    return 0;
  })) as unknown as Redis['publish'];
  // Answering before listening: a node that cannot reach Redis at start does not start.
  await Promise.all([limits.ping(), pub.ping(), sub.ping()]);
  return {
    ...links, prefix,
    async close() {
      // A link that cannot say goodbye (Redis already gone) is cut instead: closing must not fail.
      await Promise.all(Object.values(links).map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
