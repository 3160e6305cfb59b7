import { describe, expect, it } from 'vitest';
import { openStompConnection, type StompClientLike, type StompSetup } from './live-connection';

/** Stands in for @stomp/stompjs's Client: the test connects and drops it and delivers frames. */
function fakeClient() {
  const fake = {
    setup: null as StompSetup | null,
    connected: false,
    activations: 0,
    deactivations: 0,
    subscriptions: [] as {
      destination: string;
      callback: (m: { body: string }) => void;
      headers: Record<string, string>;
      active: boolean;
    }[],
    receipts: new Map<string, () => void>(),
    make(setup: StompSetup): StompClientLike {
      fake.setup = setup;
      return {
        get connected() {
          return fake.connected;
        },
        activate: () => {
          fake.activations += 1;
        },
        deactivate: () => {
          fake.deactivations += 1;
          fake.connected = false;
        },
        subscribe: (destination, callback, headers = {}) => {
          const sub = { destination, callback, headers, active: true };
          fake.subscriptions.push(sub);
          return {
            unsubscribe: () => {
              sub.active = false;
            },
          };
        },
        watchForReceipt: (receiptId, callback) => {
          fake.receipts.set(receiptId, callback);
        },
      };
    },
    connect() {
      fake.connected = true;
      fake.setup?.onConnect();
    },
    drop() {
      fake.connected = false;
      for (const s of fake.subscriptions) s.active = false;
      fake.receipts.clear();
    },
    /** The server's RECEIPT for every subscription frame sent so far on this connection. */
    confirm() {
      const waiting = [...fake.receipts.values()];
      fake.receipts.clear();
      for (const callback of waiting) callback();
    },
    deliver(destination: string, body: string) {
      for (const s of fake.subscriptions) if (s.active && s.destination === destination) s.callback({ body });
    },
    active: () => fake.subscriptions.filter((s) => s.active).map((s) => s.destination),
  };
  return fake;
}

describe('live connection (STOMP over SockJS, spec §7)', () => {
  it('connects at once with the current token, heartbeats of 10 s and a reconnect every 5 s', () => {
    const fake = fakeClient();
    let token: string | null = 'first';
    openStompConnection(() => token, fake.make);
    expect(fake.activations).toBe(1);
    expect(fake.setup).toMatchObject({ reconnectDelay: 5000, heartbeatIncoming: 10_000, heartbeatOutgoing: 10_000 });
    expect(fake.setup?.headers()).toEqual({ Authorization: 'Bearer first' });
    // A reconnect reads the token again.
    token = 'second';
    expect(fake.setup?.headers()).toEqual({ Authorization: 'Bearer second' });
    token = null;
    expect(fake.setup?.headers()).toEqual({});
  });

  it('subscribes topics asked for before the connection on connect, and again after every reconnect', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    const got: unknown[] = [];
    live.subscribe('/topic/a', (body) => got.push(body));
    expect(fake.active()).toEqual([]);
    fake.connect();
    expect(fake.active()).toEqual(['/topic/a']);
    fake.deliver('/topic/a', '{"content":"привет"}');
    fake.drop();
    fake.connect();
    expect(fake.active()).toEqual(['/topic/a']);
    fake.deliver('/topic/a', '{"content":"снова"}');
    expect(got).toEqual([{ content: 'привет' }, { content: 'снова' }]);
  });

  it('subscribes at once when connected, and unsubscribes for good', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    fake.connect();
    const got: unknown[] = [];
    const stop = live.subscribe('/topic/b', (body) => got.push(body));
    expect(fake.active()).toEqual(['/topic/b']);
    stop();
    expect(fake.active()).toEqual([]);
    fake.drop();
    fake.connect();
    expect(fake.active()).toEqual([]);
    expect(got).toEqual([]);
  });

  it('tells a listener each time the server has confirmed its subscription, after every reconnect', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    let ready = 0;
    live.subscribe(
      '/topic/e',
      () => {},
      () => ready++,
    );
    live.subscribe('/topic/f', () => {});
    fake.connect();
    // Only the listener that asked for it has its SUBSCRIBE frame carry a receipt.
    const [withReceipt, without] = fake.subscriptions;
    expect(withReceipt?.headers.receipt).toMatch(/\S/);
    expect(without?.headers).toEqual({});
    // Not before the RECEIPT: until then the server may not have the subscription.
    expect(ready).toBe(0);
    fake.confirm();
    expect(ready).toBe(1);
    fake.drop();
    fake.connect();
    expect(ready).toBe(1);
    fake.confirm();
    expect(ready).toBe(2);
    // Each reconnect's frame has its own receipt.
    const receipts = fake.subscriptions.filter((s) => s.destination === '/topic/e').map((s) => s.headers.receipt);
    expect(new Set(receipts).size).toBe(2);
  });

  it('does not tell a listener that has stopped, even when its RECEIPT comes after', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    let ready = 0;
    fake.connect();
    const stop = live.subscribe(
      '/topic/g',
      () => {},
      () => ready++,
    );
    stop();
    fake.confirm();
    expect(ready).toBe(0);
  });

  it('drops a body that is not JSON', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    const got: unknown[] = [];
    live.subscribe('/topic/c', (body) => got.push(body));
    fake.connect();
    fake.deliver('/topic/c', 'not json');
    fake.deliver('/topic/c', '{"ok":true}');
    expect(got).toEqual([{ ok: true }]);
  });

  it('close stops the client and forgets the topics', () => {
    const fake = fakeClient();
    const live = openStompConnection(() => 't', fake.make);
    live.subscribe('/topic/d', () => {});
    live.close();
    expect(fake.deactivations).toBe(1);
    fake.connect();
    expect(fake.active()).toEqual([]);
  });
});
