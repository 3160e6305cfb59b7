import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, correctedAnswers, knowledgeFiles, users, widgets } from '../src/infra/db/schema';
import { searchCorrectedAnswers, searchKnowledge } from '../src/modules/retrieval/search';
import { DEMO_CORRECT_ANSWERS, DEMO_KNOWLEDGE_TITLE } from '../src/modules/site/demo-knowledge';
import { DEMO_ACCOUNT_EMAIL, seedDemo } from '../src/modules/site/demo-seed';
import { json, startTestServer, type TestServer } from './helpers/server';

describe('demo seed of the site assistant', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds a locked demo account with the site assistant and exposes its id to the public pages', async () => {
    const res = await server.app.inject({ url: '/api/public/site-config' });
    expect(res.statusCode).toBe(200);
    const { assistantId } = json<{ assistantId: string }>(res);
    expect(assistantId).toMatch(/^[0-9a-f-]{36}$/);

    const { db } = server.app.ctx;
    const [assistant] = await db.select().from(assistants).where(eq(assistants.id, assistantId));
    const [owner] = await db
      .select()
      .from(users)
      .where(eq(users.id, assistant?.userId ?? ''));
    expect(owner?.email).toBe(DEMO_ACCOUNT_EMAIL);
    const [widget] = await db
      .select()
      .from(widgets)
      .where(eq(widgets.id, assistant?.widgetId ?? ''));
    expect(widget).toMatchObject({ botName: 'Артем', botRole: 'Консультант' });

    // Nobody can sign in to the demo account, whatever password they try.
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNT_EMAIL, password: '!locked' },
    });
    expect(login.statusCode).toBe(401);

    // Nor take it over with a reset link: none is issued, the reply is the usual one.
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: DEMO_ACCOUNT_EMAIL },
    });
    expect(reset.statusCode).toBe(200);
    await server.app.ctx.queue.drain();
    const links = await server.app.ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM one_time_tokens WHERE user_id = $1 AND purpose = 'reset'",
      [owner?.id],
    );
    expect(links[0]?.n).toBe(0);
  });

  it('shows the dev mailbox to this machine only: its mails hold sign-in links', async () => {
    expect((await server.app.inject({ url: '/dev/mail' })).statusCode).toBe(200);
    const remote = await server.app.inject({ url: '/dev/mail', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ message: 'Не найдено' });
    const direct = await server.app.inject({ url: '/dev/mail/anything.eml', remoteAddress: '198.51.100.2' });
    expect(direct.statusCode).toBe(404);
  });

  it('ingests the product knowledge into the assistant, so it can answer about plans and features', async () => {
    const { assistantId } = json<{ assistantId: string }>(await server.app.inject({ url: '/api/public/site-config' }));
    const { db } = server.app.ctx;
    // The file goes through the ingestion job like any upload: processing, then ready.
    await expect
      .poll(
        async () =>
          (await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, assistantId))).map((f) => ({
            title: f.title,
            status: f.status,
          })),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([{ title: DEMO_KNOWLEDGE_TITLE, status: 'ready' }]);
    const passages = await searchKnowledge(server.app.ctx, assistantId, 'Сколько стоит расширенный тариф?');
    expect(passages[0]?.content).toContain('14 990 ₽');
    const trial = await searchKnowledge(server.app.ctx, assistantId, 'Есть ли бесплатный пробный период?');
    expect(trial.map((p) => p.content).join('\n')).toContain('14 дней');

    const answers = await db.select().from(correctedAnswers).where(eq(correctedAnswers.assistantId, assistantId));
    expect(answers).toHaveLength(DEMO_CORRECT_ANSWERS.length);
    const [price] = await searchCorrectedAnswers(server.app.ctx, assistantId, 'сколько стоит отклик');
    expect(price?.correctAnswer).toContain('9 990 ₽');
  });

  it('is idempotent: seeding again keeps the one assistant', async () => {
    const first = json<{ assistantId: string }>(
      await server.app.inject({ url: '/api/public/site-config' }),
    ).assistantId;
    const again = await seedDemo(server.app.ctx);
    expect(again).toBe(first);
    const [owner] = await server.app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNT_EMAIL));
    const owned = await server.app.ctx.db
      .select()
      .from(assistants)
      .where(eq(assistants.userId, owner?.id ?? ''));
    expect(owned).toHaveLength(1);
    // …and its knowledge is not added twice.
    const files = await server.app.ctx.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, again));
    expect(files).toHaveLength(1);
    const answers = await server.app.ctx.db
      .select()
      .from(correctedAnswers)
      .where(eq(correctedAnswers.assistantId, again));
    expect(answers).toHaveLength(DEMO_CORRECT_ANSWERS.length);
  });
});

describe('site assistant from the settings', () => {
  it('prefers SITE_ASSISTANT_ID and seeds nothing in tests by default', async () => {
    const id = randomUUID();
    const server = await startTestServer({ SITE_ASSISTANT_ID: id });
    try {
      const res = await server.app.inject({ url: '/api/public/site-config' });
      expect(json(res)).toMatchObject({ assistantId: id });
      const demo = await server.app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNT_EMAIL));
      expect(demo).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
