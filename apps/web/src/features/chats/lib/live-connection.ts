import { LIVE_ENDPOINT } from '@otklik/contract';
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';
import SockJS from 'sockjs-client/dist/sockjs.min.js';
import { getSession } from '@/shared/api/session';

/** What the chats screen needs of the live channel (spec §7 "Chat monitoring"); tests pass a fake. */
export interface LiveConnection {
  /**
   * Listens to a topic from now until the returned function is called. The subscription outlives
   * reconnects: it is made again each time the connection comes back. Bodies arrive parsed from
   * JSON; a body that is not JSON is dropped.
   *
   * `onReady` runs each time the server has confirmed the subscription (its RECEIPT): on the first
   * connect and after every reconnect. What was published before that moment never reaches this
   * listener, so a screen reloads there what it shows (a message sent while the page was opening
   * or the connection was down would be lost otherwise).
   */
  subscribe(topic: string, onMessage: (body: unknown) => void, onReady?: () => void): () => void;
  /** Stops for good: no more reconnects. */
  close(): void;
}

export type OpenLiveConnection = () => LiveConnection;

/** Spec §8: a failed or dropped connection is tried again after 5 seconds. */
export const LIVE_RECONNECT_DELAY_MS = 5000;
export const LIVE_HEARTBEAT_MS = 10_000;

/** The part of @stomp/stompjs's Client the connection uses; a seam for the unit test. */
export interface StompClientLike {
  readonly connected: boolean;
  activate(): void;
  deactivate(): Promise<void> | void;
  subscribe(
    destination: string,
    callback: (message: Pick<IMessage, 'body'>) => void,
    headers?: Record<string, string>,
  ): Pick<StompSubscription, 'unsubscribe'>;
  watchForReceipt(receiptId: string, callback: () => void): void;
}

export interface StompSetup {
  /** Read before every connect, so a reconnect carries the current token. */
  headers: () => Record<string, string>;
  reconnectDelay: number;
  heartbeatIncoming: number;
  heartbeatOutgoing: number;
  /** Each (re)connect: a new STOMP session. */
  onConnect: () => void;
}

function createStompClient(setup: StompSetup): StompClientLike {
  const client = new Client({
    webSocketFactory: () => new SockJS(LIVE_ENDPOINT),
    reconnectDelay: setup.reconnectDelay,
    heartbeatIncoming: setup.heartbeatIncoming,
    heartbeatOutgoing: setup.heartbeatOutgoing,
    // Retries are quiet: the screen works over REST meanwhile.
    debug: () => {},
  });
  client.beforeConnect = (c) => {
    c.connectHeaders = setup.headers();
  };
  client.onConnect = () => setup.onConnect();
  return client;
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

interface Listener {
  topic: string;
  onMessage: (body: unknown) => void;
  onReady: (() => void) | undefined;
  active: Pick<StompSubscription, 'unsubscribe'> | null;
}

/**
 * STOMP over SockJS at LIVE_ENDPOINT with the owner's token in the CONNECT frame (never in the
 * URL), heartbeats both ways and a reconnect every 5 seconds until closed.
 */
export function openStompConnection(
  token: () => string | null = () => getSession().token,
  makeClient: (setup: StompSetup) => StompClientLike = createStompClient,
): LiveConnection {
  const listeners = new Set<Listener>();
  let receipts = 0;
  const attach = (listener: Listener) => {
    const headers: Record<string, string> = {};
    let subscription: Listener['active'] = null;
    if (listener.onReady) {
      receipts += 1;
      const receipt = `sub-${receipts}`;
      headers.receipt = receipt;
      // Watched before the frame goes out, so that the RECEIPT cannot come first. A RECEIPT for a
      // subscription since stopped or made again (a reconnect) is not this listener's any more.
      client.watchForReceipt(receipt, () => {
        if (listeners.has(listener) && listener.active === subscription) listener.onReady?.();
      });
    }
    subscription = client.subscribe(
      listener.topic,
      (message) => {
        const body = parse(message.body);
        if (body !== undefined) listener.onMessage(body);
      },
      headers,
    );
    listener.active = subscription;
  };
  const client = makeClient({
    headers: (): Record<string, string> => {
      const current = token();
      return current ? { Authorization: `Bearer ${current}` } : {};
    },
    reconnectDelay: LIVE_RECONNECT_DELAY_MS,
    heartbeatIncoming: LIVE_HEARTBEAT_MS,
    heartbeatOutgoing: LIVE_HEARTBEAT_MS,
    // A new STOMP session knows no subscriptions: every topic is subscribed again.
    onConnect: () => {
      for (const listener of listeners) attach(listener);
    },
  });
  client.activate();

  return {
    subscribe(topic, onMessage, onReady) {
      const listener: Listener = { topic, onMessage, onReady, active: null };
      listeners.add(listener);
      if (client.connected) attach(listener);
      return () => {
        listeners.delete(listener);
        if (client.connected) listener.active?.unsubscribe();
        listener.active = null;
      };
    },
    close() {
      listeners.clear();
      void client.deactivate();
    },
  };
}
