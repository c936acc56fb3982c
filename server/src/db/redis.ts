// The optional Redis connection (REDIS_URL), shared by the rate limiter and
// anything else that must be consistent across instances. The client library
// (about 12 MB resident) is loaded only when REDIS_URL is set.
import type { createClient } from 'redis';

const newClient = (redis: { createClient: typeof createClient }, url: string) =>
  redis.createClient({ url });

export type RedisClient = ReturnType<typeof newClient>;

export async function openRedis(url: string): Promise<RedisClient> {
  const client = newClient(await import('redis'), url);
  await client.connect();
  return client;
}
