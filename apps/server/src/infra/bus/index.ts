import { EventEmitter } from 'node:events';

export type BusHandler = (payload: unknown) => void;

/** Live events between processes: in-process by default, Redis pub/sub at scale. */
export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    async subscribe(topic, handler) {
      emitter.on(topic, handler);
      return async () => {
        emitter.off(topic, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis pub/sub: one subscriber connection, fanned out to local handlers. */
export async function redisBus(url: string, prefix = 'otklik:'): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  sub.on('message', (channel: string, message: string) => {
    try {
      local.emit(channel.slice(prefix.length), JSON.parse(message));
    } catch {
      // A malformed message from another process is dropped, never crashes this one.
    }
  });
  return {
    async publish(topic, payload) {
      await pub.publish(prefix + topic, JSON.stringify(payload));
    },
    async subscribe(topic, handler) {
      if (local.listenerCount(topic) === 0) await sub.subscribe(prefix + topic);
      local.on(topic, handler);
      return async () => {
        local.off(topic, handler);
        if (local.listenerCount(topic) === 0) await sub.unsubscribe(prefix + topic);
      };
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
