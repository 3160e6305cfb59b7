import type { FastifyPluginAsync } from 'fastify';
import ipaddr from 'ipaddr.js';
import { listMailbox, readMail } from '../../infra/mail';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (s: string) => esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

const page = (title: string, body: string) => `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1d2433}
a{color:#4f46e5}li{margin:6px 0}pre{white-space:pre-wrap;background:#f6f7fb;padding:16px;border-radius:8px}
.muted{color:#667085}</style></head><body>${body}</body></html>`;

/** The developer's own machine: its mails hold sign-in and reset links, so nobody else reads them. */
const isLoopback = (ip: string) => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

/** mailparser is loaded when the mailbox is first opened, not at start (idle memory). */
const simpleParser = async (raw: Buffer) => (await import('mailparser')).simpleParser(raw);

/** The dev mailbox (embedded mode only): lists the mails the service "sent", newest first. */
export function devMailRoutes(dir: string): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      if (!isLoopback(req.ip)) return reply.code(404).send({ message: 'Не найдено' });
    });
    app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
      const mails = await listMailbox(dir);
      const items = await Promise.all(
        mails.slice(0, 200).map(async (m) => {
          const parsed = await simpleParser((await readMail(dir, m.file)) ?? Buffer.alloc(0));
          return `<li><a href="/dev/mail/${encodeURIComponent(m.file)}">${esc(parsed.subject ?? '(без темы)')}</a>
            <span class="muted">— ${esc(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '')}, ${m.time.toLocaleString('ru-RU')}</span></li>`;
        }),
      );
      reply.type('text/html; charset=utf-8');
      return page(
        'Почтовый ящик разработчика',
        `<h1>Почтовый ящик разработчика</h1><p class="muted">Письма, которые сервис отправил бы по почте. Файлы: ${esc(dir)}</p>
        ${items.length ? `<ul>${items.join('')}</ul>` : '<p>Писем пока нет.</p>'}`,
      );
    });

    app.get<{ Params: { file: string } }>('/dev/mail/:file', { schema: { hide: true } }, async (req, reply) => {
      const raw = await readMail(dir, req.params.file);
      if (!raw) return reply.code(404).send({ message: 'Письмо не найдено' });
      const mail = await simpleParser(raw);
      reply.type('text/html; charset=utf-8');
      return page(
        mail.subject ?? 'Письмо',
        `<p><a href="/dev/mail">← Все письма</a></p><h1>${esc(mail.subject ?? '(без темы)')}</h1>
        <p class="muted">Кому: ${esc(mail.to && !Array.isArray(mail.to) ? mail.to.text : '')}</p>
        <pre>${linkify(mail.text ?? '')}</pre>`,
      );
    });
  };
}
