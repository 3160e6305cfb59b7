import type { MailMessage } from '../../infra/mail';
import { actionMail } from '../auth';
import type { OwnerAlert } from '../conversations';
import { escapeHtml } from '../telegram';

/** What an alert is about, with everything its texts need. */
export interface AlertView {
  alert: OwnerAlert;
  assistantName: string;
  /** 'сайт' or 'Телеграм'. */
  channel: string;
  visitorName: string;
  /** The conversation's last messages, oldest first: who said what. */
  recent: { who: string; text: string }[];
  /** Alerts of this kind in this conversation folded into this one since the last. */
  folded: number;
  link: string;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

const triggerLine = (t: { name: string; matched: string[] }) =>
  `${t.name.trim() ? `Триггер «${t.name.trim()}»` : 'Триггер без названия'}: стоп-слова ${t.matched.map((w) => `«${w}»`).join(', ')}.`;

/** The subject and the lines saying what happened; the same words in the mail and in Telegram. */
function headline(v: AlertView): { subject: string; lines: string[] } {
  const name = v.assistantName.trim() || 'Мой ассистент';
  const who = `${v.visitorName} (${v.channel})`;
  const a = v.alert;
  switch (a.reason) {
    case 'trigger':
      return {
        subject: `Сработал триггер — ассистент «${name}»`,
        lines: [
          `В беседе ассистента «${name}» с собеседником ${who} сработали стоп-слова.`,
          ...a.triggers.map(triggerLine),
          `Сообщение собеседника: «${cut(a.message, 1000)}»`,
        ],
      };
    case 'handoff':
      return {
        subject: `Нужен ответ специалиста — ${name}`,
        lines: [
          `Ассистент «${name}» не нашёл ответа в базе знаний и передал вопрос вам.`,
          `Вопрос собеседника ${who}: «${cut(a.message, 2000)}»`,
        ],
      };
    case 'operator-request':
      return {
        subject: `Собеседник просит человека — ${name}`,
        lines: [`Собеседник ${who} просит соединить его с человеком.`, `Сообщение: «${cut(a.message, 1000)}»`],
      };
    case 'new-conversation':
      return {
        subject: `Новая беседа — ${name}`,
        lines: [`Собеседник ${who} начал беседу.`, `Первое сообщение: «${cut(a.message, 1000)}»`],
      };
    case 'phone':
      return {
        subject: `Собеседник оставил телефон — ${name}`,
        lines: [`Собеседник ${who} оставил телефон: ${a.phone}.`],
      };
  }
}

const foldedLine = (n: number) =>
  n > 0 ? `С прошлого уведомления в этой беседе было ещё событий такого рода: ${n}.` : '';

/** The alert as a mail: plain text and HTML (the service's mail layout, everything escaped). */
export function alertMail(to: string, v: AlertView): MailMessage {
  const { subject, lines } = headline(v);
  const folded = foldedLine(v.folded);
  const recent = v.recent.map((m) => `${m.who}: ${cut(m.text, 500)}`);
  return actionMail({
    to,
    subject,
    greeting: 'Здравствуйте!',
    lines: [...lines, ...(folded ? [folded] : []), ...(recent.length ? ['Последние сообщения:', ...recent] : [])],
    action: { label: 'Открыть беседу', url: v.link },
    footer: ALERT_FOOTER,
  });
}

export const ALERT_FOOTER =
  'Вы получили это письмо, потому что уведомления ассистента включены. Выключить их можно во вкладке «Уведомления» или в профиле.';

/** The alert as a Telegram message (HTML, escaped); the conversation is opened by its button. */
export function alertTelegram(v: AlertView): string {
  const { subject, lines } = headline(v);
  const recent = v.recent.map((m) => `<i>${escapeHtml(m.who)}:</i> ${escapeHtml(cut(m.text, 300))}`);
  const folded = foldedLine(v.folded);
  return [
    `<b>${escapeHtml(subject)}</b>`,
    '',
    ...lines.map(escapeHtml),
    ...(folded ? ['', escapeHtml(folded)] : []),
    ...(recent.length ? ['', '<b>Последние сообщения:</b>', ...recent] : []),
    '',
    '<i>Ответьте на это сообщение — ответ уйдёт собеседнику от имени оператора.</i>',
  ].join('\n');
}
