import type { StatisticsQuery } from '@otklik/contract';
import Papa from 'papaparse';
import type { AppContext } from '../../core/context';
import { scopeSql } from './figures';
import { resolveQuery } from './service';

type Ctx = Pick<AppContext, 'db' | 'database'>;

/** The most conversations one file holds, and the longest transcript cell (Excel keeps 32,767 characters). */
const CONVERSATIONS_LIMIT = 20_000;
const TRANSCRIPT_CHARS = 30_000;

const HEADER = [
  'Ассистент',
  'Канал',
  'Посетитель',
  'Телефон',
  'Email',
  'Первое сообщение',
  'Последнее сообщение',
  'Сообщений посетителя',
  'Ответов бота',
  'Передан человеку',
  'Отвечал оператор',
  'Первый вопрос',
  'Переписка',
];

const REASONS: Record<string, string> = {
  trigger: 'сработал триггер',
  handoff: 'бот не нашёл ответа',
  'operator-request': 'посетитель попросил человека',
};

const ROLES: Record<string, string> = { visitor: 'Посетитель', bot: 'Бот', operator: 'Оператор' };

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const at = (value: Date | string) => moscow.format(new Date(value)).replace(',', '');

/**
 * GET /api/statistics/export: the month's conversations, one row each, for Excel: UTF-8 with a
 * BOM (Excel reads it as UTF-8 only then), ';' between cells (the list separator of Russian
 * Excel), and papaparse's escapeFormulae, so a visitor's '=HYPERLINK(…)' stays text (a cell
 * starting with = + - @ tab or CR gets a leading apostrophe).
 */
export async function monthCsv(ctx: Ctx, userId: string, query?: StatisticsQuery) {
  const { scope, range } = await resolveQuery(ctx, userId, query);
  const { assistants, params } = scopeSql(scope, range);
  const rows = await ctx.database.query<{
    assistant: string;
    channel: string;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
    tg_username: string | null;
    phone: string | null;
    email: string | null;
    first_at: Date | string;
    last_at: Date | string;
    asks: string | number;
    answers: string | number;
    reason: string | null;
    operated: boolean;
    first_question: string | null;
    transcript: string | null;
  }>(
    `with m as (
       select visitor_id, role, source, content, created_at, id from messages
       where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3 and role <> 'system'),
     c as (
       select visitor_id, min(created_at) first_at, max(created_at) last_at,
              count(*) filter (where role = 'visitor') asks, count(*) filter (where role = 'bot') answers,
              bool_or(role = 'operator') operated,
              (array_agg(content order by created_at, id) filter (where role = 'visitor' and length(trim(content)) > 0))[1] first_question,
              (array_agg(source order by created_at, id) filter (where role = 'bot' and source in ('handoff', 'operator-request')))[1] bot_reason,
              string_agg(role || ': ' || content, E'\\n' order by created_at, id) transcript
       from m group by visitor_id having bool_or(role = 'visitor')),
     fired as (
       select distinct f.visitor_id from trigger_firings f join triggers t on t.id = f.trigger_id
       where f.assistant_id in (${assistants}) and f.created_at >= $2 and f.created_at < $3
         and t.action <> 'CUSTOM_ANSWER_AND_CONTINUE')
     select a.name assistant, v.channel, v.name, v.first_name, v.last_name, v.tg_username, v.phone, v.email,
            c.first_at, c.last_at, c.asks, c.answers, c.operated, c.first_question, c.transcript,
            case when fired.visitor_id is not null then 'trigger' else c.bot_reason end reason
     from c join visitors v on v.id = c.visitor_id join assistants a on a.id = v.assistant_id
     left join fired on fired.visitor_id = c.visitor_id
     order by c.first_at, c.visitor_id
     limit ${CONVERSATIONS_LIMIT}`,
    params,
  );
  const data = rows.map((r) => {
    const person = [
      r.name ?? [r.first_name, r.last_name].filter(Boolean).join(' '),
      r.tg_username ? `@${r.tg_username}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const transcript = (r.transcript ?? '').replace(
      /^(visitor|bot|operator): /gm,
      (_, role: string) => `${ROLES[role]}: `,
    );
    return [
      r.assistant,
      r.channel === 'telegram' ? 'Телеграм' : 'Виджет',
      person,
      r.phone ?? '',
      r.email ?? '',
      at(r.first_at),
      at(r.last_at),
      Number(r.asks),
      Number(r.answers),
      r.reason ? `да: ${REASONS[r.reason] ?? r.reason}` : 'нет',
      r.operated ? 'да' : 'нет',
      r.first_question ?? '',
      transcript.length > TRANSCRIPT_CHARS ? `${transcript.slice(0, TRANSCRIPT_CHARS - 1)}…` : transcript,
    ];
  });
  const csv = Papa.unparse({ fields: HEADER, data }, { delimiter: ';', newline: '\r\n', escapeFormulae: true });
  return { fileName: `statistics-${range.month}.csv`, csv: `\uFEFF${csv}\r\n` };
}
