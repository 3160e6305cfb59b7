import type { MailMessage } from '../../infra/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A Russian mail with a plain-text and an HTML part around one call to action. */
export function actionMail(opts: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}): MailMessage {
  const text = [
    opts.greeting,
    '',
    ...opts.lines,
    '',
    `${opts.action.label}: ${opts.action.url}`,
    '',
    opts.footer,
    '',
    '— Отклик',
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">
<p>${escapeHtml(opts.greeting)}</p>
${opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>
<p style="color:#667085;font-size:13px">${escapeHtml(opts.footer)}</p>
<p>— Отклик</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}

export function resetPasswordMail(to: string, username: string, url: string): MailMessage {
  return actionMail({
    to,
    subject: 'Восстановление пароля в Отклике',
    greeting: `Здравствуйте, ${username}!`,
    lines: ['Вы запросили восстановление пароля. Ссылка действует 30 минут и сработает один раз.'],
    action: { label: 'Задать новый пароль', url },
    footer: 'Если вы не запрашивали восстановление, просто проигнорируйте это письмо: пароль останется прежним.',
  });
}

export function confirmEmailMail(to: string, username: string, url: string): MailMessage {
  return actionMail({
    to,
    subject: 'Подтверждение почты в Отклике',
    greeting: `Здравствуйте, ${username}!`,
    lines: ['Подтвердите, что этот адрес принадлежит вам, — тогда на него будут приходить уведомления.'],
    action: { label: 'Подтвердить почту', url },
    footer: 'Ссылка действует 24 часа. Если вы не регистрировались в Отклике, проигнорируйте это письмо.',
  });
}
