// The optional Redis connection (REDIS_URL), shared by the rate limiter and
// anything else that must be consistent across instances.
import { createClient } from 'redis';

const newClient = (url: string) => createClient({ url });

export type RedisClient = ReturnType<typeof newClient>;

export async function openRedis(url: string): Promise<RedisClient> {
  const client = newClient(url);
  await client.connect();
  return client;
}
