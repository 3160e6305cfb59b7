import { SYNONYMS_MIN_QUERY_LENGTH } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { askModel } from '../answerer';
import { localSynonymizer, type Synonymizer } from './synonymizer';

const MAX_SYNONYMS = 24;
const MAX_LENGTH = 80;

const SYSTEM = [
  'Ты помогаешь службе поддержки: по вопросу клиента напиши, какими ещё словами и фразами клиенты',
  'задают тот же вопрос. Дай до 12 коротких синонимов и перефразировок на русском языке, через запятую,',
  'без нумерации, кавычек и пояснений. Не повторяй сам вопрос.',
].join(' ');

/** The model's list, cleaned: one phrase per item, no numbering or quotes, no repeats, not the question itself. */
export function parseSynonyms(text: string, question: string): string[] {
  const own = question
    .trim()
    .toLowerCase()
    .replace(/[?!.]+$/, '');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;\n]/)) {
    const item = raw
      .replace(/^\s*(?:[-•*]|\d+[.)])\s*/, '')
      .replace(/["«»“”„]/g, '')
      .replace(/[.!?]+$/, '')
      .trim();
    const key = item.toLowerCase();
    if (!item || item.length > MAX_LENGTH || key === own || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= MAX_SYNONYMS) break;
  }
  return out;
}

/**
 * Synonyms from the configured language model (spec §7 synonymizer, ARCHITECTURE §2), with the
 * local dictionary as the fallback when no model is configured or the call fails: the owner
 * always gets something, and a provider outage never breaks saving an answer.
 */
export function modelSynonymizer(ctx: Pick<AppContext, 'config' | 'database' | 'log'>): Synonymizer {
  return {
    async synonyms(question) {
      const text = question.trim();
      if (text.length < SYNONYMS_MIN_QUERY_LENGTH) return [];
      try {
        const reply = await askModel(ctx, {
          model: 'default',
          system: SYSTEM,
          messages: [{ role: 'user', content: text.slice(0, 1000) }],
          temperature: 0.3,
          maxOutputTokens: 300,
        });
        if (!reply.ok) return localSynonymizer.synonyms(text);
        const list = parseSynonyms(reply.text, text);
        return list.length > 0 ? list : localSynonymizer.synonyms(text);
      } catch (err) {
        ctx.log.warn({ err }, 'synonyms from the model failed; the local dictionary answered');
        return localSynonymizer.synonyms(text);
      }
    },
  };
}
