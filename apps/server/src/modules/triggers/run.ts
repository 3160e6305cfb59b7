import { TRIGGER_ACTION_EFFECTS } from '@otklik/contract';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { triggerFirings } from '../../infra/db/schema';
import {
  alertOwner,
  type MessagePayload,
  type TriggerHook,
  type TriggerHookContext,
  type TriggerOutcome,
} from '../conversations';
import { compileStopWords, matchStopWords, stems } from './matcher';
import { currentTriggers } from './service';

/** One notification per trigger and visitor in this window: a visitor repeating a word never floods the owner. */
export const NOTIFY_QUIET_MS = 10 * 60 * 1000;

export interface FiredTrigger {
  id: string;
  name: string;
  action: keyof typeof TRIGGER_ACTION_EFFECTS;
  customAnswer: string;
  matched: string[];
}

/** The triggers of the assistant whose stop-words occur in the text, in the owner's order. */
export async function firedTriggers(
  ctx: Pick<AppContext, 'db'>,
  assistantId: string,
  content: string,
): Promise<FiredTrigger[]> {
  const rows = await currentTriggers(ctx.db, assistantId);
  if (rows.length === 0) return [];
  const messageStems = stems(content);
  const fired: FiredTrigger[] = [];
  for (const t of rows) {
    const matched = matchStopWords(messageStems, compileStopWords(t.stopWords));
    if (matched.length > 0) {
      fired.push({ id: t.id, name: t.name, action: t.action, customAnswer: t.customAnswer, matched });
    }
  }
  return fired;
}

/**
 * What the fired triggers decide together (spec §4 enumeration): the first custom answer in the
 * owner's order is the reply; the conversation stops if any fired trigger stops it.
 */
export function combineOutcome(fired: readonly FiredTrigger[]): TriggerOutcome {
  const outcome: TriggerOutcome = {};
  const withAnswer = fired.find((t) => TRIGGER_ACTION_EFFECTS[t.action].customAnswer && t.customAnswer.trim());
  if (withAnswer) outcome.reply = withAnswer.customAnswer;
  if (fired.some((t) => TRIGGER_ACTION_EFFECTS[t.action].stop)) outcome.stop = true;
  return outcome;
}

/**
 * The pipeline's trigger hook (ARCHITECTURE §4 step 2), installed with setTriggerHook: matches
 * the visitor's message, records the firings, e-mails the owner for the notifying actions at
 * once (through the mail job), and tells the pipeline what to answer and whether to stop.
 */
export const runTriggers: TriggerHook = async (hook: TriggerHookContext, message: MessagePayload) => {
  const { ctx, assistantId, visitorId } = hook;
  if (message.role !== 'visitor' || !message.content.trim()) return {};
  const fired = await firedTriggers(ctx, assistantId, message.content);
  if (fired.length === 0) return {};
  try {
    await recordAndNotify(ctx, assistantId, visitorId, message, fired);
  } catch (err) {
    // A failed notification must not lose the visitor's answer; the firing is logged instead.
    ctx.log.error({ err, assistantId }, 'trigger notification failed');
  }
  return combineOutcome(fired);
};

async function recordAndNotify(
  ctx: AppContext,
  assistantId: string,
  visitorId: string,
  message: MessagePayload,
  fired: FiredTrigger[],
): Promise<void> {
  const notifying = fired.filter((t) => TRIGGER_ACTION_EFFECTS[t.action].notify);
  const recent =
    notifying.length === 0
      ? []
      : await ctx.db
          .select({ triggerId: triggerFirings.triggerId })
          .from(triggerFirings)
          .where(
            and(
              inArray(
                triggerFirings.triggerId,
                notifying.map((t) => t.id),
              ),
              eq(triggerFirings.visitorId, visitorId),
              eq(triggerFirings.notified, true),
              gt(triggerFirings.createdAt, new Date(Date.now() - NOTIFY_QUIET_MS)),
            ),
          );
  const quiet = new Set(recent.map((r) => r.triggerId));
  const toNotify = notifying.filter((t) => !quiet.has(t.id));
  const notifyIds = new Set(toNotify.map((t) => t.id));
  await ctx.db.insert(triggerFirings).values(
    fired.map((t) => ({
      triggerId: t.id,
      assistantId,
      visitorId,
      messageId: message.id || null,
      matched: t.matched,
      notified: notifyIds.has(t.id),
    })),
  );
  if (toNotify.length > 0)
    await alertOwner(ctx, {
      reason: 'trigger',
      assistantId,
      visitorId,
      message: message.content,
      triggers: toNotify.map((t) => ({ name: t.name, matched: t.matched })),
    });
}
