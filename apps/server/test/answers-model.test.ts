import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSynonyms } from '../src/modules/answers/model-synonymizer';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

/** An OpenAI-compatible chat API on 127.0.0.1: streams the reply the test sets, records the requests. */
interface ModelPeer {
  url: string;
  requests: { model?: string; messages?: { role: string; content: string }[] }[];
  reply: { status: number; text: string };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
}

async function startModelPeer(): Promise<ModelPeer> {
  const peer = { requests: [], reply: { status: 200, text: '' } } as unknown as ModelPeer;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = (await readBody(req)) as ModelPeer['requests'][number] & { stream?: boolean };
      peer.requests.push(body);
      if (req.url !== '/v1/chat/completions' || peer.reply.status !== 200) {
        res.writeHead(peer.reply.status || 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'недоступно', type: 'server_error' } }));
        return;
      }
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({
          id: 'c1',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const text = peer.reply.text;
      const half = Math.ceil(text.length / 2);
      res.write(chunk({ role: 'assistant', content: text.slice(0, half) }, null));
      res.write(chunk({ content: text.slice(half) }, null));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () => new Promise((resolve) => server.close(() => resolve()));
  return peer;
}

let model: ModelPeer;
let server: TestServer;
let owner: TestOwner;
let assistantId: string;

beforeAll(async () => {
  model = await startModelPeer();
  server = await startTestServer({
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_API_KEY: 'test-key',
    LLM_RETRIES: '0',
    LLM_TIMEOUT_MS: '2000',
  });
  owner = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId);
});
afterAll(async () => {
  await server?.close();
  await model?.close();
});

const synonyms = (query: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/assistant/synonymizer?query=${encodeURIComponent(query)}`,
    headers: bearer(owner.token),
  });

describe('synonyms from the configured model', () => {
  it('asks the model and answers with its list as text', async () => {
    model.requests.length = 0;
    model.reply = { status: 200, text: '1. Цена доставки\n2. «Сколько стоит привезти заказ»,\n- стоимость курьера.' };
    const res = await synonyms('Сколько стоит доставка?');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Цена доставки, Сколько стоит привезти заказ, стоимость курьера');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.model).toBe('gpt-4o-mini');
    expect(model.requests[0]?.messages?.at(-1)).toEqual({ role: 'user', content: 'Сколько стоит доставка?' });
  });

  it('does not call the model for questions of 3 characters or less', async () => {
    model.requests.length = 0;
    expect((await synonyms('цен')).body).toBe('');
    expect(model.requests).toHaveLength(0);
  });

  it('falls back to the local dictionary when the model fails', async () => {
    model.reply = { status: 500, text: '' };
    const res = await synonyms('Сколько стоит доставка?');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('привоз');
  });

  it('fills the synonyms of a correction saved from chat monitoring', async () => {
    model.reply = { status: 200, text: 'можно вернуть покупку, возврат товара' };
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/correct-answers`,
      headers: bearer(owner.token),
      payload: {
        question: 'Как вернуть товар?',
        originalAnswer: '',
        correctAnswer: 'В течение 14 дней.',
        isCorrect: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ synonyms: string }>(res).synonyms).toBe('можно вернуть покупку, возврат товара');
  });
});

describe('parseSynonyms', () => {
  it('drops numbering, quotes, repeats, the question itself and overlong items', () => {
    expect(
      parseSynonyms(`1) цена; Цена\n• «Сколько стоит?»\nсколько стоит\n${'я'.repeat(81)}`, 'Сколько стоит?'),
    ).toEqual(['цена']);
  });
});
