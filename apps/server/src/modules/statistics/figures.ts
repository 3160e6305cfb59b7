import type { MonthFigures, StatisticsDay } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { MOSCOW_OFFSET_MS, type MonthRange, monthDays, moscowDate } from './month';

type Ctx = Pick<AppContext, 'database'>;

/** Whose messages: the owner's assistants, or one of them (already checked to be the owner's). */
export interface Scope {
  userId: string;
  assistantId?: string;
}

/** The statement's parameters and the assistants' subquery for a scope and month ($1 owner, $2–$3 the month, $4 the assistant). */
export function scopeSql(scope: Scope, range: MonthRange) {
  return {
    assistants: `select id from assistants where user_id = $1${scope.assistantId ? ' and id = $4' : ''}`,
    params: [
      scope.userId,
      range.start.toISOString(),
      range.end.toISOString(),
      ...(scope.assistantId ? [scope.assistantId] : []),
    ],
  };
}

/** The hand-off reasons of spec §4 as the stored bot answers say them. */
const HANDOFF_SOURCES = `('handoff', 'operator-request')`;
/** A firing of a trigger that notifies the owner or stops the bot hands the conversation to a person. */
const HANDING_TRIGGER = `t.action <> 'CUSTOM_ANSWER_AND_CONTINUE'`;

/**
 * The whole periods of `seconds` since the epoch at a column's time in Moscow, by arithmetic
 * (Moscow keeps UTC+3, see month.ts): a time zone per message cost a tenth of the month's figures
 * on PGlite.
 */
const moscowPeriods = (column: string, seconds: number) =>
  `floor((date_part('epoch', ${column}) + ${MOSCOW_OFFSET_MS / 1000}) / ${seconds})::bigint`;

/**
 * The month's figures: the month's messages of the scope are read once (the (assistant_id,
 * created_at) index), each conversation reduced to one row (its counts and hand-off times), and
 * those rows counted, and the questions counted by hour. A question is a visitor message with
 * text (stored trimmed: a message of an attachment alone holds its link). The hand-off reason of a
 * conversation is its first (a trigger fires before the bot answers, so a tie goes to the trigger).
 */
export async function monthFigures(ctx: Ctx, scope: Scope, range: MonthRange): Promise<MonthFigures> {
  const { assistants, params } = scopeSql(scope, range);
  const [row] = await ctx.database.query<Record<string, string | number | null | (string | number)[]>>(
    `with rows as materialized (
       -- Each message reduced to what is counted, before grouping (the text itself is not carried).
       select visitor_id, created_at,
              role = 'visitor' is_visitor,
              role = 'visitor' and content <> '' asks,
              case when role = 'visitor' then (${moscowPeriods('created_at', 3600)} % 24)::int end hr,
              case when role = 'bot' then length(content) end bot_chars,
              case when role = 'bot' and source = 'handoff' then created_at end no_answer_at,
              case when role = 'bot' and source = 'operator-request' then created_at end asked_at,
              case when role = 'operator' then created_at end operator_at
       from messages
       where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3 and role <> 'system'
       ),
     c as materialized (
       select visitor_id,
              count(*) filter (where asks) asks,
              count(bot_chars) bots,
              sum(bot_chars) bot_chars,
              min(no_answer_at) no_answer_at,
              min(asked_at) asked_at,
              array_agg(operator_at) filter (where operator_at is not null) operator_at
       from rows
       group by visitor_id having bool_or(is_visitor)),
     fired as (
       select f.visitor_id, min(f.created_at) at
       from trigger_firings f join triggers t on t.id = f.trigger_id
       where f.assistant_id in (${assistants}) and f.created_at >= $2 and f.created_at < $3 and ${HANDING_TRIGGER}
       group by f.visitor_id),
     conv as materialized (
       select c.*, fired.at trigger_at, least(c.no_answer_at, c.asked_at, fired.at) handoff_at, v.phone, v.channel
       from c left join fired on fired.visitor_id = c.visitor_id join visitors v on v.id = c.visitor_id),
     response as (
       select extract(epoch from (select min(o) from unnest(operator_at) o where o >= handoff_at) - handoff_at) sec
       from conv where handoff_at is not null and operator_at is not null)
     select
       count(*) conversations,
       sum(asks) visitor_messages,
       count(*) filter (where handoff_at is null and operator_at is null) resolved,
       count(*) filter (where handoff_at is not null) handoffs,
       count(*) filter (where handoff_at = trigger_at) by_trigger,
       count(*) filter (where handoff_at = no_answer_at and handoff_at is distinct from trigger_at) no_answer,
       count(*) filter (where operator_at is not null) operated,
       (select percentile_cont(0.5) within group (order by sec) from response where sec is not null) response_sec,
       count(*) filter (where phone is not null) phones,
       count(*) filter (where channel = 'telegram') telegram,
       sum(bots) bot_answers,
       sum(bot_chars) bot_chars,
       (select json_object_agg(hr, n) from (select hr, count(*) n from rows where asks group by hr) h) hours
     from conv`,
    params,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  const conversations = n('conversations');
  const handoffs = n('handoffs');
  const byTrigger = n('by_trigger');
  const noAnswer = n('no_answer');
  const botAnswers = n('bot_answers');
  const hours = Array.from({ length: 24 }, () => 0);
  const byHour = (typeof row?.hours === 'string' ? JSON.parse(row.hours) : row?.hours) as Record<string, number> | null;
  for (const [h, count] of Object.entries(byHour ?? {})) hours[Number(h)] = Number(count);
  return {
    conversations,
    visitorMessages: n('visitor_messages'),
    resolvedByBot: n('resolved'),
    resolvedShare: conversations > 0 ? n('resolved') / conversations : null,
    handoffs: { total: handoffs, trigger: byTrigger, noAnswer, visitorAsked: handoffs - byTrigger - noAnswer },
    operated: n('operated'),
    operatorFirstResponseSec: row?.response_sec == null ? null : Math.round(Number(row.response_sec)),
    phones: n('phones'),
    channels: { widget: conversations - n('telegram'), telegram: n('telegram') },
    hours,
    botAnswers,
    averageResponseLength: botAnswers ? Math.round(n('bot_chars') / botAnswers) : 0,
  };
}

/**
 * Each day of the month (Moscow): conversations with a visitor message that day, and
 * conversations handed off that day. Days are numbered by arithmetic (Moscow keeps UTC+3, see
 * month.ts), and each conversation's day reduced to one row before counting: a time zone and a
 * distinct count per message cost as much as all the month's figures.
 */
export async function dailyFigures(ctx: Ctx, scope: Scope, range: MonthRange): Promise<StatisticsDay[]> {
  const { assistants, params } = scopeSql(scope, range);
  const day = (column: string) => `${moscowPeriods(column, 86400)}::int`;
  const rows = await ctx.database.query<{ day: number; conversations: string | number; handoffs: string | number }>(
    `with events as (
       select visitor_id, ${day('created_at')} d, role = 'visitor' asks, role = 'bot' and source in ${HANDOFF_SOURCES} hands
       from messages
       where assistant_id in (${assistants}) and created_at >= $2 and created_at < $3 and role in ('visitor', 'bot')
       union all
       select f.visitor_id, ${day('f.created_at')}, false, true
       from trigger_firings f join triggers t on t.id = f.trigger_id
       where f.assistant_id in (${assistants}) and f.created_at >= $2 and f.created_at < $3 and ${HANDING_TRIGGER}),
     per_day as (select d, visitor_id, bool_or(asks) asks, bool_or(hands) hands from events group by d, visitor_id)
     select d "day", count(*) filter (where asks) conversations, count(*) filter (where hands) handoffs
     from per_day group by d`,
    params,
  );
  const byDay = new Map(rows.map((r) => [moscowDate(Number(r.day)), r]));
  return monthDays(range.month).map((date) => ({
    date,
    conversations: Number(byDay.get(date)?.conversations ?? 0),
    handoffs: Number(byDay.get(date)?.handoffs ?? 0),
  }));
}
