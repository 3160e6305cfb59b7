import { randomUUID } from 'node:crypto';
import { composePromptHelperContent, splitPromptHelperReply } from '@otklik/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { json, startTestServer, type TestServer } from './helpers/server';

// The prompt helper with a language model configured: the model writes the reply (issue 6),
// through the OpenAI-compatible protocol of a real peer on 127.0.0.1.
let peer: OpenAiPeer;
let server: TestServer;

beforeAll(async () => {
  peer = await startOpenAiPeer();
  server = await startTestServer({ OPENAI_BASE_URL: peer.url, OPENAI_API_KEY: 'test-key', LLM_RETRIES: '0' });
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const answers = () => {
  const list = Array.from({ length: 12 }, () => '');
  list[0] = 'Пекарня у дома';
  list[11] = 'Хлеб от 90 ₽';
  return list;
};

const ask = (ip: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/assistant/create-helper?visitorId=${randomUUID()}`,
    payload: { role: 'user', content: composePromptHelperContent(answers()) },
    headers: { 'x-forwarded-for': ip },
  });

it('lets the configured model write the prompt from the composed answers, in the format of spec §7', async () => {
  const longTip = `2. ${'Очень длинный совет. '.repeat(40)}`;
  peer.replies.push({
    kind: 'stream',
    chunks: [
      'Ты — консультант пекарни «Пекарня у дома».\n',
      'Хлеб стоит от 90 ₽.\n\n',
      'AI-инсайты:\n',
      '1. Добавьте FAQ.\n',
      longTip,
    ],
  });
  const before = peer.requests.length;
  const res = await ask('10.60.0.1');
  expect(res.statusCode).toBe(200);
  const { content } = json<{ content: string }>(res);
  expect(content.startsWith('Ваш промт:\n')).toBe(true);
  const { prompt, insights } = splitPromptHelperReply(content);
  expect(prompt).toBe('Ты — консультант пекарни «Пекарня у дома».\nХлеб стоит от 90 ₽.');
  expect(insights[0]).toBe('1. Добавьте FAQ.');
  expect(insights[1]?.length).toBe(500);

  const sent = peer.requests[before] as { model: string; messages: { role: string; content: string }[] };
  expect(sent.model).toBe('gpt-4o-mini');
  const user = sent.messages.find((m) => m.role === 'user');
  expect(user?.content).toContain('1. Как называется ваша компания?\nПекарня у дома');
  expect(user?.content).toContain('Ваш промт:');
});

it('writes the reply from the template when the model fails, so the visitor still gets a prompt', async () => {
  peer.replies.push({ kind: 'status', status: 500 });
  const res = await ask('10.60.0.2');
  expect(res.statusCode).toBe(200);
  const { prompt, insights } = splitPromptHelperReply(json<{ content: string }>(res).content);
  expect(prompt).toContain('компании «Пекарня у дома»');
  expect(prompt).toContain('## Цены и оплата');
  expect(insights.at(-1)).toContain('личном кабинете');
});
