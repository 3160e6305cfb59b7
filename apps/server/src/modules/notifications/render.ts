import type { MailMessage } from '../../infra/mail';
import { actionMail } from '../auth';

export interface FiredForMail {
  name: string;
  matched: string[];
}

/** The owner's e-mail when stop-words fired (spec §1: "triggers and stop-words that alert the owner"). */
export function triggerMail(opts: {
  to: string;
  username: string;
  assistantName: string;
  visitorName: string;
  message: string;
  fired: FiredForMail[];
  chatsUrl: string;
}): MailMessage {
  const assistant = opts.assistantName.trim() || 'Без названия';
  const quoted = opts.message.length > 1000 ? `${opts.message.slice(0, 1000)}…` : opts.message;
  const lines = opts.fired.map(
    (t) =>
      `${t.name.trim() ? `Триггер «${t.name.trim()}»` : 'Триггер без названия'}: стоп-слова ${t.matched.map((w) => `«${w}»`).join(', ')}.`,
  );
  return actionMail({
    to: opts.to,
    subject: `Сработал триггер — ассистент «${assistant}»`,
    greeting: `Здравствуйте, ${opts.username}!`,
    lines: [
      `В беседе ассистента «${assistant}» с собеседником ${opts.visitorName} сработали стоп-слова.`,
      ...lines,
      `Сообщение собеседника: «${quoted}»`,
    ],
    action: { label: 'Открыть беседу', url: opts.chatsUrl },
    footer: 'Вы получили это письмо, потому что в триггерах ассистента выбрано уведомление.',
  });
}
