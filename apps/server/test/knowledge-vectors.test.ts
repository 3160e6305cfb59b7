import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { knowledgeChunks, knowledgeFiles } from '../src/infra/db/schema';
import { warmAnswerer } from '../src/modules/answerer';
import { loadedPassageIndex } from '../src/modules/retrieval/passage-index';
import { searchKnowledge } from '../src/modules/retrieval/search';
import { createOwner, type TestOwner } from './helpers/factories';
import { type OpenAiPeer, startOpenAiPeer } from './helpers/openai-peer';
import { onPostgres, startTestServer, type TestServer } from './helpers/server';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

// A hotel's rules. The passage on animals shares no word with the question below; only the
// peer's vectors (their "meanings", like a real embeddings model) connect the two.
const RULES = `## Заселение
Заселение начинается в 14:00, выезд до 12:00. Ранний заезд возможен при наличии свободных номеров.

## Животные
Гостей с собаками и кошками принимаем в номерах первого этажа, залог 2000 рублей.

## Парковка
Охраняемая стоянка во дворе, место для автомобиля стоит 500 рублей в сутки.`;
const QUESTION = 'Можно ли остановиться у вас с домашним питомцем?';
const OTHER_RULES = `## Питомцы
Собак и кошек в нашем хостеле не размещаем, исключение — собаки-поводыри.`;

const MEANINGS = {
  собак: 'pet',
  кошк: 'pet',
  питом: 'pet',
  животн: 'pet',
  заселен: 'stay',
  останов: 'stay',
  гост: 'stay',
};

let peer: OpenAiPeer;
let server: TestServer;
let owner: TestOwner;
let hotel: string;
let hostel: string;
/** pgvector present: always on PGlite (it loads the extension); on PostgreSQL only where installed. */
let vectors: boolean;

const lexicalOnly = () => ({ database: server.app.ctx.database });
const passageWith = (text: string) => (p: { content: string }) => p.content.includes(text);

async function addFile(assistantId: string, name: string, text: string) {
  const res = await upload(server.app, owner.token, assistantId, name, Buffer.from(text, 'utf8'));
  expect(res.statusCode, res.body).toBe(200);
  await server.app.ctx.queue.drain();
  const id = (res.json() as { file: { id: string } }).file.id;
  const [file] = await server.app.ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
  return file;
}

async function embeddedChunks(assistantId: string): Promise<number> {
  const [row] = await server.app.ctx.database.query<{ n: number }>(
    'select count(*)::int n from knowledge_embeddings where assistant_id = $1',
    [assistantId],
  );
  return row?.n ?? 0;
}

async function chunkCount(assistantId: string): Promise<number> {
  return (await server.app.ctx.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.assistantId, assistantId)))
    .length;
}

beforeAll(async () => {
  peer = await startOpenAiPeer();
  peer.meanings = MEANINGS;
  server = await startTestServer({
    OPENAI_BASE_URL: peer.url,
    EMBEDDINGS_MODEL: 'text-embedding-3-small',
    LLM_RETRIES: '0',
    LLM_TIMEOUT_MS: '3000',
  });
  const [available] = await server.app.ctx.database.query<{ n: number }>(
    `select count(*)::int n from pg_available_extensions where name = 'vector'`,
  );
  vectors = Boolean(available?.n);
  owner = await createOwner(server.app);
  hotel = await createAssistant(server.app, owner.userId, 'Гостиница');
  hostel = await createAssistant(server.app, owner.userId, 'Хостел');
  expect((await addFile(hotel, 'pravila.txt', RULES))?.status).toBe('ready');
  expect((await addFile(hostel, 'hostel.txt', OTHER_RULES))?.status).toBe('ready');
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.embeddings = { kind: 'vectors' };
  peer.embeddingRequests.length = 0;
  peer.requests.length = 0;
});

describe('vector retrieval, detected', () => {
  it('is on exactly where the database has pgvector (PGlite always has it)', () => {
    if (!onPostgres) expect(vectors).toBe(true);
    expect(Boolean(server.app.ctx.embeddings)).toBe(vectors);
  });

  it('embeds every uploaded passage with the configured model, or none without pgvector', async () => {
    if (!vectors) {
      expect(
        await server.app.ctx.database.query(`select 1 from pg_tables where tablename = 'knowledge_embeddings'`),
      ).toEqual([]);
      return;
    }
    expect(await embeddedChunks(hotel)).toBe(await chunkCount(hotel));
    expect(await embeddedChunks(hostel)).toBe(await chunkCount(hostel));
    const [row] = await server.app.ctx.database.query<{ model: string; dims: number }>(
      'select model, vector_dims(embedding) dims from knowledge_embeddings where assistant_id = $1 limit 1',
      [hotel],
    );
    expect(row).toEqual({ model: 'text-embedding-3-small', dims: 64 });
  });

  it('finds a passage by meaning for a question that shares no word with it', async () => {
    const lexical = await searchKnowledge(lexicalOnly(), hotel, QUESTION);
    expect(lexical.some(passageWith('собаками'))).toBe(false);
    const found = await searchKnowledge(server.app.ctx, hotel, QUESTION);
    if (vectors) {
      expect(found[0]?.content).toContain('Гостей с собаками и кошками');
      expect(peer.embeddingRequests).toEqual([{ model: 'text-embedding-3-small', input: [QUESTION] }]);
    } else {
      expect(found).toEqual(lexical);
      expect(peer.embeddingRequests).toEqual([]);
    }
  });

  it("embeds the visitor's own question (not the synonyms added for the lexical search) and gives the model the passage", async () => {
    const v = await newVisitor(server.app, hotel);
    peer.replies.push({ kind: 'stream', chunks: ['Да, с питомцем можно.'] });
    const sent = await send(server.app, hotel, v.visitorToken, QUESTION);
    expect(sent.message?.content).toBe('Да, с питомцем можно.');
    const system = (peer.requests.at(-1) as { messages: { role: string; content: string }[] }).messages[0];
    expect(system?.role).toBe('system');
    // The built-in synonyms (питомец → животное) also lead the lexical search to this passage.
    expect(system?.content).toContain('Гостей с собаками и кошками');
    expect(peer.embeddingRequests).toEqual(vectors ? [{ model: 'text-embedding-3-small', input: [QUESTION] }] : []);
  });

  it("never returns another assistant's passages, however close in meaning", async () => {
    const found = await searchKnowledge(server.app.ctx, hotel, 'собаки кошки питомцы животные', { limit: 20 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.some(passageWith('хостеле'))).toBe(false);
    const theirs = await searchKnowledge(server.app.ctx, hostel, QUESTION, { limit: 20 });
    expect(theirs.every(passageWith('хостеле'))).toBe(true);
  });

  it('keeps a file ready and searchable by its words when the embeddings provider fails', async () => {
    peer.embeddings = { kind: 'status', status: 500 };
    const file = await addFile(hotel, 'zavtrak.txt', 'Завтрак подают с 7:00 до 10:30 в ресторане на втором этаже.');
    expect(file?.status).toBe('ready');
    expect(peer.embeddingRequests.length).toBe(vectors ? 1 : 0);
    // The question's embedding fails too: the lexical ranking answers.
    const found = await searchKnowledge(server.app.ctx, hotel, 'Во сколько завтрак?');
    expect(found[0]?.content).toContain('Завтрак подают');
    if (!vectors) return;
    expect(await embeddedChunks(hotel)).toBe((await chunkCount(hotel)) - 1);

    // The assistant's next ingestion embeds what the failure left out.
    peer.embeddings = { kind: 'vectors' };
    await addFile(hotel, 'wifi.txt', 'Пароль от беспроводной сети написан на карточке у кровати.');
    expect(await embeddedChunks(hotel)).toBe(await chunkCount(hotel));
  });

  it('answers lexically without waiting long for a provider that does not reply', async () => {
    peer.embeddings = { kind: 'hang' };
    const started = Date.now();
    const found = await searchKnowledge(server.app.ctx, hotel, 'Сколько стоит парковка автомобиля?');
    expect(found[0]?.content).toContain('стоянка');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(peer.embeddingRequests.length).toBe(vectors ? 1 : 0);
  });

  it("reads a new file's passages before visitors ask without asking the paid provider", async () => {
    await warmAnswerer(server.app.ctx, hotel, [{ heading: 'Заселение', content: RULES }]);
    expect(loadedPassageIndex(hotel)).toBeDefined();
    expect(peer.embeddingRequests.length).toBe(0);
  });

  it('deletes the vectors of a deleted file with its passages', async () => {
    const file = await addFile(hotel, 'udalit.txt', 'Трансфер из аэропорта заказывается за сутки.');
    if (!file) throw new Error('no file');
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/assistant/${hotel}/file/${file.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    if (vectors) expect(await embeddedChunks(hotel)).toBe(await chunkCount(hotel));
    const found = await searchKnowledge(server.app.ctx, hotel, 'трансфер аэропорт', { limit: 20 });
    expect(found.some(passageWith('Трансфер'))).toBe(false);
  });
});

describe('EMBEDDINGS_MODEL', () => {
  it("defaults to OpenAI's model with OpenAI itself only, and is off on request", () => {
    expect(loadConfig({}).EMBEDDINGS_MODEL).toBeUndefined();
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).EMBEDDINGS_MODEL).toBe('text-embedding-3-small');
    expect(
      loadConfig({ OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }).EMBEDDINGS_MODEL,
    ).toBeUndefined();
    expect(loadConfig({ OPENAI_API_KEY: 'sk', EMBEDDINGS_MODEL: 'off' }).EMBEDDINGS_MODEL).toBeUndefined();
    expect(
      loadConfig({ OLLAMA_URL: 'http://127.0.0.1:11434', EMBEDDINGS_MODEL: 'ollama:bge-m3' }).EMBEDDINGS_MODEL,
    ).toBe('ollama:bge-m3');
  });

  it('refuses a model whose provider is not configured, in one Russian line', () => {
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'ollama:bge-m3' })).toThrow(
      'Неверная настройка EMBEDDINGS_MODEL="ollama:bge-m3": для моделей ollama:<имя> нужен OLLAMA_URL',
    );
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'text-embedding-3-small' })).toThrow(/нужен OPENAI_API_KEY/);
  });
});
