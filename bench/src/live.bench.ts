/**
 * Live channel: time from a visitor's message (POST …/messages) to the owner's STOMP
 * subscriber receiving it, with 1,000 SockJS sessions open over websocket (and 100 over
 * xhr-streaming), and the server's RSS per 1,000 sessions. The server runs in a child process,
 * so its RSS is its own; the clients are the real @stomp/stompjs over sockjs-client.
 * Prints one `BENCH {json}` line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { percentile, round } from './lib/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const STREAMING_SESSIONS = Number(process.env.BENCH_STREAMING_SESSIONS ?? 100);
const MESSAGES = Number(process.env.BENCH_N ?? 200);

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
};

const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'lib/live-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const info = await new Promise<{ port: number; token: string; assistantId: string }>((resolve, reject) => {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    const line = out.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const base = `http://127.0.0.1:${info.port}`;
const topic = (v?: string) => `/topic/assistant/${info.assistantId}${v ? `/${v}` : ''}`;

function connect(transport: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () =>
        new SockJS(`${base}/ws-endpoint`, undefined, { transports: [transport] }) as unknown as WebSocket,
      connectHeaders: { Authorization: `Bearer ${info.token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
    });
    client.onConnect = () => resolve(client);
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
}

async function openSessions(n: number, transport: string): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => connect(transport)));
    // Each idle session follows the assistant's list, as an open chats screen does.
    for (const c of batch) c.subscribe(topic(), () => {});
    clients.push(...batch);
  }
  return clients;
}

async function newVisitor(): Promise<{ visitorId: string; visitorToken: string }> {
  const res = await fetch(`${base}/api/public/assistants/${info.assistantId}/visitors`, { method: 'POST' });
  return (await res.json()) as { visitorId: string; visitorToken: string };
}

/** Visitor message → MESSAGE frame at a subscriber of its conversation, MESSAGES times. */
async function measure(transport: string, n: number): Promise<number[]> {
  const watcher = await connect(transport);
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const visitor = await newVisitor();
    let started = 0;
    const receipt = `r${i}`;
    const subscribed = new Promise<void>((resolve) => watcher.watchForReceipt(receipt, () => resolve()));
    const arrived = new Promise<void>((resolve) => {
      const sub = watcher.subscribe(
        topic(visitor.visitorId),
        (m) => {
          if ((JSON.parse(m.body) as { author: string }).author !== 'visitor') return;
          latencies.push(performance.now() - started);
          sub.unsubscribe();
          resolve();
        },
        { receipt },
      );
    });
    // The subscription is in place (RECEIPT) before the visitor writes.
    await subscribed;
    started = performance.now();
    const res = await fetch(`${base}/api/public/assistants/${info.assistantId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${visitor.visitorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Сколько стоит чистка пуховика?' }),
    });
    await res.text();
    await arrived;
  }
  await watcher.deactivate();
  return latencies;
}

const rssIdle = rssMb(child.pid ?? 0);
const sessions = await openSessions(SESSIONS, 'websocket');
await new Promise((r) => setTimeout(r, 1000));
const rssOpen = rssMb(child.pid ?? 0);
const ws = await measure('websocket', MESSAGES);
await Promise.all(sessions.map((c) => c.deactivate()));

const streaming = await openSessions(STREAMING_SESSIONS, 'xhr-streaming');
const xs = await measure('xhr-streaming', Math.min(MESSAGES, 100));
await Promise.all(streaming.map((c) => c.deactivate()));
child.kill('SIGTERM');

console.log(
  `BENCH ${JSON.stringify({
    bench: 'live',
    websocketSessions: SESSIONS,
    websocketP50Ms: round(percentile(ws, 50), 1),
    websocketP99Ms: round(percentile(ws, 99), 1),
    serverRssIdleMb: round(rssIdle, 1),
    serverRssPer1000SessionsMb: round(((rssOpen - rssIdle) * 1000) / SESSIONS, 1),
    xhrStreamingSessions: STREAMING_SESSIONS,
    xhrStreamingP50Ms: round(percentile(xs, 50), 1),
    xhrStreamingP99Ms: round(percentile(xs, 99), 1),
  })}`,
);
process.exit(0);
