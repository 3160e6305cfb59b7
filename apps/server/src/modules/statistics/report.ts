import type { MonthFigures, UnansweredQuestion } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import type { MailMessage } from '../../infra/mail';
import { actionMail } from '../auth';
import { sendMail } from '../mail';
import { currentMonth, monthName, monthRange, previousMonth } from './month';
import { monthReport } from './service';

const LOCK = 'statistics:monthly-report';
/** The unanswered questions the mail quotes; the screen has them all. */
const MAIL_QUESTIONS = 10;

const num = new Intl.NumberFormat('ru-RU');
const pct = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} с`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} ч ${minutes % 60} мин` : `${Math.floor(minutes / 60)} ч`;
}

function change(current: number, previous: number): string {
  if (previous === 0) return '';
  const value = Math.round(((current - previous) / previous) * 100);
  return ` (${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)} % к прошлому месяцу)`;
}

/** The monthly mail: the main figures of the month and its unanswered questions. */
export function reportMail(opts: {
  to: string;
  username: string;
  month: string;
  figures: MonthFigures;
  previous: MonthFigures;
  unanswered: UnansweredQuestion[];
  url: string;
}): MailMessage {
  const { figures: f, previous: p } = opts;
  const reasons = [
    ['бот не нашёл ответа', f.handoffs.noAnswer],
    ['триггер', f.handoffs.trigger],
    ['просьба посетителя', f.handoffs.visitorAsked],
  ] as const;
  const lines = [
    `Итоги ваших ассистентов за ${monthName(opts.month)}:`,
    `Разговоров: ${num.format(f.conversations)}${change(f.conversations, p.conversations)}.`,
    `Сообщений посетителей: ${num.format(f.visitorMessages)}.`,
    ...(f.resolvedShare === null ? [] : [`Решено ботом без участия человека: ${pct.format(f.resolvedShare)}.`]),
    `Передано человеку: ${num.format(f.handoffs.total)}${
      f.handoffs.total
        ? ` (${reasons
            .filter(([, n]) => n > 0)
            .map(([label, n]) => `${label}: ${num.format(n)}`)
            .join(', ')})`
        : ''
    }.`,
    ...(f.operatorFirstResponseSec === null
      ? []
      : [`Первый ответ оператора после передачи (медиана): ${duration(f.operatorFirstResponseSec)}.`]),
    `Оставили телефон: ${num.format(f.phones)}.`,
    ...(opts.unanswered.length
      ? [
          `Вопросы без ответа (${num.format(opts.unanswered.length)}) — добавьте на них ответы, и бот будет отвечать сам:`,
          ...opts.unanswered
            .slice(0, MAIL_QUESTIONS)
            .map((u) => `— «${u.question}»${u.count > 1 ? ` (${u.count} раза)` : ''}`),
        ]
      : ['Вопросов без ответа нет — бот справился со всеми вопросами месяца.']),
  ];
  return actionMail({
    to: opts.to,
    subject: `Отчёт Отклика за ${monthName(opts.month)}`,
    greeting: `Здравствуйте, ${opts.username}!`,
    lines,
    action: { label: 'Открыть статистику', url: opts.url },
    footer: 'Отчёт приходит в начале каждого месяца, пока в профиле включены уведомления.',
  });
}

/**
 * The monthly report of the month just ended, to each owner who allows notifications and whose
 * assistants had visitors in it. One instance runs it at a time (an advisory lock), and each
 * owner's month is claimed by a row before its mail is queued, so nobody gets it twice, even
 * if the lock's holder dies half way (the rest are mailed at the next check). The mail itself
 * leaves through the mail queue with its retries.
 */
export async function runMonthlyReports(ctx: AppContext, now = new Date()): Promise<{ sent: number }> {
  if (!(await ctx.database.locks.tryLock(LOCK))) return { sent: 0 };
  try {
    const month = previousMonth(currentMonth(now));
    const range = monthRange(month);
    const owners = await ctx.database.query<{ id: string; email: string; username: string }>(
      `select u.id, u.email, u.username from users u
       where u.is_allowed_notify
         and not exists (select 1 from statistics_reports r where r.user_id = u.id and r.month = $1)
         and exists (select 1 from assistants a join messages m on m.assistant_id = a.id
                     where a.user_id = u.id and m.role = 'visitor' and m.created_at >= $2 and m.created_at < $3)
       order by u.id`,
      [month, range.start.toISOString(), range.end.toISOString()],
    );
    let sent = 0;
    for (const owner of owners) {
      try {
        const { report } = await monthReport(ctx, { userId: owner.id }, range);
        const claimed = await ctx.database.query(
          `insert into statistics_reports (user_id, month) values ($1, $2) on conflict do nothing returning user_id`,
          [owner.id, month],
        );
        if (claimed.length === 0) continue;
        await sendMail(
          ctx,
          reportMail({
            to: owner.email,
            username: owner.username,
            month,
            figures: report.overview.figures,
            previous: report.overview.previous,
            unanswered: report.overview.unanswered,
            url: `${ctx.config.publicUrl}/dashboard/statistic`,
          }),
        );
        sent++;
      } catch (err) {
        ctx.log.error({ err, userId: owner.id }, 'monthly statistics mail failed; tried again at the next check');
      }
    }
    if (sent) ctx.log.info({ month, sent }, 'monthly statistics mails queued');
    return { sent };
  } finally {
    await ctx.database.locks.unlock(LOCK);
  }
}

/** Checks now and then (STATISTICS_REPORT_CHECK_MS) whether a month has ended; stopped with the server. */
export function startMonthlyReports(ctx: AppContext): () => void {
  const run = () => {
    runMonthlyReports(ctx).catch((err: unknown) => ctx.log.error({ err }, 'monthly statistics check failed'));
  };
  const first = setTimeout(run, Math.min(60_000, ctx.config.STATISTICS_REPORT_CHECK_MS));
  const timer = setInterval(run, ctx.config.STATISTICS_REPORT_CHECK_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
