import { CORRECT_ANSWER_TEXTS } from '@otklik/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCorrectedAnswers } from '../src/modules/retrieval/search';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant } from './knowledge-helpers';

interface Answer {
  id: string;
  question: string;
  originalAnswer: string;
  correctAnswer: string;
  synonyms: string;
  isCorrect: boolean;
  createdAt: string;
  updatedAt: string;
}

let server: TestServer;
let owner: TestOwner;
let other: TestOwner;
let assistantId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId);
});
afterAll(async () => server?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = owner.token,
) => server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const base = () => `/api/assistant/${assistantId}/correct-answers`;
const list = async () => json<Answer[]>(await call('GET', base()));

describe('corrected answers (spec §7)', () => {
  it('adds, lists, edits and deletes an answer', async () => {
    const created = await call('POST', base(), {
      question: '  Сколько стоит доставка?  ',
      originalAnswer: 'Доставка платная.',
      correctAnswer: 'Доставка бесплатная от 1500 рублей.',
      synonyms: 'цена доставки, стоимость привоза',
      isCorrect: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = json<Answer>(created);
    expect(answer).toMatchObject({
      question: 'Сколько стоит доставка?',
      originalAnswer: 'Доставка платная.',
      correctAnswer: 'Доставка бесплатная от 1500 рублей.',
      synonyms: 'цена доставки, стоимость привоза',
      isCorrect: false,
    });
    expect((await list()).map((a) => a.id)).toContain(answer.id);

    const edited = await call('PUT', `${base()}/${answer.id}`, {
      question: 'Сколько стоит доставка?',
      originalAnswer: 'Доставка платная.',
      correctAnswer: 'Доставка платная.',
      synonyms: 'цена доставки',
      isCorrect: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<Answer>(edited)).toMatchObject({
      correctAnswer: 'Доставка платная.',
      isCorrect: true,
      synonyms: 'цена доставки',
    });
    expect((await list()).find((a) => a.id === answer.id)?.isCorrect).toBe(true);

    const removed = await call('DELETE', `${base()}/${answer.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await list()).map((a) => a.id)).not.toContain(answer.id);
    expect((await call('DELETE', `${base()}/${answer.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${base()}/${answer.id}`, { question: 'Вопрос', correctAnswer: 'Ответ' })).statusCode,
    ).toBe(404);
  });

  it('lists the newest answers first', async () => {
    const a = json<Answer>(await call('POST', base(), { question: 'Первый вопрос', correctAnswer: 'Первый ответ' }));
    const b = json<Answer>(await call('POST', base(), { question: 'Второй вопрос', correctAnswer: 'Второй ответ' }));
    const ids = (await list()).map((x) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('takes the correction chat monitoring sends (no synonyms) and makes synonyms for it', async () => {
    const res = await call('POST', base(), {
      question: 'Какая у вас доставка?',
      originalAnswer: 'Не знаю.',
      correctAnswer: 'Курьером по городу за один день.',
      isCorrect: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<Answer>(res);
    expect(answer.synonyms).toContain('курьер');
    // Short questions get none (spec §9: only longer than 3 characters).
    const short = json<Answer>(await call('POST', base(), { question: 'Цен', correctAnswer: 'От 100 рублей.' }));
    expect(short.synonyms).toBe('');
  });

  it('asks for both fields with the spec text and rejects bad input with 400', async () => {
    for (const body of [
      { question: '   ', correctAnswer: 'Ответ' },
      { question: 'Вопрос', correctAnswer: '' },
      { question: 'Вопрос' },
      {},
    ]) {
      const res = await call('POST', base(), body);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(CORRECT_ANSWER_TEXTS.bothRequired);
    }
    const wrongType = await call('POST', base(), { question: 'Вопрос', correctAnswer: 'Ответ', isCorrect: 'да' });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await call('POST', base(), { question: 'Вопрос', correctAnswer: 'я'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    const notJson = await server.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await call('GET', '/api/assistant/not-a-uuid/correct-answers')).statusCode).toBe(400);
    expect((await call('DELETE', `${base()}/not-a-uuid`)).statusCode).toBe(400);
  });

  it('finds an answer by its question, word forms and synonyms', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Поиск');
    const url = `/api/assistant/${id}/correct-answers`;
    await call('POST', url, { question: 'Как вернуть товар?', correctAnswer: 'Возврат в течение 14 дней.' });
    await call('POST', url, {
      question: 'Есть ли самовывоз?',
      correctAnswer: 'Да, с улицы Ленина, 5.',
      synonyms: 'забрать самому, пункт выдачи',
    });
    const byWords = await searchCorrectedAnswers(server.app.ctx, id, 'как мне вернуть купленный товар');
    expect(byWords[0]?.correctAnswer).toBe('Возврат в течение 14 дней.');
    const bySynonym = await searchCorrectedAnswers(server.app.ctx, id, 'где пункт выдачи');
    expect(bySynonym[0]?.correctAnswer).toBe('Да, с улицы Ленина, 5.');
    expect(await searchCorrectedAnswers(server.app.ctx, assistantId, 'где пункт выдачи')).toEqual([]);
  });
});

describe('synonymizer (spec §7, §9)', () => {
  const synonyms = (query: string, token = owner.token) =>
    server.app.inject({
      method: 'GET',
      url: `/api/assistant/synonymizer?query=${encodeURIComponent(query)}`,
      headers: bearer(token),
    });

  it('answers with text: synonyms and word forms of the question', async () => {
    const res = await synonyms('Сколько стоит доставка?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const words = res.body.split(',').map((w) => w.trim());
    expect(words).toEqual(expect.arrayContaining(['привоз', 'курьер', 'цена', 'доставки']));
    expect(words).not.toContain('доставка');
    // «стоит» is a verb: no made-up noun forms of it (its infinitive «стоить» is a real synonym).
    expect(words.filter((w) => ['стоита', 'стоиту', 'стоитом', 'стоиты', 'стоите'].includes(w))).toEqual([]);
  });

  it('gives nothing for questions of 3 characters or less', async () => {
    for (const q of ['', 'да', 'цен', '  цен  ']) {
      const res = await synonyms(q);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
    expect((await synonyms('цена')).body).not.toBe('');
  });

  it('needs a signed-in owner and refuses an overlong question', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/assistant/synonymizer?query=доставка' });
    expect(anonymous.statusCode).toBe(401);
    expect((await synonyms('я'.repeat(1001))).statusCode).toBe(400);
  });

  it('answers 429 in Russian past 30 calls a minute by one owner; another owner is not affected', async () => {
    const busy = await createOwner(server.app);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await synonyms('доставка', busy.token)).statusCode);
    expect(codes).toEqual(Array(30).fill(200));
    const limited = await synonyms('доставка', busy.token);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Слишком много запросов/);
    expect((await synonyms('доставка', (await createOwner(server.app)).token)).statusCode).toBe(200);
  });
});

describe('corrected answers: another owner', () => {
  it('gets 404 on every route and changes nothing', async () => {
    const mine = json<Answer>(await call('POST', base(), { question: 'Мой вопрос', correctAnswer: 'Мой ответ' }));
    const before = await list();
    const attempts = [
      await call('GET', base(), undefined, other.token),
      await call('POST', base(), { question: 'Чужой', correctAnswer: 'Чужой' }, other.token),
      await call('PUT', `${base()}/${mine.id}`, { question: 'Взлом', correctAnswer: 'Взлом' }, other.token),
      await call('DELETE', `${base()}/${mine.id}`, undefined, other.token),
    ];
    for (const res of attempts) expect(res.statusCode).toBe(404);
    // Their own assistant's path with the victim's answer id is not theirs either.
    const own = await createAssistant(server.app, other.userId);
    const cross = [
      await call(
        'PUT',
        `/api/assistant/${own}/correct-answers/${mine.id}`,
        { question: 'В', correctAnswer: 'О' },
        other.token,
      ),
      await call('DELETE', `/api/assistant/${own}/correct-answers/${mine.id}`, undefined, other.token),
    ];
    for (const res of cross) expect(res.statusCode).toBe(404);
    expect(await list()).toEqual(before);
    const anonymous = await server.app.inject({ method: 'GET', url: base() });
    expect(anonymous.statusCode).toBe(401);
  });
});
