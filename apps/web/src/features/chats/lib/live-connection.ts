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
   */
  subscribe(topic: string, onMessage: (body: unknown) => void): () => void;
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
  ): Pick<StompSubscription, 'unsubscribe'>;
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
  const attach = (listener: Listener) => {
    listener.active = client.subscribe(listener.topic, (message) => {
      const body = parse(message.body);
      if (body !== undefined) listener.onMessage(body);
    });
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
    subscribe(topic, onMessage) {
      const listener: Listener = { topic, onMessage, active: null };
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
