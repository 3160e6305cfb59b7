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

/** Listens to one topic while mounted; a new topic (another visitor selected) re-subscribes. */
export function useLiveTopic(live: LiveConnection | null, topic: string | null, onMessage: (body: unknown) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!live || !topic) return;
    return live.subscribe(topic, (body) => handler.current(body));
  }, [live, topic]);
}
