import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks } from '../src/infra/db/schema';
import { chunkBlocks } from '../src/modules/knowledge/chunker';
import { detectFileType } from '../src/modules/knowledge/detect';
import { parseDocument } from '../src/modules/knowledge/parsers';
import { DEFAULT_TUNING, type IndexedPassage, retrieve, searchKnowledge } from '../src/modules/retrieval';
import {
  forgetPassageIndex,
  loadedPassageIndex,
  parseTsvector,
  passageIndexLoaded,
} from '../src/modules/retrieval/passage-index';
import { countTokens } from '../src/modules/retrieval/text';
import { FIXTURE_BUSINESSES } from './fixtures/engine/fixture';
import { createOwner } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { createAssistant, indexedFile, knowledgeFileRow } from './knowledge-helpers';

let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  userId = (await createOwner(server.app)).userId;
});
afterAll(() => server.close());

const addFile = (assistantId: string, name: string, passages: IndexedPassage[]) =>
  indexedFile(server.app, assistantId, name, passages);

/** The ranking of a question made by the database (no index in memory), then by the loaded index. */
async function bothRankings(assistantId: string, question: string) {
  forgetPassageIndex(assistantId);
  const tuning = { ...DEFAULT_TUNING, memoryIndex: false };
  const inDatabase = (await retrieve(server.app.ctx, assistantId, question, { limit: 6, tuning })).passages;
  await retrieve(server.app.ctx, assistantId, question, { limit: 6 });
  await passageIndexLoaded(assistantId);
  const inMemory = (await retrieve(server.app.ctx, assistantId, question, { limit: 6 })).passages;
  return { inDatabase, inMemory };
}

const same = (a: { chunkId: string; score: number }[], b: { chunkId: string; score: number }[]) => {
  expect(b.map((p) => p.chunkId)).toEqual(a.map((p) => p.chunkId));
  b.forEach((p, i) => {
    expect(p.score).toBeCloseTo(a[i]?.score ?? Number.NaN, 9);
  });
};

describe('the passage index in memory', () => {
  it('reads stems and their counts from a tsvector, quotes and backslashes included', () => {
    expect(parseTsvector(`'вод':1,4,9 'доставк':2 'it''s':3 'a\\\\b':5A,6 'стоп'`)).toEqual([
      ['вод', 3],
      ['доставк', 1],
      ["it's", 1],
      ['a\\b', 2],
      ['стоп', 1],
    ]);
  });

  it('ranks the passages of several businesses as the database does', async () => {
    for (const business of FIXTURE_BUSINESSES.slice(0, 3)) {
      const id = await createAssistant(server.app, userId, business.title);
      for (const file of business.files)
        await addFile(
          id,
          file.name,
          chunkBlocks(await parseDocument(detectFileType(file.bytes, file.name), file.bytes)),
        );
      for (const { q } of business.questions.slice(0, 25)) {
        const { inDatabase, inMemory } = await bothRankings(id, q);
        same(inDatabase, inMemory);
      }
    }
  });

  it('ranks as the database does when every stem of the question is common (two of the rarest required)', async () => {
    const id = await createAssistant(server.app, userId, 'Вода');
    const words = ['доставка', 'воды', 'бутыль', 'залог', 'помпа', 'кулер', 'офис', 'дом', 'утром', 'вечером'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return words[seed % words.length] as string;
    };
    // More than a page of the loading (500), so the index is read in two.
    const passages = Array.from({ length: 620 }, (_, i) => ({
      heading: '',
      content: `Запись ${i}: ${Array.from({ length: 6 }, pick).join(' ')}.`,
    }));
    await addFile(id, 'вода.txt', passages);
    for (const q of ['доставка воды утром', 'залог за бутыль', 'кулер в офис вечером', 'помпа']) {
      const { inDatabase, inMemory } = await bothRankings(id, q);
      expect(inDatabase.length).toBeGreaterThan(0);
      same(inDatabase, inMemory);
    }
  });

  it('is not used once another instance changed the index: the question is ranked again with fresh counts', async () => {
    const id = await createAssistant(server.app, userId, 'Химчистка');
    const { db } = server.app.ctx;
    await addFile(id, 'пуховики.txt', [{ heading: '', content: 'Химчистка пуховиков занимает три дня.' }]);
    expect((await searchKnowledge(server.app.ctx, id, 'химчистка пуховика'))[0]?.content).toContain('пуховиков');
    await passageIndexLoaded(id);
    // Another instance indexes a file: written here without telling this process (indexChunks
    // would drop the vocabulary and the index), so both stay as that instance's neighbour holds them.
    const fileId = await knowledgeFileRow(server.app, id, 'ковры.txt');
    const content = 'Ковры чистим на дому, выезд мастера бесплатный.';
    await db.insert(knowledgeChunks).values({
      assistantId: id,
      fileId,
      ord: 0,
      heading: '',
      content,
      tokenCount: countTokens(content),
    });
    await db.execute(sql`
      insert into knowledge_terms (assistant_id, lexeme, df)
      select ${id}::uuid, u.lexeme, 1 from knowledge_chunks c cross join lateral unnest(c.tsv) u
      where c.file_id = ${fileId}::uuid
      on conflict (assistant_id, lexeme) do update set df = knowledge_terms.df + 1`);
    await db.execute(sql`
      update knowledge_stats set chunks = chunks + 1, tokens = tokens + ${countTokens(content)}
      where assistant_id = ${id}::uuid`);
    const found = await searchKnowledge(server.app.ctx, id, 'чистите ковры на дому?');
    expect(found[0]?.content).toContain('Ковры');
    await passageIndexLoaded(id);
    expect((await searchKnowledge(server.app.ctx, id, 'чистите ковры на дому?'))[0]?.content).toContain('Ковры');
  });
});

describe('a small index being loaded', () => {
  it('is waited for by the questions asked meanwhile, so none is ranked by the database', async () => {
    const id = await createAssistant(server.app, userId, 'Вода');
    await addFile(id, 'вода.txt', [
      { heading: 'Доставка', content: 'Доставка воды по городу бесплатная от двух бутылей.' },
      { heading: 'Залог', content: 'Залог за бутыль 300 рублей, возвращается при сдаче тары.' },
    ]);
    await addFile(id, 'кулеры.txt', [{ heading: 'Кулеры', content: 'Кулер в аренду: 200 рублей в месяц.' }]);
    forgetPassageIndex(id);
    const questions = ['сколько стоит доставка воды', 'залог за бутыль', 'кулер в аренду'];
    const found = await Promise.all(questions.map((q) => searchKnowledge(server.app.ctx, id, q)));
    // Each answer came from the index: it was in memory when the first one was ranked.
    expect(loadedPassageIndex(id)?.ids).toHaveLength(3);
    expect(found.map((f) => f[0]?.heading)).toEqual(['Доставка', 'Залог', 'Кулеры']);
  });
});

describe('passages of many questions fetched together', () => {
  it('hands each question the passages of its own assistant, as when asked alone', async () => {
    const water = await createAssistant(server.app, userId, 'Вода');
    const cleaner = await createAssistant(server.app, userId, 'Химчистка');
    await addFile(water, 'вода.txt', [
      { heading: 'Доставка', content: 'Доставка воды по городу бесплатная от двух бутылей.' },
      { heading: 'Залог', content: 'Залог за бутыль 300 рублей, возвращается при сдаче тары.' },
    ]);
    await addFile(cleaner, 'чистка.txt', [
      { heading: 'Доставка', content: 'Доставка вещей в химчистку курьером стоит 200 рублей.' },
      { heading: 'Сроки', content: 'Чистка пуховика занимает три дня.' },
    ]);
    const questions = ['сколько стоит доставка', 'залог за бутыль', 'сроки чистки пуховика'];
    const alone = new Map<string, string[]>();
    for (const id of [water, cleaner]) {
      await searchKnowledge(server.app.ctx, id, 'доставка');
      await passageIndexLoaded(id);
      for (const q of questions)
        alone.set(
          `${id}/${q}`,
          (await searchKnowledge(server.app.ctx, id, q)).map((p) => p.content),
        );
    }
    const asked = Array.from({ length: 30 }, (_, i) => ({
      id: i % 2 ? water : cleaner,
      q: questions[i % questions.length] as string,
    }));
    const together = await Promise.all(asked.map(({ id, q }) => searchKnowledge(server.app.ctx, id, q)));
    together.forEach((found, i) => {
      const { id, q } = asked[i] as { id: string; q: string };
      expect(found.map((p) => p.content)).toEqual(alone.get(`${id}/${q}`));
      for (const p of found) expect(p.fileName).toBe(id === water ? 'вода.txt' : 'чистка.txt');
    });
  });
});
