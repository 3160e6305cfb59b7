import { LIVE_ENDPOINT } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../src/infra/db/schema';
import { createOwner, type TestOwner } from './helpers/factories';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { bearer, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('has no /metrics at all', async () => {
    const res = await server.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });
});

describe('with METRICS_TOKEN', () => {
  let server: TestServer;
  let peer: OpenAiPeer;
  let owner: TestOwner;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    server = await startTestServer({
      METRICS_TOKEN: TOKEN,
      OPENAI_BASE_URL: peer.url,
      OPENAI_API_KEY: 'sk-test',
      LLM_RETRIES: '0',
    });
    owner = await createOwner(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const scrape = async () => {
    const res = await server.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The value of one series, found by its name and labels (in any order among the others). */
  const value = (body: string, name: string, labels: Record<string, string> = {}) => {
    const line = body
      .split('\n')
      .find((l) =>
        l.startsWith(`${name}{`) || l.startsWith(`${name} `)
          ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
          : false,
      );
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };

  it('refuses a scraper without the token, or with another one, in Russian', async () => {
    for (const headers of [{}, bearer('wrong-token-0123456789abcdef'), { authorization: TOKEN }]) {
      const res = await server.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Требуется авторизация' });
    }
  });

  it('counts requests by route pattern and status, with their latencies, in the Prometheus format', async () => {
    await server.app.inject({ url: '/api/health' });
    await server.app.inject({ url: '/api/health' });
    await server.app.inject({ url: '/api/user/profile' });
    await server.app.inject({ url: '/nowhere/at/all' });
    const res = await server.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toContain('# TYPE otklik_http_requests_total counter');
    expect(value(body, 'otklik_http_requests_total', { route: '/api/health', method: 'GET', status: '200' })).toBe(2);
    expect(value(body, 'otklik_http_requests_total', { route: '/api/user/profile', status: '401' })).toBe(1);
    expect(value(body, 'otklik_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(value(body, 'otklik_http_request_duration_seconds_count', { route: '/api/health' })).toBe(2);
    expect(body).toContain('otklik_process_resident_memory_bytes');
    // A visitor's id in a path never becomes a series of its own.
    expect(body).not.toContain('/nowhere');
  });

  it('counts visitor messages and answers by kind: corrected, knowledge, model, hand-off, failed', async () => {
    const withModel = await createAssistant(server.app, owner.userId, 'С моделью');
    const local = await createAssistant(server.app, owner.userId, 'Без модели');
    await server.app.ctx.db.update(assistants).set({ model: 'local' }).where(eq(assistants.id, local));
    const knowledge = Buffer.from('Доставка букетов по Москве стоит 350 рублей и занимает два часа.');
    expect((await upload(server.app, owner.token, local, 'доставка.txt', knowledge)).statusCode).toBe(200);
    await server.app.ctx.queue.drain();
    const corrected = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${withModel}/correct-answers`,
      headers: bearer(owner.token),
      payload: { question: 'Как вернуть товар?', correctAnswer: 'Возврат в течение 14 дней.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const before = await scrape();
    const a = await newVisitor(server.app, withModel);
    const b = await newVisitor(server.app, local);
    peer.fallback = { kind: 'stream', chunks: ['Ответ модели.'] };
    expect((await send(server.app, withModel, a.visitorToken, 'Как вернуть товар?')).message?.content).toBe(
      'Возврат в течение 14 дней.',
    );
    expect((await send(server.app, withModel, a.visitorToken, 'Что у вас нового?')).message?.content).toBe(
      'Ответ модели.',
    );
    peer.replies.push({ kind: 'status', status: 500 });
    expect((await send(server.app, withModel, a.visitorToken, 'А скидки есть?')).status).toBe(200);
    expect(
      (await send(server.app, local, b.visitorToken, 'Сколько стоит доставка по Москве?')).message?.content,
    ).toContain('350 рублей');
    await send(server.app, local, b.visitorToken, 'Позовите живого человека');
    await send(server.app, local, b.visitorToken, 'Почему небо голубое ночью у квазаров?');

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    expect(delta('otklik_visitor_messages_total', { channel: 'web' })).toBe(6);
    expect(delta('otklik_answers_total', { kind: 'corrected' })).toBe(1);
    expect(delta('otklik_answers_total', { kind: 'model' })).toBe(1);
    expect(delta('otklik_answers_total', { kind: 'failed' })).toBe(1);
    expect(delta('otklik_answers_total', { kind: 'knowledge' })).toBe(1);
    expect(delta('otklik_answers_total', { kind: 'handoff' })).toBe(2);
  });

  it('shows the queue depth and the live sessions as they are at the scrape', async () => {
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await server.app.ctx.queue.drain();
    server.app.ctx.queue.process('test.blocked', () => blocked);
    try {
      await server.app.ctx.queue.add('test.blocked', {});
      await server.app.ctx.queue.add('test.blocked', {});
      expect(value(await scrape(), 'otklik_queue_depth')).toBe(2);
    } finally {
      release();
    }
    await server.app.ctx.queue.drain();
    expect(value(await scrape(), 'otklik_queue_depth')).toBe(0);

    const base = await server.listen();
    expect(value(await scrape(), 'otklik_live_sessions')).toBe(0);
    const sock = new SockJS(`${base}${LIVE_ENDPOINT}`, undefined, { transports: ['websocket'] });
    await new Promise<void>((resolve) => {
      sock.onopen = () => resolve();
    });
    expect(value(await scrape(), 'otklik_live_sessions')).toBe(1);
    const closed = new Promise<void>((resolve) => {
      sock.onclose = () => resolve();
    });
    sock.close();
    await closed;
    await expect.poll(async () => value(await scrape(), 'otklik_live_sessions')).toBe(0);
  });
});
