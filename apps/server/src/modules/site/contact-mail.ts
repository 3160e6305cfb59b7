import type { ContactRequestParsed } from '@otklik/contract';
import type { MailMessage } from '../../infra/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SOURCE_TITLES = {
  landing: 'Заявка с сайта',
  partnership: 'Заявка на партнёрство',
} as const;

/** The support team's copy of a contact request: plain text and HTML, replying goes to the visitor. */
export function contactRequestMail(opts: {
  to: string;
  request: ContactRequestParsed;
  createdAt: Date;
  id: string;
}): MailMessage {
  const { request } = opts;
  const title = SOURCE_TITLES[request.source];
  const who = request.name || request.email || request.phone;
  const when = opts.createdAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
  const rows: [string, string][] = [
    ['Имя', request.name || 'не указано'],
    ['Телефон', request.phone || 'не указан'],
    ['E-mail', request.email || 'не указан'],
    ['Получена', `${when} (МСК)`],
  ];
  const message = request.message || 'Сообщение не оставлено.';
  const text = [
    `${title} в Отклике`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Сообщение:',
    message,
    '',
    `Номер заявки: ${opts.id}`,
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">
<h2 style="margin:0 0 12px">${escapeHtml(title)} в Отклике</h2>
<table style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#667085">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p style="margin:16px 0 4px;color:#667085">Сообщение:</p>
<p style="white-space:pre-wrap;margin:0">${escapeHtml(message)}</p>
<p style="color:#667085;font-size:13px;margin-top:24px">Номер заявки: ${escapeHtml(opts.id)}</p>
</body></html>`;
  return {
    to: opts.to,
    subject: `${title}: ${who}`,
    text,
    html,
    ...(request.email ? { replyTo: request.email } : {}),
  };
}
