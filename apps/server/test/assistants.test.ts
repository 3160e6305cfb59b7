import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ASSISTANT_TEXTS, type Assistant, type AssistantListItem, type ModelOption } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistants,
  correctedAnswers,
  knowledgeChunks,
  knowledgeFiles,
  messages,
  visitors,
  widgets,
} from '../src/infra/db/schema';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { multipart } from './knowledge-helpers';

const PDF = readFileSync(path.join(import.meta.dirname, 'fixtures/knowledge/dostavka.pdf'));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let owner: TestOwner;
let other: TestOwner;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server.app);
  other = await createOwner(server.app);
});
afterAll(async () => server?.close());

const inject = (opts: InjectOptions) => server.app.inject(opts);
const db = () => server.app.ctx.db;

async function newWidget(token = owner.token, design: Record<string, unknown> = {}): Promise<string> {
  const { id } = json<{ id: string }>(
    await inject({ method: 'POST', url: '/api/widget/init', headers: bearer(token) }),
  );
  if (Object.keys(design).length > 0) {
    const res = await inject({
      method: 'POST',
      url: '/api/widget',
      headers: bearer(token),
      payload: { id, ...design },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

type Part = Parameters<typeof multipart>[0][number];

function postCreate(parts: Part[], token = owner.token) {
  const body = multipart(parts);
  return inject({
    method: 'POST',
    url: '/api/assistant/create',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const requestJson = (value: Record<string, unknown>): Part => ({ name: 'requestJson', value: JSON.stringify(value) });

async function create(
  fields: Record<string, unknown> = {},
  file?: { name: string; bytes: Buffer },
  token = owner.token,
) {
  const widgetId = (fields.widgetId as string | undefined) ?? (await newWidget(token));
  const parts: Part[] = [requestJson({ title: 'Помощник', widgetId, ...fields })];
  if (file) parts.push({ name: 'file', value: file.bytes, filename: file.name });
  const res = await postCreate(parts, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<Assistant>(res);
}

const assistantRow = async (id: string) => (await db().select().from(assistants).where(eq(assistants.id, id)))[0];
const assistantCount = async (userId = owner.userId) =>
  (await db().select().from(assistants).where(eq(assistants.userId, userId))).length;

describe('create', () => {
  it('creates an assistant on the saved widget with the defaults of the spec', async () => {
    const widgetId = await newWidget();
    const res = await postCreate([
      requestJson({ widgetId, title: 'Магазин', role: 'Продавец', instructions: 'Будь вежлив' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const a = json<Assistant>(res);
    expect(a).toMatchObject({
      name: 'Магазин',
      role: 'Продавец',
      instructions: 'Будь вежлив',
      temperature: 0.1,
      model: 'gpt-4o-mini',
      greeting: 'Здравствуйте, чем могу помочь?',
      widgetId,
      notification: {
        notificationEmail: null,
        isNotificationEmailConfirmed: false,
        isAllowedNotify: false,
        enableTelegram: false,
        telegramToken: null,
        chatId: null,
      },
      integrationTg: [],
    });
    expect(a.widget).toMatchObject({ id: widgetId, botName: 'Ваш бот', patternOpacity: 1, patternScale: 1 });
    expect(a.widget.predefinedQuestions).toEqual(['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь']);
    expect((await assistantRow(a.id))?.userId).toBe(owner.userId);
  });

  it('takes the fields of spec §7: temperature, gptModel, an empty title gets a name', async () => {
    const a = await create({ title: '   ', temperature: 0.7, gptModel: 'gpt-4o' });
    expect(a).toMatchObject({ name: 'Мой ассистент', temperature: 0.7, model: 'gpt-4o' });
    const local = await create({ gptModel: 'local' });
    expect(local.model).toBe('local');
  });

  it('stores the file as the first knowledge file of the assistant', async () => {
    const a = await create({}, { name: 'доставка.pdf', bytes: PDF });
    const files = await db().select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'доставка.pdf', mimeType: 'application/pdf' });
    const list = await inject({ method: 'GET', url: `/api/assistant/${a.id}/knowledge`, headers: bearer(owner.token) });
    expect(json<{ name: string }[]>(list).map((f) => f.name)).toEqual(['доставка.pdf']);
    await server.app.ctx.queue.drain();
  });

  it('accepts requestJson as a JSON blob part and a text file', async () => {
    const widgetId = await newWidget();
    const res = await postCreate([
      {
        name: 'requestJson',
        value: JSON.stringify({ widgetId, title: 'Блоб' }),
        filename: 'blob',
        contentType: 'application/json',
      },
      { name: 'file', value: Buffer.from('Мы работаем с 9 до 18.'), filename: 'часы.txt', contentType: 'text/plain' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const a = json<Assistant>(res);
    expect(a.name).toBe('Блоб');
    expect(await db().select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id))).toHaveLength(1);
    await server.app.ctx.queue.drain();
  });

  // Regression: curl -F 'requestJson={…};type=application/json', Spring and many HTTP clients send
  // the JSON as a typed part without a file name, which the multipart parser hands over parsed.
  it('accepts requestJson as a part typed application/json without a file name', async () => {
    const widgetId = await newWidget();
    const res = await postCreate([
      { name: 'requestJson', value: JSON.stringify({ widgetId, title: 'Из curl' }), contentType: 'application/json' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Assistant>(res).name).toBe('Из curl');
  });

  it('refuses a part typed application/json that is not JSON, in Russian', async () => {
    const before = await assistantCount();
    const res = await postCreate([
      { name: 'requestJson', value: '{"widgetId":', contentType: 'application/json; charset=utf-8' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.badRequestJson });
    expect(await assistantCount()).toBe(before);
  });

  it('proceeds without a file, also when the form sends an empty file input', async () => {
    const widgetId = await newWidget();
    const res = await postCreate([
      requestJson({ widgetId }),
      { name: 'file', value: Buffer.alloc(0), filename: '', contentType: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const a = json<Assistant>(res);
    expect(await db().select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id))).toHaveLength(0);
  });

  it.each([
    ['a CSV (knowledge only, not creation)', 'prices.csv', Buffer.from('a;b\n1;2\n'), ASSISTANT_TEXTS.fileType],
    ['an image', 'photo.png', PNG, ASSISTANT_TEXTS.fileType],
    ['a binary named .pdf', 'fake.pdf', Buffer.from([0, 1, 2, 3, 255, 254, 0, 0]), ASSISTANT_TEXTS.fileType],
    ['an empty named file', 'empty.txt', Buffer.alloc(0), 'Файл пустой.'],
  ])('refuses %s and creates nothing, leaving the widget free', async (_name, filename, bytes, message) => {
    const widgetId = await newWidget();
    const before = await assistantCount();
    const res = await postCreate([requestJson({ widgetId }), { name: 'file', value: bytes, filename }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ message });
    expect(await assistantCount()).toBe(before);
    // The same widget can be used for the next attempt.
    await create({ widgetId });
  });

  it('refuses a missing widget id with the text of spec §5', async () => {
    const res = await postCreate([requestJson({ title: 'Без виджета' })]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'Widget ID не найден. Пожалуйста, сначала сохраните настройки виджета.' });
    const none = await postCreate([{ name: 'other', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe(ASSISTANT_TEXTS.noWidgetId);
  });

  it('refuses a second assistant on the same widget with 409', async () => {
    const widgetId = await newWidget();
    await create({ widgetId });
    const res = await postCreate([requestJson({ widgetId })]);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.widgetTaken });
  });

  it.each([
    [{ temperature: 0 }, ASSISTANT_TEXTS.temperatureRange],
    [{ temperature: 1.1 }, ASSISTANT_TEXTS.temperatureRange],
    [{ temperature: 'горячо' }, ASSISTANT_TEXTS.temperatureRange],
    [{ gptModel: 'gpt-5-ultra' }, ASSISTANT_TEXTS.unknownModel],
    [{ gptModel: 'ollama:llama3' }, ASSISTANT_TEXTS.unknownModel],
    [{ title: 'а'.repeat(101) }, ASSISTANT_TEXTS.titleTooLong],
    [{ role: 'а'.repeat(4001) }, ASSISTANT_TEXTS.roleTooLong],
    [{ instructions: 'а'.repeat(20_001) }, ASSISTANT_TEXTS.instructionsTooLong],
  ])('refuses %j with a Russian message', async (fields, message) => {
    const widgetId = await newWidget();
    const before = await assistantCount();
    const res = await postCreate([requestJson({ widgetId, ...fields })]);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ message });
    expect(await assistantCount()).toBe(before);
  });

  it('refuses requestJson that is not JSON', async () => {
    const res = await postCreate([{ name: 'requestJson', value: '{widgetId:' }]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.badRequestJson });
  });

  it("answers 404 for another owner's widget and creates nothing", async () => {
    const widgetId = await newWidget(other.token);
    const before = await assistantCount();
    const res = await postCreate([requestJson({ widgetId })]);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: 'Виджет не найден' });
    expect(await assistantCount()).toBe(before);
    expect(await db().select().from(assistants).where(eq(assistants.widgetId, widgetId))).toHaveLength(0);
  });

  it('requires a signed-in owner', async () => {
    const body = multipart([requestJson({ widgetId: await newWidget() })]);
    const res = await inject({
      method: 'POST',
      url: '/api/assistant/create',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('list and get', () => {
  it("lists only the owner's assistants with the fields of the cards", async () => {
    const solo = await createOwner(server.app);
    expect(json(await inject({ method: 'GET', url: '/api/assistant', headers: bearer(solo.token) }))).toEqual([]);
    const widgetId = await newWidget(solo.token, { accentColor: '#FF7F50', botName: 'Артем' });
    await inject({
      method: 'POST',
      url: '/api/widget',
      headers: bearer(solo.token),
      payload: { id: widgetId, avatarUrl: '/avatars/avatar4.svg' },
    });
    const a = await create({ widgetId, title: 'Кофейня' }, undefined, solo.token);
    await create({}, undefined, other.token);
    const res = await inject({ method: 'GET', url: '/api/assistant', headers: bearer(solo.token) });
    expect(res.statusCode).toBe(200);
    expect(json<AssistantListItem[]>(res)).toEqual([
      {
        id: a.id,
        name: 'Кофейня',
        widget: { accentColor: '#FF7F50', avatarUrl: '/avatars/avatar4.svg', botName: 'Артем' },
      },
    ]);
  });

  it('lists the newest assistant first', async () => {
    const solo = await createOwner(server.app);
    const first = await create({ title: 'Первый' }, undefined, solo.token);
    const second = await create({ title: 'Второй' }, undefined, solo.token);
    const list = json<AssistantListItem[]>(
      await inject({ method: 'GET', url: '/api/assistant', headers: bearer(solo.token) }),
    );
    expect(list.map((i) => i.id)).toEqual([second.id, first.id]);
  });

  it('gives the full assistant of spec §7 with its saved design', async () => {
    const widgetId = await newWidget(owner.token, {
      botName: 'Артем',
      botRole: 'Консультант',
      greeting: 'Привет!',
      backgroundColor: '#FFF4CC',
      accentColor: '#FF7F50',
      messageColor: '#A8FFA8',
      headerPattern: 'leaves',
      patternOpacity: 0.4,
      patternScale: 1.2,
      predefinedQuestions: ['Цены?'],
      brandLogoVisible: false,
      allowFileAttachment: false,
    });
    const created = await create({
      widgetId,
      title: 'Полный',
      role: 'Роль',
      instructions: 'Инструкции',
      temperature: 0.5,
    });
    const res = await inject({ method: 'GET', url: `/api/assistant/${created.id}`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    const a = json<Assistant>(res);
    expect(Object.keys(a).sort()).toEqual(
      [
        'greeting',
        'id',
        'instructions',
        'integrationTg',
        'model',
        'name',
        'notification',
        'role',
        'temperature',
        'widget',
        'widgetId',
      ].sort(),
    );
    expect(Object.keys(a.widget).sort()).toEqual(
      [
        'accentColor',
        'allowFileAttachment',
        'avatarUrl',
        'backgroundColor',
        'botName',
        'botRole',
        'brandLogoVisible',
        'greeting',
        'headerPattern',
        'headerTextColor',
        'id',
        'messageColor',
        'messageTextColor',
        'patternOpacity',
        'patternScale',
        'predefinedQuestions',
      ].sort(),
    );
    expect(a).toMatchObject({
      id: created.id,
      name: 'Полный',
      role: 'Роль',
      instructions: 'Инструкции',
      temperature: 0.5,
    });
    expect(a.widget).toMatchObject({
      id: widgetId,
      botName: 'Артем',
      botRole: 'Консультант',
      greeting: 'Привет!',
      backgroundColor: '#FFF4CC',
      accentColor: '#FF7F50',
      messageColor: '#A8FFA8',
      headerTextColor: '#000',
      messageTextColor: '#000',
      headerPattern: 'leaves',
      patternOpacity: 0.4,
      patternScale: 1.2,
      predefinedQuestions: ['Цены?'],
      brandLogoVisible: false,
      allowFileAttachment: false,
      avatarUrl: null,
    });
  });

  it("answers 404 for another owner's assistant and for a missing one", async () => {
    const theirs = await create({}, undefined, other.token);
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const res = await inject({ method: 'GET', url: `/api/assistant/${id}`, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.notFound });
    }
    const bad = await inject({ method: 'GET', url: '/api/assistant/not-a-uuid', headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Некорректный идентификатор');
  });

  it('requires a signed-in owner', async () => {
    expect((await inject({ method: 'GET', url: '/api/assistant' })).statusCode).toBe(401);
    const a = await create();
    expect((await inject({ method: 'GET', url: `/api/assistant/${a.id}` })).statusCode).toBe(401);
  });
});

describe('patch', () => {
  const patch = (id: string, payload: Record<string, unknown>, token = owner.token) =>
    inject({ method: 'PATCH', url: `/api/assistant/${id}`, headers: bearer(token), payload });

  it('updates the fields of spec §7 and replies with the full assistant', async () => {
    const a = await create();
    const res = await patch(a.id, {
      title: 'Новое',
      role: 'Новая роль',
      instructions: 'Новые',
      temperature: 0.9,
      gptModel: 'gpt-4o',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Assistant>(res)).toMatchObject({
      id: a.id,
      name: 'Новое',
      role: 'Новая роль',
      instructions: 'Новые',
      temperature: 0.9,
      model: 'gpt-4o',
      widget: { id: a.widgetId },
    });
    const row = await assistantRow(a.id);
    expect(row).toMatchObject({ name: 'Новое', model: 'gpt-4o' });
  });

  it('keeps the fields left out', async () => {
    const a = await create({ role: 'Роль', temperature: 0.3 });
    const res = await patch(a.id, { instructions: 'Только это' });
    expect(json<Assistant>(res)).toMatchObject({
      role: 'Роль',
      temperature: 0.3,
      instructions: 'Только это',
      name: 'Помощник',
    });
  });

  it.each([
    [{ temperature: 0.05 }, ASSISTANT_TEXTS.temperatureRange],
    [{ temperature: 2 }, ASSISTANT_TEXTS.temperatureRange],
    [{ gptModel: 'gigachat:GigaChat' }, ASSISTANT_TEXTS.unknownModel],
    [{ title: 'а'.repeat(101) }, ASSISTANT_TEXTS.titleTooLong],
  ])('refuses %j and changes nothing', async (body, message) => {
    const a = await create();
    const before = await assistantRow(a.id);
    const res = await patch(a.id, body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message });
    expect(await assistantRow(a.id)).toEqual(before);
  });

  it("answers 404 for another owner's assistant and changes nothing", async () => {
    const theirs = await create({}, undefined, other.token);
    const before = await assistantRow(theirs.id);
    const res = await patch(theirs.id, { title: 'Взлом' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.notFound });
    expect(await assistantRow(theirs.id)).toEqual(before);
  });

  it('requires a signed-in owner', async () => {
    const a = await create();
    const res = await inject({ method: 'PATCH', url: `/api/assistant/${a.id}`, payload: { title: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('delete', () => {
  it('deletes the assistant with its widget, files, answers and conversations', async () => {
    const a = await create({}, { name: 'часы.txt', bytes: Buffer.from('Мы работаем с 9 до 18 без выходных.') });
    await server.app.ctx.queue.drain();
    const widgetId = a.widgetId;
    const avatar = multipart([{ name: 'file', value: PNG, filename: 'a.png' }]);
    const { uri } = json<{ uri: string }>(
      await inject({
        method: 'POST',
        url: `/api/widget/uploadAvatar/${widgetId}`,
        headers: { ...bearer(owner.token), ...avatar.headers },
        payload: avatar.payload,
      }),
    );
    const [file] = await db().select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id));
    expect(file).toBeDefined();
    await db().insert(correctedAnswers).values({ assistantId: a.id, question: 'Когда?', correctAnswer: 'С 9 до 18' });
    const [visitor] = await db().insert(visitors).values({ assistantId: a.id }).returning();
    if (!visitor) throw new Error('no visitor');
    await db()
      .insert(messages)
      .values({ assistantId: a.id, visitorId: visitor.id, role: 'visitor', content: 'Привет' });

    await server.app.ctx.storage.put(`owners/${owner.userId}/chats/${a.id}/${randomUUID()}.pdf`, Buffer.from('%PDF'));

    const files = path.join(server.config.dataDir, 'files', 'owners', owner.userId);
    expect(existsSync(path.join(files, 'chats', a.id))).toBe(true);
    expect(existsSync(path.join(files, 'knowledge', a.id))).toBe(true);
    expect(existsSync(path.join(files, 'widgets', widgetId))).toBe(true);

    const res = await inject({ method: 'DELETE', url: `/api/assistant/${a.id}`, headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true });

    expect(await assistantRow(a.id)).toBeUndefined();
    expect(await db().select().from(widgets).where(eq(widgets.id, widgetId))).toHaveLength(0);
    expect(await db().select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id))).toHaveLength(0);
    expect(await db().select().from(knowledgeChunks).where(eq(knowledgeChunks.assistantId, a.id))).toHaveLength(0);
    expect(await db().select().from(correctedAnswers).where(eq(correctedAnswers.assistantId, a.id))).toHaveLength(0);
    expect(await db().select().from(visitors).where(eq(visitors.assistantId, a.id))).toHaveLength(0);
    expect(await db().select().from(messages).where(eq(messages.assistantId, a.id))).toHaveLength(0);
    // Stored bytes go too: the knowledge file and the uploaded avatar.
    const download = await inject({
      method: 'GET',
      url: `/api/assistant/knowledge/file/${file?.id}/download`,
      headers: bearer(owner.token),
    });
    expect(download.statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: uri })).statusCode).toBe(404);
    expect(existsSync(path.join(files, 'knowledge', a.id))).toBe(false);
    expect(existsSync(path.join(files, 'widgets', widgetId))).toBe(false);
    expect(existsSync(path.join(files, 'chats', a.id))).toBe(false);
    const gone = await inject({ method: 'GET', url: `/api/assistant/${a.id}`, headers: bearer(owner.token) });
    expect(gone.statusCode).toBe(404);
  });

  it("answers 404 for another owner's assistant and deletes nothing", async () => {
    const theirs = await create({}, undefined, other.token);
    const res = await inject({ method: 'DELETE', url: `/api/assistant/${theirs.id}`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: ASSISTANT_TEXTS.notFound });
    expect(await assistantRow(theirs.id)).toBeDefined();
    expect(await db().select().from(widgets).where(eq(widgets.id, theirs.widgetId))).toHaveLength(1);
  });

  it('requires a signed-in owner', async () => {
    const a = await create();
    expect((await inject({ method: 'DELETE', url: `/api/assistant/${a.id}` })).statusCode).toBe(401);
    expect(await assistantRow(a.id)).toBeDefined();
  });
});

describe('models', () => {
  it('offers gpt-4o-mini, gpt-4o and the local answerer without any provider', async () => {
    const res = await inject({ method: 'GET', url: '/api/models', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(json<ModelOption[]>(res)).toEqual([
      { id: 'gpt-4o-mini', name: 'gpt-4o-mini', provider: 'openai', available: false },
      { id: 'gpt-4o', name: 'gpt-4o', provider: 'openai', available: false },
      { id: 'local', name: 'Локальный (без LLM)', provider: 'local', available: true },
    ]);
    expect((await inject({ method: 'GET', url: '/api/models' })).statusCode).toBe(401);
  });

  describe('with every provider configured', () => {
    let peer: Server;
    let configured: TestServer;
    let token: string;

    beforeAll(async () => {
      // An Ollama-compatible peer on loopback: GET /api/tags lists the pulled models.
      peer = createServer((req, res) => {
        if (req.url === '/api/tags') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ models: [{ name: 'llama3.1:8b' }, { name: 'qwen2.5:7b' }, { name: '<script>' }] }));
        } else {
          res.statusCode = 404;
          res.end();
        }
      });
      await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
      const port = (peer.address() as AddressInfo).port;
      configured = await startTestServer({
        OPENAI_API_KEY: 'sk-test',
        OLLAMA_URL: `http://127.0.0.1:${port}`,
        GIGACHAT_CREDENTIALS: 'Y2xpZW50OnNlY3JldA==',
      });
      token = (await createOwner(configured.app)).token;
    });
    afterAll(async () => {
      await configured?.close();
      await new Promise((resolve) => peer?.close(resolve));
    });

    it('lists the models of each provider', async () => {
      const res = await configured.app.inject({ method: 'GET', url: '/api/models', headers: bearer(token) });
      expect(json<ModelOption[]>(res)).toEqual([
        { id: 'gpt-4o-mini', name: 'gpt-4o-mini', provider: 'openai', available: true },
        { id: 'gpt-4o', name: 'gpt-4o', provider: 'openai', available: true },
        { id: 'ollama:llama3.1:8b', name: 'Ollama: llama3.1:8b', provider: 'ollama', available: true },
        { id: 'ollama:qwen2.5:7b', name: 'Ollama: qwen2.5:7b', provider: 'ollama', available: true },
        { id: 'gigachat:GigaChat', name: 'GigaChat', provider: 'gigachat', available: true },
        { id: 'gigachat:GigaChat-Pro', name: 'GigaChat-Pro', provider: 'gigachat', available: true },
        { id: 'gigachat:GigaChat-Max', name: 'GigaChat-Max', provider: 'gigachat', available: true },
        { id: 'local', name: 'Локальный (без LLM)', provider: 'local', available: true },
      ]);
    });

    it('lets an assistant use them', async () => {
      const { id: widgetId } = json<{ id: string }>(
        await configured.app.inject({ method: 'POST', url: '/api/widget/init', headers: bearer(token) }),
      );
      const body = multipart([requestJson({ widgetId, gptModel: 'ollama:llama3.1:8b' })]);
      const res = await configured.app.inject({
        method: 'POST',
        url: '/api/assistant/create',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const a = json<Assistant>(res);
      expect(a.model).toBe('ollama:llama3.1:8b');
      const patched = await configured.app.inject({
        method: 'PATCH',
        url: `/api/assistant/${a.id}`,
        headers: bearer(token),
        payload: { gptModel: 'gigachat:GigaChat-Pro' },
      });
      expect(json<Assistant>(patched).model).toBe('gigachat:GigaChat-Pro');
    });
  });
});
