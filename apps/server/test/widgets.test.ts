import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AVATAR_MAX_BYTES,
  DEFAULT_PREDEFINED_QUESTIONS,
  type Pattern,
  WIDGET_TEXTS,
  type Widget,
  WidgetSaveRequest,
} from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patterns, widgets } from '../src/infra/db/schema';
import { AVATARS_DIR } from '../src/modules/widgets/assets';
import { seedPatterns } from '../src/modules/widgets/patterns';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { multipart } from './knowledge-helpers';

/** Smallest real images of each accepted type. */
const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  webp: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z',
    'base64',
  ),
};
const EVIL_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
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

async function initWidget(token = owner.token): Promise<string> {
  const res = await inject({ method: 'POST', url: '/api/widget/init', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ id: string }>(res);
  expect(Object.keys(body)).toEqual(['id']);
  return body.id;
}

const save = (body: Record<string, unknown>, token = owner.token) =>
  inject({ method: 'POST', url: '/api/widget', headers: bearer(token), payload: body });

const row = async (id: string) => (await server.app.ctx.db.select().from(widgets).where(eq(widgets.id, id)))[0];

function uploadAvatar(widgetId: string, bytes: Buffer, filename = 'avatar.png', token = owner.token) {
  const body = multipart([{ name: 'file', value: bytes, filename, contentType: 'image/png' }]);
  return inject({
    method: 'POST',
    url: `/api/widget/uploadAvatar/${widgetId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('widget init and save', () => {
  it('creates a widget with the defaults of the spec', async () => {
    const id = await initWidget();
    const res = await save({ id });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Widget>(res)).toEqual({
      id,
      botName: 'Ваш бот',
      botRole: '',
      greeting: 'Привет! Как я могу помочь?',
      backgroundColor: '#ffffff',
      accentColor: '#007bff',
      messageColor: '#e6e6e6',
      headerTextColor: '#000',
      messageTextColor: '#000',
      avatarUrl: null,
      brandLogoVisible: true,
      allowFileAttachment: true,
      headerPattern: null,
      patternOpacity: 1,
      patternScale: 1,
      predefinedQuestions: [...DEFAULT_PREDEFINED_QUESTIONS],
    });
  });

  it('stores the whole design of spec §7 and replies with it', async () => {
    const id = await initWidget();
    const body = {
      id,
      botName: 'Артем',
      botRole: 'Консультант',
      greeting: 'Добрый день!',
      backgroundColor: '#FF7F50',
      accentColor: '#FFF4CC',
      messageColor: '#A8FFA8',
      allowFileAttachment: false,
      brandLogoVisible: false,
      headerTextColor: '#000',
      messageTextColor: '#000',
      predefinedQuestions: ['Сколько стоит?', 'Как подключить?'],
      headerPattern: 'waves',
      patternOpacity: 0.3,
      patternScale: 1.5,
    };
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    const { id: _id, ...rest } = body;
    expect(json<Widget>(res)).toEqual({ ...rest, id, avatarUrl: null });
    const stored = await row(id);
    expect(stored?.headerPatternId).toBe('waves');
    expect(stored?.patternOpacity).toBeCloseTo(0.3);
  });

  it('accepts the pattern as the object the client state holds, and null for none', async () => {
    const id = await initWidget();
    const asObject = await save({ id, headerPattern: { id: 'dots', name: 'Горошек', imageData: 'x' } });
    expect(json<Widget>(asObject).headerPattern).toBe('dots');
    const none = await save({ id, headerPattern: null });
    expect(json<Widget>(none).headerPattern).toBeNull();
  });

  it('keeps the fields left out and derives the text colours from their surfaces', async () => {
    const id = await initWidget();
    await save({ id, botName: 'Ира' });
    const res = await save({ id, backgroundColor: '#1F2430', messageColor: '#fafafa' });
    const widget = json<Widget>(res);
    expect(widget.botName).toBe('Ира');
    expect(widget.headerTextColor).toBe('#fff');
    expect(widget.messageTextColor).toBe('#000');
  });

  it('trims the suggested questions and drops empty ones', async () => {
    const id = await initWidget();
    const res = await save({ id, predefinedQuestions: ['  Привет  ', '', '   ', 'Цены'] });
    expect(json<Widget>(res).predefinedQuestions).toEqual(['Привет', 'Цены']);
    const empty = await save({ id, predefinedQuestions: [] });
    expect(json<Widget>(empty).predefinedQuestions).toEqual([]);
  });

  it.each([
    [{ backgroundColor: 'red' }, WIDGET_TEXTS.invalidColor],
    [{ accentColor: '#12345' }, WIDGET_TEXTS.invalidColor],
    [{ messageColor: '#ggg' }, WIDGET_TEXTS.invalidColor],
    [{ headerTextColor: 'rgb(0,0,0)' }, WIDGET_TEXTS.invalidColor],
    [{ patternOpacity: -0.1 }, WIDGET_TEXTS.opacityRange],
    [{ patternOpacity: 1.1 }, WIDGET_TEXTS.opacityRange],
    [{ patternScale: 0.4 }, WIDGET_TEXTS.scaleRange],
    [{ patternScale: 2.1 }, WIDGET_TEXTS.scaleRange],
    [{ botName: 'а'.repeat(41) }, WIDGET_TEXTS.botNameTooLong],
    [{ botRole: 'а'.repeat(61) }, WIDGET_TEXTS.botRoleTooLong],
    [{ greeting: 'а'.repeat(501) }, WIDGET_TEXTS.greetingTooLong],
    [{ predefinedQuestions: Array.from({ length: 11 }, (_, i) => `Вопрос ${i}`) }, WIDGET_TEXTS.tooManyQuestions],
    [{ predefinedQuestions: ['а'.repeat(151)] }, WIDGET_TEXTS.questionTooLong],
    [{ headerPattern: 'no-such-pattern' }, WIDGET_TEXTS.patternNotFound],
    [{ avatarUrl: 'https://evil.example/x.png' }, 'Аватар можно выбрать из предложенных или загрузить файлом'],
  ])('refuses %j with a Russian message and changes nothing', async (patch, message) => {
    const id = await initWidget();
    const before = await row(id);
    const res = await save({ id, ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ message });
    expect(await row(id)).toEqual(before);
  });

  it('refuses a save without a widget id or with a malformed one', async () => {
    const res = await save({ botName: 'Без id' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'Не заполнено поле «идентификатор»' });
    const malformed = await save({ id: 'undefined' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toEqual({ message: WIDGET_TEXTS.noWidgetId });
    const broken = await inject({
      method: 'POST',
      url: '/api/widget',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).message).toBe('Некорректный JSON в теле запроса');
  });

  it('lets the owner choose a predefined avatar by URL, with the client cache-busting query', async () => {
    const id = await initWidget();
    const res = await save({ id, avatarUrl: '/avatars/avatar5.svg?t=1700000000000' });
    expect(json<Widget>(res).avatarUrl).toBe('/avatars/avatar5.svg');
    const again = await save({ id, avatarUrl: 'http://localhost:5173/avatars/avatar5.svg?t=1' });
    expect(json<Widget>(again).avatarUrl).toBe('/avatars/avatar5.svg');
  });

  it('requires a signed-in owner', async () => {
    expect((await inject({ method: 'POST', url: '/api/widget/init' })).statusCode).toBe(401);
    const id = await initWidget();
    const res = await inject({ method: 'POST', url: '/api/widget', payload: { id } });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Требуется авторизация');
  });

  it("answers 404 for another owner's widget and changes nothing", async () => {
    const id = await initWidget(other.token);
    const before = await row(id);
    const res = await save({ id, botName: 'Чужой' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: WIDGET_TEXTS.widgetNotFound });
    expect(await row(id)).toEqual(before);
  });

  it('keeps at most 20 abandoned widgets per owner', async () => {
    const lonely = await createOwner(server.app);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await initWidget(lonely.token));
    const left = await server.app.ctx.db.select().from(widgets).where(eq(widgets.userId, lonely.userId));
    expect(left).toHaveLength(20);
    // The newest ones stay: the creation flow holds the latest id.
    expect(left.map((w) => w.id)).toContain(ids[22]);
  });
});

describe('avatars', () => {
  it.each(Object.entries(IMAGES))(
    'accepts a %s picture and serves it publicly by the returned uri',
    async (type, bytes) => {
      const id = await initWidget();
      const res = await uploadAvatar(id, bytes, `me.${type}`);
      expect(res.statusCode, res.body).toBe(200);
      const { uri } = json<{ uri: string }>(res);
      expect(Object.keys(json(res))).toEqual(['uri']);
      expect(uri).toMatch(new RegExp(`^/api/widget/avatar/${id}/[0-9a-f]{16}\\.(png|jpg|webp|gif)$`));
      expect((await row(id))?.avatarUrl).toBe(uri);
      // No token: the widget on a customer's site loads it; the client's timestamp query is harmless.
      const image = await inject({ method: 'GET', url: `${uri}?t=123` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(`image/${type}`);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('gives every upload a new uri and forgets the replaced picture', async () => {
    const id = await initWidget();
    const first = json<{ uri: string }>(await uploadAvatar(id, IMAGES.png)).uri;
    const second = json<{ uri: string }>(await uploadAvatar(id, IMAGES.gif, 'b.gif')).uri;
    expect(second).not.toBe(first);
    expect((await inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('turns an uploaded predefined avatar into its static URL', async () => {
    const id = await initWidget();
    const bytes = readFileSync(path.join(AVATARS_DIR, 'avatar7.svg'));
    const res = await uploadAvatar(id, bytes, 'avatar7.svg');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ uri: '/avatars/avatar7.svg' });
    expect((await row(id))?.avatarUrl).toBe('/avatars/avatar7.svg');
  });

  it.each([
    ['any other SVG', EVIL_SVG, 'x.svg', 400, WIDGET_TEXTS.avatarSvgRefused],
    ['text named .png', Buffer.from('это не картинка'), 'fake.png', 400, WIDGET_TEXTS.avatarNotImage],
    ['an HTML page', Buffer.from('<html><body>привет</body></html>'), 'x.png', 400, WIDGET_TEXTS.avatarNotImage],
    ['a PDF', Buffer.from('%PDF-1.4\n'), 'x.pdf', 400, WIDGET_TEXTS.avatarNotImage],
    ['an empty file', Buffer.alloc(0), 'x.png', 400, WIDGET_TEXTS.avatarEmpty],
    [
      'a picture over the size limit',
      Buffer.concat([IMAGES.png, Buffer.alloc(AVATAR_MAX_BYTES)]),
      'big.png',
      413,
      WIDGET_TEXTS.avatarTooLarge,
    ],
  ])('refuses %s and keeps the avatar', async (_name, bytes, filename, status, message) => {
    const id = await initWidget();
    await save({ id, avatarUrl: '/avatars/avatar2.svg' });
    const res = await uploadAvatar(id, bytes, filename);
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res)).toEqual({ message });
    expect((await row(id))?.avatarUrl).toBe('/avatars/avatar2.svg');
  });

  it('refuses an upload without a file with the text of spec §5', async () => {
    const id = await initWidget();
    const body = multipart([{ name: 'note', value: 'нет файла' }]);
    const res = await inject({
      method: 'POST',
      url: `/api/widget/uploadAvatar/${id}`,
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'Не передан ни файл, ни URL' });
    const notMultipart = await inject({
      method: 'POST',
      url: `/api/widget/uploadAvatar/${id}`,
      headers: bearer(owner.token),
      payload: { url: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('deletes the avatar and its file', async () => {
    const id = await initWidget();
    const { uri } = json<{ uri: string }>(await uploadAvatar(id, IMAGES.png));
    const res = await inject({ method: 'DELETE', url: `/api/widget/avatar/${id}`, headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(id))?.avatarUrl).toBeNull();
    expect((await inject({ method: 'GET', url: uri })).statusCode).toBe(404);
  });

  it("answers 404 for another owner's widget on upload and delete, changing nothing", async () => {
    const id = await initWidget(other.token);
    const { uri } = json<{ uri: string }>(await uploadAvatar(id, IMAGES.png, 'a.png', other.token));
    const up = await uploadAvatar(id, IMAGES.gif, 'b.gif', owner.token);
    expect(up.statusCode).toBe(404);
    expect(json(up)).toEqual({ message: WIDGET_TEXTS.widgetNotFound });
    const del = await inject({ method: 'DELETE', url: `/api/widget/avatar/${id}`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(404);
    expect((await row(id))?.avatarUrl).toBe(uri);
    expect((await inject({ method: 'GET', url: uri })).statusCode).toBe(200);
  });

  it('requires a signed-in owner for upload and delete', async () => {
    const id = await initWidget();
    const body = multipart([{ name: 'file', value: IMAGES.png, filename: 'a.png' }]);
    const up = await inject({
      method: 'POST',
      url: `/api/widget/uploadAvatar/${id}`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(up.statusCode).toBe(401);
    expect((await inject({ method: 'DELETE', url: `/api/widget/avatar/${id}` })).statusCode).toBe(401);
  });

  it('serves the 11 predefined avatars as static SVG files', async () => {
    for (let n = 1; n <= 11; n++) {
      const res = await inject({ method: 'GET', url: `/avatars/avatar${n}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(res.body).not.toMatch(/<script|on\w+=/i);
    }
    for (const bad of ['/avatars/avatar12.svg', '/avatars/avatar0.svg', '/avatars/..%2Fpackage.json']) {
      const res = await inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(json(res).message).toBeTypeOf('string');
    }
  });
});

describe('header patterns', () => {
  it('lists at least 8 patterns of our own, each an image in base64', async () => {
    const res = await inject({ method: 'GET', url: '/api/widget/patterns', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    const list = json<Pattern[]>(res);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(['id', 'imageData', 'mimeType', 'name', 'url']);
      expect(p.name).toMatch(/[а-яё]/i);
      expect(p.mimeType).toBe('image/svg+xml');
      expect(p.url).toBe(`/api/widget/patterns/${p.id}/data`);
      const svg = Buffer.from(p.imageData, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg [^>]*width="\d+" height="\d+"/);
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    }
  });

  it('gives one pattern and its image', async () => {
    const one = await inject({ method: 'GET', url: '/api/widget/patterns/waves', headers: bearer(owner.token) });
    expect(one.statusCode).toBe(200);
    const pattern = json<Pattern>(one);
    expect(pattern).toMatchObject({ id: 'waves', name: 'Волны', mimeType: 'image/svg+xml' });
    // Public: the widget on a customer's site draws the header with it.
    const data = await inject({ method: 'GET', url: '/api/widget/patterns/waves/data' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toBe('image/svg+xml');
    expect(data.rawPayload.equals(Buffer.from(pattern.imageData, 'base64'))).toBe(true);
  });

  it('answers 404 with a Russian message for an unknown pattern', async () => {
    for (const url of ['/api/widget/patterns/nope', '/api/widget/patterns/nope/data']) {
      const res = await inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: WIDGET_TEXTS.patternNotFound });
    }
  });

  it('seeds the patterns idempotently', async () => {
    const before = await server.app.ctx.db.select().from(patterns);
    await seedPatterns(server.app.ctx.db);
    await seedPatterns(server.app.ctx.db);
    const after = await server.app.ctx.db.select().from(patterns);
    expect(after).toHaveLength(before.length);
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('stays set on a widget until the owner changes it', async () => {
    const id = await initWidget();
    await save({ id, headerPattern: 'honeycomb', patternOpacity: 0.5, patternScale: 0.5 });
    const res = await save({ id, botName: 'Новое имя' });
    expect(json<Widget>(res)).toMatchObject({ headerPattern: 'honeycomb', patternOpacity: 0.5, patternScale: 0.5 });
  });
});

describe('contract', () => {
  it('parses a full client body the same way the server does', () => {
    const parsed = WidgetSaveRequest.parse({
      id: '6f1c2b0e-8d1a-4c3e-9b1a-2f3e4d5c6b7a',
      headerPattern: { id: 'dots' },
      predefinedQuestions: [' а '],
    });
    expect(parsed.headerPattern).toBe('dots');
    expect(parsed.predefinedQuestions).toEqual(['а']);
  });

  it('documents every widget call in the OpenAPI document', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(res).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/widget/init',
        '/api/widget',
        '/api/widget/uploadAvatar/{widgetId}',
        '/api/widget/avatar/{widgetId}',
        '/api/widget/patterns',
        '/api/widget/patterns/{patternId}',
        '/api/widget/patterns/{patternId}/data',
        '/api/assistant',
        '/api/assistant/{id}',
        '/api/assistant/create',
        '/api/models',
      ]),
    );
  });
});
