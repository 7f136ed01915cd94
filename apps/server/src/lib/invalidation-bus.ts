import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Tells every server instance that cached data changed. In one process it is an event emitter;
 * with REDIS_URL it also publishes over Redis so other instances drop their copies at once.
 */
export interface InvalidationBus {
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, listener: (key: string) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'arcadia:invalidate';

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  return {
    publish: async (topic, key) => {
      emitter.emit(topic, key);
    },
    subscribe: (topic, listener) => {
      emitter.on(topic, listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function createRedisBus(url: string): Promise<InvalidationBus> {
  const local = createLocalBus();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL);
  sub.on('message', (_channel: string, message: string) => {
    const { topic, key } = JSON.parse(message) as { topic: string; key: string };
    void local.publish(topic, key);
  });
  return {
    // The local listeners hear their own message back through Redis; invalidating twice is harmless.
    publish: async (topic, key) => {
      await local.publish(topic, key);
      await pub.publish(CHANNEL, JSON.stringify({ topic, key }));
    },
    subscribe: local.subscribe,
    close: async () => {
      await local.close();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
