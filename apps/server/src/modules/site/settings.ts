import type { SiteConfig } from '@otklik/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../infra/db';
import { assistants, siteSettings } from '../../infra/db/schema';

export const DEMO_ASSISTANT_KEY = 'demo_assistant_id';

export async function getSetting(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value ?? null;
}

export async function putSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

/** The seeded demo assistant, if it was seeded and still exists. */
export async function demoAssistantId(db: Executor): Promise<string | null> {
  const id = await getSetting(db, DEMO_ASSISTANT_KEY);
  if (!id) return null;
  const [row] = await db.select({ id: assistants.id }).from(assistants).where(eq(assistants.id, id));
  return row?.id ?? null;
}

/** SITE_ASSISTANT_ID wins; otherwise the seeded demo assistant; otherwise no widget on the site. */
export async function siteConfig(ctx: AppContext): Promise<SiteConfig> {
  return {
    assistantId: ctx.config.SITE_ASSISTANT_ID ?? (await demoAssistantId(ctx.db)),
    supportEmail: ctx.config.SUPPORT_EMAIL,
    supportTelegram: ctx.config.SUPPORT_TELEGRAM,
  };
}
