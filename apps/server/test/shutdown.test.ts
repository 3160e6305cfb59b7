import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LIVE_ENDPOINT } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/infra/db';
import { knowledgeFiles, messages } from '../src/infra/db/schema';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { api, type ServerProcess, spawnServer } from './helpers/process';
import { onPostgres } from './helpers/server';

// #18: SIGTERM stops taking connections, lets a streamed answer and the queued jobs finish,
// asks live sessions to reconnect, ends visitors' event streams, and exits 0: nothing is lost.

/** Reads a text/event-stream body, event by event. */
function readEvents(body: ReadableStream<Uint8Array>) {
  const events: { event: string; data: string }[] = [];
  let ended = false;
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? (block.startsWith(':') ? 'comment' : 'message');
        events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? block });
        cut = buffer.indexOf('\n\n');
      }
    }
    ended = true;
  })();
  return { events, done, isEnded: () => ended };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(onPostgres)('graceful shutdown of the real process', () => {
  let peer: OpenAiPeer;
  let server: ServerProcess;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    server = await spawnServer({ OPENAI_BASE_URL: peer.url, OPENAI_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '5000' });
    await server.waitForHealth();
  });
  afterAll(async () => {
    await server?.stop();
    await peer?.close();
  });

  it('finishes the streamed answer and the jobs, asks live sessions to reconnect, and exits 0', async () => {
    const base = server.url;
    const { token } = await api<{ token: string }>(base, '/api/signup', {
      method: 'POST',
      body: JSON.stringify({ username: 'Анна', email: 'anna@example.ru', password: 'пароль-123' }),
    });
    const { id: widgetId } = await api<{ id: string }>(base, '/api/widget/init', { method: 'POST', token });
    const form = new FormData();
    form.set('requestJson', JSON.stringify({ title: 'Магазин', role: 'Консультант', widgetId }));
    const { id: assistantId } = await api<{ id: string }>(base, '/api/assistant/create', {
      method: 'POST',
      token,
      body: form,
    });
    const visitor = await api<{ visitorId: string; visitorToken: string }>(
      base,
      `/api/public/assistants/${assistantId}/visitors`,
      { method: 'POST' },
    );

    // The owner's live session (STOMP over SockJS) and the visitor's event stream are open.
    const sock = new SockJS(`${base}${LIVE_ENDPOINT}`, undefined, { transports: ['websocket'] });
    const frames: string[] = [];
    let sockClosed = false;
    sock.onmessage = (e) => frames.push(String(e.data));
    sock.onclose = () => {
      sockClosed = true;
    };
    await new Promise<void>((resolve) => {
      sock.onopen = () => resolve();
    });
    sock.send(`CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer ${token}\n\n\0`);
    await until(() => frames.some((f) => f.startsWith('CONNECTED')), 'CONNECTED');
    const pushes = await fetch(
      `${base}/api/public/assistants/${assistantId}/events?token=${encodeURIComponent(visitor.visitorToken)}`,
    );
    const pushStream = readEvents(pushes.body as ReadableStream<Uint8Array>);
    await until(() => pushStream.events.length > 0, 'the event stream');

    // A slow model: the answer streams for about 2 s, so SIGTERM comes in the middle of it.
    const chunks = Array.from({ length: 10 }, (_, i) => `часть ${i + 1}. `);
    peer.fallback = { kind: 'trickle', chunks, delayMs: 200 };
    const answer = await fetch(`${base}/api/public/assistants/${assistantId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${visitor.visitorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Расскажите подробно о доставке' }),
    });
    const answerStream = readEvents(answer.body as ReadableStream<Uint8Array>);
    await until(() => answerStream.events.some((e) => e.event === 'delta'), 'the first delta');

    // Jobs queued right before the signal: a reset mail and a knowledge file to index.
    await api(base, '/api/forgot-password', { method: 'POST', body: JSON.stringify({ email: 'anna@example.ru' }) });
    const upload = new FormData();
    upload.set('file', new Blob(['Доставка по городу стоит 350 рублей.'], { type: 'text/plain' }), 'доставка.txt');
    const { file } = await api<{ file: { id: string } }>(base, `/api/assistant/${assistantId}/file`, {
      method: 'POST',
      token,
      body: upload,
    });

    server.child.kill('SIGTERM');

    // Live session: an ERROR frame asking to reconnect, then the close.
    await until(() => sockClosed, 'the live session to close');
    const error = frames.find((f) => f.startsWith('ERROR')) ?? '';
    expect(
      /\nmessage:([^\n]*)/.exec(error)?.[1],
      `frames: ${JSON.stringify(frames)}\n${server.stdout()}\n${server.stderr()}`,
    ).toBe('Сервер перезапускается, подключитесь снова');
    // The visitor's event stream ends (the widget reconnects with backoff, to another instance, and catches up).
    await pushStream.done;

    // No new connection is taken while the answer finishes.
    await until(() => peer.requests.length > 0, 'the model request');
    const late = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    // The streamed answer runs to its end.
    await answerStream.done;
    const final = answerStream.events.find((e) => e.event === 'message');
    expect(final, JSON.stringify(answerStream.events)).toBeDefined();
    const stored = (JSON.parse(final?.data ?? '{}') as { message: { content: string } }).message;
    expect(stored.content).toBe(chunks.join('').trim());

    const exit = await server.exited;
    expect(exit.code, server.stderr() + server.stdout()).toBe(0);
    expect(server.stdout()).toContain('"msg":"shut down"');

    // Nothing lost: the question and the whole answer are stored, the file indexed, the mail written.
    const db = await openPglite(path.join(server.dataDir, 'db'));
    try {
      const rows = await db.db.select().from(messages).where(eq(messages.visitorId, visitor.visitorId));
      expect(rows.map((r) => r.role).sort()).toEqual(['bot', 'visitor']);
      expect(rows.find((r) => r.role === 'bot')?.content).toBe(stored.content);
      const [indexed] = await db.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
      expect(indexed?.status).toBe('ready');
    } finally {
      await db.close();
    }
    expect(readdirSync(path.join(server.dataDir, 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });

  it('leaves after SHUTDOWN_TIMEOUT_MS with exit code 1 when an answer does not end', async () => {
    const slow = await spawnServer({
      OPENAI_BASE_URL: peer.url,
      OPENAI_API_KEY: 'sk-test',
      LLM_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '1500',
    });
    try {
      await slow.waitForHealth();
      const base = slow.url;
      const { token } = await api<{ token: string }>(base, '/api/signup', {
        method: 'POST',
        body: JSON.stringify({ username: 'Борис', email: 'boris@example.ru', password: 'пароль-123' }),
      });
      const { id: widgetId } = await api<{ id: string }>(base, '/api/widget/init', { method: 'POST', token });
      const form = new FormData();
      form.set('requestJson', JSON.stringify({ title: 'Магазин', role: 'Консультант', widgetId }));
      const { id } = await api<{ id: string }>(base, '/api/assistant/create', { method: 'POST', token, body: form });
      const visitor = await api<{ visitorToken: string }>(base, `/api/public/assistants/${id}/visitors`, {
        method: 'POST',
      });
      peer.requests.length = 0;
      peer.fallback = { kind: 'hang' };
      const pending = fetch(`${base}/api/public/assistants/${id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${visitor.visitorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Вы тут?' }),
      }).then(
        (r) => r.text(),
        () => '',
      );
      await until(() => peer.requests.length > 0, 'the model request');
      const signalled = Date.now();
      slow.child.kill('SIGTERM');
      const exit = await slow.exited;
      expect(exit.code).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(5000);
      expect(slow.stdout()).toContain('shutdown timed out');
      await pending;
    } finally {
      await slow.stop();
    }
  });
});
