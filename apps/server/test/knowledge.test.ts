import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KNOWLEDGE_ASSISTANT_MAX_BYTES } from '@otklik/contract';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { knowledgeChunks, knowledgeFiles, knowledgeStats, knowledgeTerms } from '../src/infra/db/schema';
import { enqueueIngest } from '../src/modules/knowledge/jobs';
import { addKnowledgeFile, storageKey } from '../src/modules/knowledge/service';
import { analyzeTexts, knownStats, searchKnowledge, trigramSimilarity } from '../src/modules/retrieval';
import { loadedPassageIndex } from '../src/modules/retrieval/passage-index';
import { forgetVocabulary, vocabularyOf } from '../src/modules/retrieval/vocabulary';
import { createOwner, type TestOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, indexedFile, leaveRoom, upload } from './knowledge-helpers';

const fixtures = path.join(import.meta.dirname, 'fixtures/knowledge');

interface Item {
  id: string;
  name: string;
  status: string;
  statusReason: string | null;
  size: number;
  mimeType: string;
  uploadedAt: string;
  title: string;
  description: string;
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

const list = async (id = assistantId, token = owner.token) =>
  json<Item[]>(
    await server.app.inject({ method: 'GET', url: `/api/assistant/${id}/knowledge`, headers: bearer(token) }),
  );

async function uploadReady(filename: string, bytes: Buffer, id = assistantId) {
  const res = await upload(server.app, owner.token, id, filename, bytes, {
    title: 'Заголовок',
    description: 'Описание',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { file } = json<{ file: Item }>(res);
  await server.app.ctx.queue.drain();
  const item = (await list(id)).find((f) => f.id === file.id);
  return { file, item };
}

async function chunksOf(fileId: string) {
  const { eq } = await import('drizzle-orm');
  const rows = await server.app.ctx.db
    .select({ content: knowledgeChunks.content, heading: knowledgeChunks.heading })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.fileId, fileId))
    .orderBy(knowledgeChunks.ord);
  return rows.map((r) => `${r.heading}\n${r.content}`).join('\n');
}

describe('knowledge files: every type is parsed', () => {
  it('parses a docx with headings and a table, keeping the header row with each row', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Условия доставки', heading: HeadingLevel.HEADING_1 }),
            new Paragraph('Мы доставляем заказы по всей России транспортными компаниями.'),
            new Table({
              rows: [
                new TableRow({
                  children: ['Город', 'Срок'].map((t) => new TableCell({ children: [new Paragraph(t)] })),
                }),
                new TableRow({
                  children: ['Казань', '3 дня'].map((t) => new TableCell({ children: [new Paragraph(t)] })),
                }),
              ],
            }),
          ],
        },
      ],
    });
    const bytes = await Packer.toBuffer(doc);
    const { file, item } = await uploadReady('Доставка.docx', bytes);
    expect(file).toMatchObject({
      name: 'Доставка.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(typeof file.uploadedAt).toBe('string');
    expect(item).toMatchObject({ status: 'ready', statusReason: null, size: bytes.length, title: 'Заголовок' });
    const text = await chunksOf(file.id);
    expect(text).toContain('Условия доставки');
    expect(text).toContain('транспортными компаниями');
    expect(text).toContain('Город: Казань; Срок: 3 дня');
  });

  it('parses an xlsx price list into rows that name their columns', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Прайс');
    sheet.addRow(['Товар', 'Цена, руб.']);
    sheet.addRow(['Чайник электрический', 2490]);
    sheet.addRow(['Кофемолка', 1890]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { file, item } = await uploadReady('прайс.xlsx', bytes);
    expect(item?.status).toBe('ready');
    const text = await chunksOf(file.id);
    expect(text).toContain('Прайс');
    expect(text).toContain('Товар: Чайник электрический; Цена, руб.: 2490');
    expect(text).toContain('Товар: Кофемолка; Цена, руб.: 1890');
  });

  it('parses csv with ; and with , delimiters', async () => {
    const semi = await uploadReady('a.csv', Buffer.from('Услуга;Цена\nСтрижка;900\nОкрашивание;3500\n'));
    expect(await chunksOf(semi.file.id)).toContain('Услуга: Окрашивание; Цена: 3500');
    const comma = await uploadReady('b.csv', Buffer.from('Услуга,Длительность\n"Маникюр, классический",60 минут\n'));
    expect(comma.item?.mimeType).toBe('text/csv');
    expect(await chunksOf(comma.file.id)).toContain('Услуга: Маникюр, классический; Длительность: 60 минут');
  });

  it("titles a file without headings of its own with the owner's title, else with its name in words", async () => {
    const rows = Buffer.from('Позиция;Цена\nКапучино;180\nЧизкейк;250\n');
    const given = await uploadReady('menu.csv', rows);
    expect(await chunksOf(given.file.id)).toMatch(/^Заголовок\nПозиция: Капучино; Цена: 180/);
    const named = await upload(server.app, owner.token, assistantId, 'Меню кафе.csv', rows);
    const latin = await upload(server.app, owner.token, assistantId, 'menu_v2.csv', rows);
    await server.app.ctx.queue.drain();
    expect(await chunksOf(json<{ file: Item }>(named).file.id)).toMatch(/^Меню кафе\nПозиция: Капучино/);
    expect(await chunksOf(json<{ file: Item }>(latin).file.id)).toMatch(/^\nПозиция: Капучино/);
    // A document with headings of its own keeps them alone.
    const headed = await uploadReady('faq.txt', Buffer.from('# Доставка\n\nПривозим за два часа.'));
    expect(await chunksOf(headed.file.id)).toMatch(/^Доставка\nПривозим/);
  });

  it('reads txt in UTF-8 and in Windows-1251', async () => {
    const utf = await uploadReady('faq.txt', Buffer.from('# Оплата\n\nПринимаем оплату картой и наличными.'));
    expect(await chunksOf(utf.file.id)).toContain('Принимаем оплату картой и наличными.');
    const cp = await uploadReady('старый.txt', iconv.encode('Гарантия на технику — один год.', 'win1251'));
    expect(cp.item?.status).toBe('ready');
    expect(await chunksOf(cp.file.id)).toContain('Гарантия на технику — один год.');
  });

  it('parses a pdf with Cyrillic text', async () => {
    const { file, item } = await uploadReady('доставка.pdf', readFileSync(path.join(fixtures, 'dostavka.pdf')));
    expect(item).toMatchObject({ status: 'ready', mimeType: 'application/pdf' });
    const text = await chunksOf(file.id);
    expect(text).toContain('Курьер привозит заказ на следующий день после оплаты.');
    expect(text).toContain('Тверской улице');
  });

  it('parses a Word 97 doc', async () => {
    const { file, item } = await uploadReady('возврат.doc', readFileSync(path.join(fixtures, 'vozvrat.doc')));
    expect(item).toMatchObject({ status: 'ready', mimeType: 'application/msword' });
    const text = await chunksOf(file.id);
    expect(text).toContain('Правила возврата товара');
    expect(text).toContain('в течение четырнадцати дней');
  });

  it('finds the uploaded passages through search, best first', async () => {
    const found = await searchKnowledge(server.app.ctx, assistantId, 'Сколько дней можно вернуть товар?');
    expect(found[0]?.content).toContain('вернуть товар');
    expect(found[0]?.fileName).toBe('возврат.doc');
    const price = await searchKnowledge(server.app.ctx, assistantId, 'сколько стоит кофемолка');
    expect(price[0]?.content).toContain('Кофемолка');
    const typo = await searchKnowledge(server.app.ctx, assistantId, 'кофемолкка цена');
    expect(typo[0]?.content).toContain('Кофемолка');
  });

  it('reads a file just indexed once before visitors ask: its passage index is loaded without a question', async () => {
    const id = await createAssistant(server.app, owner.userId);
    const text = 'Часы работы\n\nМы открыты с 9:00 до 21:00 без выходных. Парковка во дворе бесплатная.';
    const { item } = await uploadReady('часы.txt', Buffer.from(text), id);
    expect(item?.status).toBe('ready');
    await vi.waitFor(() => expect(loadedPassageIndex(id)).toBeDefined(), { timeout: 5000 });
  });

  it('weighs stems with the same counts from the vocabulary in memory as from the database', async () => {
    await searchKnowledge(server.app.ctx, assistantId, 'кофемолка цена');
    const texts = ['Кофемолка стоит 2 500 рублей.', 'Вернуть товар можно в течение 14 дней.'];
    const lexemes = ['кофемолк', 'вернут', 'товар', 'пуховик'];
    const fromDatabase = await analyzeTexts(server.app.ctx, assistantId, texts, lexemes);
    const known = knownStats(assistantId);
    expect(known).toBeDefined();
    expect(await analyzeTexts(server.app.ctx, assistantId, texts, lexemes, known)).toEqual(fromDatabase);
    expect(fromDatabase.n).toBeGreaterThan(0);
  });

  it('ranks again with a fresh vocabulary when another instance changed the index since it was loaded', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Химчистка');
    const { database } = server.app.ctx;
    const addPassage = (name: string, content: string) => indexedFile(server.app, id, name, [{ heading: '', content }]);
    await addPassage('пуховики.txt', 'Химчистка пуховиков занимает три дня.');
    expect((await searchKnowledge(server.app.ctx, id, 'химчистка пуховика'))[0]?.content).toContain('пуховиков');
    const stale = await vocabularyOf(database, id);
    // Another instance indexes a file: here the vocabulary is dropped, so the old one is put back
    // as that instance's neighbour would still hold it.
    await addPassage('ковры.txt', 'Ковры чистим на дому, выезд мастера бесплатный.');
    forgetVocabulary(id);
    const oldRows = [
      ...stale.lexemes.map((lexeme) => ({ lexeme, df: stale.df.get(lexeme), version: null })),
      { lexeme: null, df: null, version: stale.version },
    ];
    await vocabularyOf({ query: async () => oldRows } as unknown as typeof database, id);
    expect((await vocabularyOf(database, id)).df.has('ковр')).toBe(false);
    const found = await searchKnowledge(server.app.ctx, id, 'чистите ковры?');
    expect(found[0]?.content).toContain('Ковры');
    expect((await vocabularyOf(database, id)).df.has('ковр')).toBe(true);
  });

  it("keeps a passage's tsvector in its row, where the ranking reads it for every candidate", async () => {
    // Out of line (PostgreSQL's default for a value this size) each candidate cost a TOAST lookup.
    const [column] = await server.app.ctx.database.query<{ attstorage: string }>(
      `select attstorage from pg_attribute where attrelid = 'knowledge_chunks'::regclass and attname = 'tsv'`,
    );
    expect(column?.attstorage).toBe('m');
  });
});

describe('knowledge files: bad input', () => {
  it('rejects bytes that are none of the allowed types, whatever the name says', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);
    const res = await upload(server.app, owner.token, assistantId, 'отчёт.pdf', exe);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/Неподдерживаемый тип файла/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(server.app, owner.token, assistantId, 'a.txt', png)).statusCode).toBe(400);
  });

  it('rejects a zip that is not a Word or Excel document', async () => {
    const zip = Buffer.from(zipSync({ 'readme.txt': Buffer.from('не документ') }));
    const res = await upload(server.app, owner.token, assistantId, 'a.docx', zip);
    expect(res.statusCode).toBe(400);
  });

  it('rejects a zip bomb before parsing it', async () => {
    const huge = new Uint8Array(210 * 1024 * 1024);
    const bomb = Buffer.from(
      zipSync({ '[Content_Types].xml': Buffer.from('<Types/>'), 'word/document.xml': huge }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(server.app, owner.token, assistantId, 'bomb.docx', bomb);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/сжат/);
  });

  it('rejects an OLE file that is not a Word document', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await upload(server.app, owner.token, assistantId, 'table.xls', ole)).statusCode).toBe(400);
  });

  it('rejects an empty file, a request without a file and a broken description', async () => {
    expect((await upload(server.app, owner.token, assistantId, 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
    const noFile = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/file`,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(json(noFile).message).toBe('Файл не выбран');
    const { multipart } = await import('./knowledge-helpers');
    const body = multipart([
      { name: 'file', value: Buffer.from('текст'), filename: 'a.txt' },
      { name: 'fileDescriptionJson', value: '{не json' },
    ]);
    const bad = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/file`,
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/fileDescriptionJson/);
  });

  // Regression: the description as a part typed application/json without a file name (curl -F
  // 'fileDescriptionJson={…};type=application/json', Spring), and the same part broken.
  it('takes fileDescriptionJson as a part typed application/json, and refuses it broken', async () => {
    const { multipart } = await import('./knowledge-helpers');
    const post = (description: string) => {
      const body = multipart([
        { name: 'fileDescriptionJson', value: description, contentType: 'application/json' },
        { name: 'file', value: Buffer.from('Мы открыты с 10 до 20.'), filename: 'часы.txt', contentType: 'text/plain' },
      ]);
      return server.app.inject({
        method: 'POST',
        url: `/api/assistant/${assistantId}/file`,
        headers: { ...bearer(owner.token), ...body.headers },
        payload: body.payload,
      });
    };
    const ok = await post(JSON.stringify({ title: 'Часы работы', description: 'Когда мы открыты' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const { file } = json<{ file: { id: string; name: string } }>(ok);
    expect(file.name).toBe('часы.txt');
    const [row] = await server.app.ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
    expect(row).toMatchObject({ title: 'Часы работы', description: 'Когда мы открыты' });
    const bad = await post('{"title":');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ message: 'Некорректное описание файла (fileDescriptionJson)' });
    await server.app.ctx.queue.drain();
  });

  it('refuses a file over 20 MB with 413', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x61);
    const res = await upload(server.app, owner.token, assistantId, 'big.txt', big);
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toMatch(/20 МБ/);
  });

  it('refuses an upload past the 200 MB of an assistant with 413', async () => {
    const full = await createAssistant(server.app, owner.userId, 'Полный');
    await leaveRoom(server.app, full, 10);
    const res = await upload(server.app, owner.token, full, 'a.txt', Buffer.from('двадцать байт текста'));
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toMatch(/200 МБ/);
  });

  it('marks a file whose content cannot be parsed as failed with a Russian reason', async () => {
    const broken = Buffer.from('%PDF-1.7\nэто не настоящий pdf\n');
    const { item } = await uploadReady('сломанный.pdf', broken);
    expect(item?.status).toBe('failed');
    expect(item?.statusReason).toMatch(/Не удалось прочитать файл/);
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 400 for ids that are not uuids', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/assistant/123/knowledge',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(400);
    const dl = await server.app.inject({
      method: 'GET',
      url: '/api/assistant/knowledge/file/abc/download',
      headers: bearer(owner.token),
    });
    expect(dl.statusCode).toBe(400);
  });
});

describe('knowledge files: download and delete', () => {
  it('downloads the original bytes with the Cyrillic name in RFC 5987 form', async () => {
    const bytes = Buffer.from('Часы работы: с 9 до 18.');
    const { file } = await uploadReady('Часы работы.txt', bytes);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/knowledge/file/${file.id}/download`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const cd = String(res.headers['content-disposition']);
    expect(cd).toContain("filename*=UTF-8''%D0%A7%D0%B0%D1%81%D1%8B%20%D1%80%D0%B0%D0%B1%D0%BE%D1%82%D1%8B.txt");
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"/);
  });

  it('stores, lists and sends a name with a right-to-left override without its bidi and control characters', async () => {
    const { file, item } = await uploadReady('evil\u202Efdp.exe\u0007.txt', Buffer.from('Скидка 5% по средам.'));
    expect(file.name).toBe('evilfdp.exe.txt');
    expect(item?.name).toBe('evilfdp.exe.txt');
    const [row] = await server.app.ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
    expect(row?.name).toBe('evilfdp.exe.txt');
    // A row stored before names were cleaned is listed and sent clean all the same.
    await server.app.ctx.db
      .update(knowledgeFiles)
      .set({ name: 'old\u2067\u202Efdp.exe' })
      .where(eq(knowledgeFiles.id, file.id));
    expect((await list()).find((f) => f.id === file.id)?.name).toBe('oldfdp.exe');
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/knowledge/file/${file.id}/download`,
      headers: bearer(owner.token),
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`);
  });

  it('searches added stems as they are, and looks up misspellings of the question only', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Клуб');
    await uploadReady('club.txt', Buffer.from('Клуб работает ежедневно с 7:00 до 23:00.'), id);
    const question = 'Во сколько вы открываетесь?';
    expect(await searchKnowledge(server.app.ctx, id, question)).toEqual([]);
    // "работа" is the stem of "работает"; stemmed again it would be "работ", which no passage holds.
    const found = await searchKnowledge(server.app.ctx, id, question, { stems: ['работа'] });
    expect(found[0]?.content).toContain('Клуб работает');
    // A misspelt question word still finds its passage.
    expect((await searchKnowledge(server.app.ctx, id, 'ежеднево?'))[0]?.content).toContain('Клуб работает');
  });

  it("finds near-spellings among the stems of a file added after the assistant's first question", async () => {
    const id = await createAssistant(server.app, owner.userId, 'Словарь');
    await uploadReady('a.txt', Buffer.from('Парковка для клиентов бесплатная.'), id);
    expect(await searchKnowledge(server.app.ctx, id, 'химчиска пуховиков')).toEqual([]);
    // The in-memory vocabulary was loaded by the question above; the new file's stems must be in it.
    await uploadReady('b.txt', Buffer.from('Химчистка пуховиков занимает три дня.'), id);
    expect((await searchKnowledge(server.app.ctx, id, 'химчиска'))[0]?.content).toContain('Химчистка пуховиков');
  });

  it('measures near-spellings as pg_trgm does', async () => {
    const pairs: [string, string][] = [
      ['химчиска', 'химчистк'],
      ['ежеднев', 'ежеднево'],
      ['covid-19', 'covid'],
      ['пуховик', 'пуховичк'],
      ['ёлк', 'елк'],
      ['abc', 'абв'],
      ['доставк', 'дастафк'],
    ];
    const rows = await server.app.ctx.database.query<{ s: number }>(
      'select similarity(a, b)::float8 s from unnest($1::text[], $2::text[]) p(a, b)',
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    const ours = pairs.map(([a, b]) => trigramSimilarity(a, b));
    expect(ours.map((x) => x.toFixed(5))).toEqual(rows.map((r) => Number(r.s).toFixed(5)));
  });

  it('deletes a file with its passages and its share of the statistics', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Удаление');
    const a = await uploadReady('a.txt', Buffer.from('Парковка для клиентов бесплатная, во дворе.'), id);
    await uploadReady('b.txt', Buffer.from('Бесплатный кофе для гостей.'), id);
    expect((await searchKnowledge(server.app.ctx, id, 'парковка'))[0]?.content).toContain('Парковка');
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${id}/file/${a.file.id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await searchKnowledge(server.app.ctx, id, 'парковка')).toEqual([]);
    expect((await list(id)).map((f) => f.name)).toEqual(['b.txt']);
    const { eq } = await import('drizzle-orm');
    const terms = await server.app.ctx.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.assistantId, id));
    expect(terms.map((t) => t.lexeme)).not.toContain('парковк');
    expect(terms.every((t) => t.df === 1)).toBe(true);
    const [stats] = await server.app.ctx.db.select().from(knowledgeStats).where(eq(knowledgeStats.assistantId, id));
    expect(stats?.chunks).toBe(1);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${id}/file/${a.file.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('adds a file through the domain function assistant creation uses', async () => {
    const item = await addKnowledgeFile(server.app.ctx, {
      userId: owner.userId,
      assistantId,
      filename: 'из-создания.txt',
      bytes: Buffer.from('Мы работаем без выходных.'),
    });
    expect(item.status).toBe('processing');
    await server.app.ctx.queue.drain();
    expect((await list()).find((f) => f.id === item.id)?.status).toBe('ready');
  });
});

describe('knowledge files: the 200 MB of an assistant under concurrent uploads', () => {
  it('lets only one of two uploads at once take the last room', async () => {
    const almostFull = await createAssistant(server.app, owner.userId, 'Почти полный');
    await leaveRoom(server.app, almostFull, 60);
    const bytes = Buffer.from('Свежий хлеб каждый день'); // 43 bytes: one fits in the 60 left, two do not
    expect(bytes.length).toBe(43);
    const replies = await Promise.all(
      ['а.txt', 'б.txt', 'в.txt'].map((name) => upload(server.app, owner.token, almostFull, name, bytes)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 413, 413]);
    await server.app.ctx.queue.drain();
    const used = (await list(almostFull)).reduce((sum, f) => sum + f.size, 0);
    expect(used).toBeLessThanOrEqual(KNOWLEDGE_ASSISTANT_MAX_BYTES);
  });
});

describe('knowledge files: processing after a restart', () => {
  it('queues again at start-up the files a previous process left processing', async () => {
    const id = await createAssistant(server.app, owner.userId, 'После перезапуска');
    const text = Buffer.from('Пекарня открыта с восьми утра до девяти вечера, без выходных и перерывов.');
    // Accepted by a process that ended before its in-process job ran: the row and the bytes, no job.
    const fileId = randomUUID();
    const key = storageKey(owner.userId, id, fileId);
    await server.app.ctx.storage.put(key, text);
    const siteId = randomUUID();
    await server.app.ctx.db.insert(knowledgeFiles).values([
      { id: fileId, assistantId: id, name: 'часы.txt', mimeType: 'text/plain', size: text.length, storageKey: key },
      {
        id: siteId,
        assistantId: id,
        name: '10.0.0.1',
        mimeType: 'text/plain',
        size: 0,
        storageKey: storageKey(owner.userId, id, siteId),
        source: 'site',
        sourceUrl: 'http://10.0.0.1/',
      },
    ]);
    await server.app.ctx.queue.drain();
    expect((await list(id)).map((f) => f.status)).toEqual(['processing', 'processing']);

    // A new process on the same database and files (its own queue, as after a restart).
    const shared = server.app.ctx.database;
    const restarted = await buildApp(server.config, {
      database: { ...shared, close: async () => {} },
      serveWeb: false,
      redisPrefix: `test-${randomUUID()}`,
    });
    try {
      await restarted.ready();
      await restarted.ctx.queue.drain();
    } finally {
      await restarted.close();
    }
    const items = await list(id);
    expect(items.find((f) => f.id === fileId)?.status).toBe('ready');
    expect(await chunksOf(fileId)).toContain('восьми утра');
    // The scrape is queued again too; its address is refused, so it ends failed, not processing.
    expect(items.find((f) => f.id === siteId)?.status).toBe('failed');
  });

  it('indexes a file once when two jobs for it run at the same time', async () => {
    const id = await createAssistant(server.app, owner.userId, 'Два задания');
    const res = await upload(
      server.app,
      owner.token,
      id,
      'цены.txt',
      Buffer.from('Батон стоит 65 рублей.\n\nКруассан стоит 120 рублей.\n\nТорт на заказ от 1500 рублей.'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { file } = json<{ file: Item }>(res);
    // As when a job re-queued at start-up meets the one that survived in Redis.
    await enqueueIngest(server.app.ctx, { fileId: file.id, type: 'txt' });
    await server.app.ctx.queue.drain();
    expect((await list(id)).find((f) => f.id === file.id)?.status).toBe('ready');
    const { eq } = await import('drizzle-orm');
    const chunks = await server.app.ctx.db
      .select({ ord: knowledgeChunks.ord })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.fileId, file.id));
    expect(chunks.length).toBeGreaterThan(0);
    expect(new Set(chunks.map((c) => c.ord)).size).toBe(chunks.length);
    const [stats] = await server.app.ctx.db.select().from(knowledgeStats).where(eq(knowledgeStats.assistantId, id));
    expect(stats?.chunks).toBe(chunks.length);
  });
});

describe('knowledge files: another owner', () => {
  it('gets 404 on every route and changes nothing', async () => {
    const before = await list();
    const target = before[0] as Item;
    const up = await upload(server.app, other.token, assistantId, 'чужой.txt', Buffer.from('чужой текст'));
    expect(up.statusCode).toBe(404);
    const ls = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/${assistantId}/knowledge`,
      headers: bearer(other.token),
    });
    expect(ls.statusCode).toBe(404);
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${assistantId}/file/${target.id}`,
      headers: bearer(other.token),
    });
    expect(del.statusCode).toBe(404);
    const dl = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/knowledge/file/${target.id}/download`,
      headers: bearer(other.token),
    });
    expect(dl.statusCode).toBe(404);
    const scrape = await server.app.inject({
      method: 'POST',
      url: `/api/assistant/${assistantId}/site-scrape?url=${encodeURIComponent('https://example.com')}`,
      headers: bearer(other.token),
    });
    expect(scrape.statusCode).toBe(404);
    // Their own assistant's file id under the victim's assistant is not theirs either.
    const own = await createAssistant(server.app, other.userId);
    const cross = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${own}/file/${target.id}`,
      headers: bearer(other.token),
    });
    expect(cross.statusCode).toBe(404);
    expect(await list()).toEqual(before);
    const noAuth = await server.app.inject({ method: 'GET', url: `/api/assistant/${assistantId}/knowledge` });
    expect(noAuth.statusCode).toBe(401);
  });

  it('never returns another assistant’s passages from search', async () => {
    const mine = await createAssistant(server.app, other.userId, 'Другой');
    await addKnowledgeFile(server.app.ctx, {
      userId: other.userId,
      assistantId: mine,
      filename: 'секрет.txt',
      bytes: Buffer.from('Секретный код склада: 4812.'),
    });
    await server.app.ctx.queue.drain();
    expect((await searchKnowledge(server.app.ctx, mine, 'код склада'))[0]?.content).toContain('4812');
    expect(await searchKnowledge(server.app.ctx, assistantId, 'код склада секретный')).toEqual([]);
  });
});
