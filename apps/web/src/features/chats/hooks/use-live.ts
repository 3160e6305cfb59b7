import { useEffect, useRef, useState } from 'react';
import type { LiveConnection, OpenLiveConnection } from '../lib/live-connection';

/** Spec §4: the live connection opens once the visitors have loaded and closes with the screen. */
export function useLiveConnection(open: OpenLiveConnection, enabled: boolean): LiveConnection | null {
  const [live, setLive] = useState<LiveConnection | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const connection = open();
    setLive(connection);
    return () => {
      connection.close();
      setLive(null);
    };
  }, [open, enabled]);
  return live;
}

/**
 * Listens to one topic while mounted; a new topic (another visitor selected) re-subscribes.
 * `onReady` runs each time the subscription is confirmed, first and after a reconnect: the moment
 * to reload what the topic updates, since what was published before it is not delivered.
 */
export function useLiveTopic(
  live: LiveConnection | null,
  topic: string | null,
  onMessage: (body: unknown) => void,
  onReady?: () => void,
) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const ready = useRef(onReady);
  ready.current = onReady;
  const wantsReady = onReady !== undefined;
  useEffect(() => {
    if (!live || !topic) return;
    return live.subscribe(topic, (body) => handler.current(body), wantsReady ? () => ready.current?.() : undefined);
  }, [live, topic, wantsReady]);
}
