/**
 * A burst of visitors: `npm start`'s server (the bundle in apps/server/dist, embedded mode:
 * PGlite, local answerer) in its own process on a temporary DATA_DIR; an owner, a widget, an
 * assistant and a small knowledge base (the dry cleaner of the engine fixture: its four files) made through the
 * HTTP API; BENCH_VISITORS visitors (1,000), each sending one message at the same moment over
 * real HTTP. Then each visitor opens its event stream (GET …/events) and the server's RSS is
 * read with them all open; a second burst is sent while the streams are open.
 * Prints one `BENCH {json}` line: errors, p50/p99 of a message (request sent → the stored answer
 * received), messages per second of the whole burst, RSS after the burst and with the streams.
 *
 * The client is node:http with an agent of unlimited sockets (one connection a visitor, as on
 * real sites); it runs on the same machine, so its own CPU counts against the server's.
 * BENCH_CPU_PROF=dir starts the server with --cpu-prof into that directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_TEXTS } from '../../apps/server/src/modules/conversations/texts';
import { embeddedEnv, freePort, rssMb, serverNodeOptions } from './lib/process';
import { percentile, round } from './lib/stats';

const root = fileURLToPath(new URL('../..', import.meta.url));
const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const fixture = path.join(root, 'apps/server/test/fixtures/engine');
const QUESTIONS = (
  JSON.parse(readFileSync(path.join(fixture, 'questions.json'), 'utf8')) as {
    questions: { q: string }[];
  }
).questions.map((q) => q.q);

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** CPU seconds each thread of the process used so far (user + system), by thread id, from /proc. */
function threadCpuSeconds(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the thread ended
    }
  }
  return out;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otklik-burst-bench-'));
const profDir = process.env.BENCH_CPU_PROF;
const child: ChildProcess = spawn(
  process.execPath,
  [
    ...serverNodeOptions,
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : []),
    'apps/server/dist/main.js',
  ],
  {
    cwd: root,
    env: embeddedEnv(port, dataDir, {
      OPENAI_API_KEY: '',
      OLLAMA_URL: '',
      GIGACHAT_CREDENTIALS: '',
      SEED_DEMO: '0',
      // One client address sends everything: the per-address limits would stop it at once.
      RATE_LIMIT_OFF: '1',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const pid = child.pid;
if (pid === undefined) throw new Error('no pid');

interface Reply {
  status: number;
  body: string;
}

/** One request; the whole reply body is read. */
function request(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function json<T>(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await request(method, url, opts);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as T;
}

async function waitForHealth(): Promise<void> {
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await request('GET', '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (performance.now() - t0 > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Owner, widget, assistant (no model configured: the local answerer) and its knowledge base. */
async function setUp(): Promise<string> {
  const { token } = await json<{ token: string }>('POST', '/api/signup', {
    body: { email: 'burst@example.ru', password: 'пароль-123', username: 'Замер' },
  });
  const widget = await json<{ id: string }>('POST', '/api/widget/init', { token });
  const assistant = await json<{ id: string }>('POST', '/api/assistant/create', {
    token,
    body: { title: 'Химчистка', widgetId: widget.id },
  });
  for (const name of ['kontakty.txt', 'pravila.pdf', 'prais.xlsx', 'faq.docx']) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path.join(fixture, name))]), name);
    const res = await fetch(`${base}/api/assistant/${assistant.id}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  }
  for (const t0 = performance.now(); ; ) {
    const files = await json<{ status: string }[]>('GET', `/api/assistant/${assistant.id}/knowledge`, { token });
    if (files.some((f) => f.status === 'failed')) throw new Error('a knowledge file failed');
    if (files.every((f) => f.status === 'ready')) break;
    if (performance.now() - t0 > 60_000) throw new Error('knowledge not ready within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return assistant.id;
}

type Visitor = { visitorId: string; visitorToken: string };

/** Everyone at once: each visitor sends one question; the time to its stored answer. */
async function burst(assistantId: string, visitors: Visitor[], round_: number) {
  const latencies: number[] = [];
  let errors = 0;
  let handoffs = 0;
  const cpu0 = threadCpuSeconds(pid as number);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    visitors.map(async (v, i) => {
      const t = performance.now();
      try {
        const res = await request('POST', `/api/public/assistants/${assistantId}/messages`, {
          token: v.visitorToken,
          body: { content: QUESTIONS[(i + round_) % QUESTIONS.length] },
        });
        const message = /event: message\ndata: (.*)\n/.exec(res.body)?.[1];
        const content = message ? (JSON.parse(message) as { message: { content: string } }).message.content : '';
        if (res.status !== 200 || !content) errors++;
        else latencies.push(performance.now() - t);
        if (content === ENGINE_TEXTS.handoff) handoffs++;
      } catch {
        errors++;
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const client = process.cpuUsage(client0);
  const perThread = [...threadCpuSeconds(pid as number)].map(([tid, s]) => [tid, s - (cpu0.get(tid) ?? 0)] as const);
  const cpu = perThread.reduce((sum, [, s]) => sum + s, 0);
  const mainCpu = perThread.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const otherCpu = Math.max(0, ...perThread.filter(([tid]) => tid !== String(pid)).map(([, s]) => s));
  return {
    errors,
    /** Answered with the hand-off (nothing in the knowledge base): the owner is alerted. */
    handoffs,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    maxMs: Math.round(Math.max(0, ...latencies)),
    messagesPerSecond: Math.round((visitors.length / wallMs) * 1000),
    wallMs: Math.round(wallMs),
    /** The server's CPU time over the burst's wall time: 1 = one core busy throughout. */
    serverCores: round(cpu / (wallMs / 1000), 2),
    /** The server's CPU time per message: what the machine's load does not change much. */
    cpuMsPerMessage: round((cpu * 1000) / visitors.length, 2),
    /** Cores used by the main thread (HTTP, the engine) and by the busiest other thread (the database's). */
    mainThreadCores: round(mainCpu / (wallMs / 1000), 2),
    busiestOtherThreadCores: round(otherCpu / (wallMs / 1000), 2),
    /** This benchmark's own process (the 1,000 clients) over the wall time: it shares the machine's cores. */
    clientCores: round((client.user + client.system) / 1000 / wallMs, 2),
  };
}

/** Opens a visitor's event stream; resolves once the server says it is connected. */
function openStream(assistantId: string, v: Visitor): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/public/assistants/${assistantId}/events?token=${encodeURIComponent(v.visitorToken)}`,
      { agent: false },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`events: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          if (d.includes(': connected')) resolve(req);
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

try {
  await waitForHealth();
  const assistantId = await setUp();
  const rssIdleMb = rssMb(pid);
  const visitors: Visitor[] = [];
  for (let i = 0; i < VISITORS; i += 100)
    visitors.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, VISITORS - i) }, () =>
          json<Visitor>('POST', `/api/public/assistants/${assistantId}/visitors`),
        ),
      )),
    );
  const first = await burst(assistantId, visitors, 0);
  const rssAfterBurstMb = rssMb(pid);
  const streams: http.ClientRequest[] = [];
  for (let i = 0; i < visitors.length; i += 100)
    streams.push(...(await Promise.all(visitors.slice(i, i + 100).map((v) => openStream(assistantId, v)))));
  await new Promise((r) => setTimeout(r, 1000));
  const rssWithStreamsMb = rssMb(pid);
  const withStreams = await burst(assistantId, visitors, 1);
  const rssAfterSecondBurstMb = rssMb(pid);
  for (const s of streams) s.destroy();
  const load = os.loadavg().map((x) => round(x, 2));
  console.log(
    `BENCH ${JSON.stringify({
      bench: 'burst',
      visitors: VISITORS,
      ...first,
      withStreams,
      rssIdleMb,
      rssAfterBurstMb,
      rssWithStreamsMb,
      rssAfterSecondBurstMb,
      openStreams: streams.length,
      loadAverage: load,
      budget: { p99Ms: 1500, messagesPerSecond: 300, idleRssMb: 250 },
    })}`,
  );
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
