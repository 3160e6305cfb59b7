import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { assistants, correctedAnswers, knowledgeFiles, users, widgets } from '../../infra/db/schema';
import { LOCKED_PASSWORD_HASH } from '../../lib/passwords';
import { createAnswer } from '../answers';
import { addKnowledgeFile } from '../knowledge';
import {
  DEMO_ASSISTANT,
  DEMO_CORRECT_ANSWERS,
  DEMO_KNOWLEDGE_FILENAME,
  DEMO_KNOWLEDGE_TEXT,
  DEMO_KNOWLEDGE_TITLE,
  DEMO_WIDGET,
} from './demo-knowledge';
import { DEMO_ASSISTANT_KEY, demoAssistantId, putSetting } from './settings';

export const DEMO_ACCOUNT_EMAIL = 'demo@otklik.local';

/**
 * Seeding runs on the first start of the embedded mode (a fresh `npm start` shows the
 * product's own assistant at once), never in tests or on PostgreSQL unless SEED_DEMO asks.
 */
export function shouldSeedDemo(ctx: AppContext): boolean {
  const flag = ctx.config.SEED_DEMO;
  if (flag !== undefined) return flag === '1' || flag === 'true';
  return ctx.database.kind === 'pglite' && ctx.config.NODE_ENV !== 'test';
}

/**
 * Creates the demo account, its widget and the site assistant once, and gives the assistant
 * its knowledge (the product's plans and features) through the knowledge and answers services,
 * like an owner would. Later starts find everything by the stored id and change nothing.
 * Returns the assistant id.
 */
export async function seedDemo(ctx: AppContext): Promise<string> {
  const assistantId = (await demoAssistantId(ctx.db)) ?? (await createDemoAssistant(ctx));
  await seedDemoKnowledge(ctx, assistantId);
  return assistantId;
}

/**
 * The knowledge file (parsed and indexed by the ingestion job, as an upload is) and the
 * corrected answers, each only when the assistant has none yet: an owner-edited demo is kept.
 * Two instances seeding at the same moment could both add them; the embedded mode, where
 * seeding runs by default, is one process.
 */
async function seedDemoKnowledge(ctx: AppContext, assistantId: string): Promise<void> {
  const [assistant] = await ctx.db
    .select({ userId: assistants.userId })
    .from(assistants)
    .where(eq(assistants.id, assistantId));
  if (!assistant) return;
  const { userId } = assistant;
  const [file] = await ctx.db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.assistantId, assistantId))
    .limit(1);
  if (!file) {
    await addKnowledgeFile(ctx, {
      userId,
      assistantId,
      filename: DEMO_KNOWLEDGE_FILENAME,
      bytes: Buffer.from(DEMO_KNOWLEDGE_TEXT, 'utf8'),
      title: DEMO_KNOWLEDGE_TITLE,
      description: 'Тарифы, возможности, подключение и пробный период',
      // Not warmed up: a warm-up's caches, on the first start, held the idle server 17 MB over
      // a later start (RSS 10 s after start 254 → 237 MB, budget 250) for a burst of visitors
      // that the site's own chat does not meet; its first visitor reads it cold instead.
      warm: false,
    });
  }
  const [answer] = await ctx.db
    .select({ id: correctedAnswers.id })
    .from(correctedAnswers)
    .where(eq(correctedAnswers.assistantId, assistantId))
    .limit(1);
  if (!answer) {
    for (const item of DEMO_CORRECT_ANSWERS) {
      await createAnswer(ctx, userId, assistantId, {
        question: item.question,
        correctAnswer: item.answer,
        originalAnswer: '',
        synonyms: item.synonyms.join(', '),
        isCorrect: true,
      });
    }
  }
}

async function createDemoAssistant(ctx: AppContext): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    // Two instances starting together must not seed twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('otklik:demo-seed'))`);
    const again = await demoAssistantId(tx);
    if (again) return again;
    const [user] = await tx
      .insert(users)
      .values({
        username: 'Отклик',
        email: DEMO_ACCOUNT_EMAIL,
        // Not an argon2 hash, so no password ever matches: nobody signs in to the demo account.
        passwordHash: LOCKED_PASSWORD_HASH,
        isEmailConfirmed: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const userId =
      user?.id ??
      (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${DEMO_ACCOUNT_EMAIL}`))[0]?.id;
    if (!userId) throw new Error('demo account could not be created');
    const [widget] = await tx
      .insert(widgets)
      .values({ userId, ...DEMO_WIDGET, predefinedQuestions: [...DEMO_WIDGET.predefinedQuestions] })
      .returning({ id: widgets.id });
    if (!widget) throw new Error('demo widget could not be created');
    const [assistant] = await tx
      .insert(assistants)
      .values({ userId, widgetId: widget.id, ...DEMO_ASSISTANT, temperature: 0.1, model: 'gpt-4o-mini' })
      .returning({ id: assistants.id });
    if (!assistant) throw new Error('demo assistant could not be created');
    await putSetting(tx, DEMO_ASSISTANT_KEY, assistant.id);
    ctx.log.info({ assistantId: assistant.id }, 'demo assistant seeded for the public site');
    return assistant.id;
  });
}
