import {
  buildSnippet,
  INTEGRATION_TEXTS,
  instructionParts,
  SNIPPET_FRAMEWORK_LABELS,
  SNIPPET_FRAMEWORKS,
  SNIPPET_INSTRUCTIONS,
  type SnippetFramework,
} from '@otklik/contract';
import type { MailMessage } from '../../infra/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A step with its `code` parts set in a monospace font. */
const stepHtml = (step: string) =>
  instructionParts(step)
    .map((part) =>
      part.code
        ? `<code style="padding:1px 5px;background:#f2f4f8;border-radius:4px;font:13px Menlo,Consolas,monospace">${escapeHtml(part.text)}</code>`
        : escapeHtml(part.text),
    )
    .join('');

export interface SnippetMailInput {
  to: string;
  assistantId: string;
  botName: string;
  /** The service's public origin: the snippets load the script from it. */
  origin: string;
  /** The tab the owner had open comes first. */
  first?: SnippetFramework;
}

/**
 * The developer's mail: every snippet with its steps, in Russian, text and HTML. Built only from
 * the assistant's data and our own templates, so this unauthenticated call cannot be used to
 * send anyone text of the caller's choosing.
 */
export function snippetMail(input: SnippetMailInput): MailMessage {
  const { assistantId, origin } = input;
  const botName = input.botName.trim() || 'Ассистент';
  const order = input.first
    ? [input.first, ...SNIPPET_FRAMEWORKS.filter((f) => f !== input.first)]
    : [...SNIPPET_FRAMEWORKS];
  const sections = order.map((framework) => ({
    title: SNIPPET_FRAMEWORK_LABELS[framework],
    steps: SNIPPET_INSTRUCTIONS[framework],
    code: buildSnippet(framework, { origin, assistantId }),
  }));
  const intro = [
    'Здравствуйте!',
    '',
    `Вас попросили установить на сайт чат-виджет ИИ-ассистента «${botName}», созданного в сервисе «Отклик».`,
    'Ниже — код подключения для HTML, Vue 3, Angular и React. Выберите вариант, на котором сделан сайт: достаточно одного.',
  ];
  const outro = [
    `${INTEGRATION_TEXTS.checkTitle}: ${INTEGRATION_TEXTS.check}`,
    '',
    'Если вы не ожидали это письмо, просто проигнорируйте его.',
  ];
  const text = [
    ...intro,
    '',
    `${INTEGRATION_TEXTS.assistantId}: ${assistantId}`,
    '',
    ...sections.flatMap((s) => [
      `=== ${s.title} ===`,
      ...s.steps.map((step, i) => `${i + 1}. ${step}`),
      '',
      s.code,
      '',
    ]),
    ...outro,
    '',
    `— Команда «Отклик», ${origin}`,
  ].join('\n');

  const p = (s: string, style = 'margin:0 0 12px') => `<p style="${style}">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="ru"><body style="margin:0;padding:24px;background:#f7f8fb;font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">
<div style="max-width:680px;margin:0 auto;background:#fff;border:1px solid #e3e6ee;border-radius:12px;padding:24px">
<h2 style="margin:0 0 16px;font-size:20px">Код чат-виджета «${escapeHtml(botName)}»</h2>
${intro
  .filter(Boolean)
  .map((s) => p(s))
  .join('\n')}
${p(`${INTEGRATION_TEXTS.assistantId}: ${assistantId}`, 'margin:0 0 20px;color:#5b6475;font-size:14px')}
${sections
  .map(
    (s) => `<h3 style="margin:24px 0 8px;font-size:16px">${escapeHtml(s.title)}</h3>
<ol style="margin:0 0 12px;padding-left:20px">${s.steps.map((step) => `<li style="margin:0 0 4px">${stepHtml(step)}</li>`).join('')}</ol>
<pre style="margin:0;padding:14px 16px;background:#111827;color:#e5e7eb;border-radius:8px;font:13px/1.5 Menlo,Consolas,monospace;white-space:pre-wrap;word-break:break-all">${escapeHtml(s.code)}</pre>`,
  )
  .join('\n')}
<h3 style="margin:24px 0 8px;font-size:16px">${escapeHtml(INTEGRATION_TEXTS.checkTitle)}</h3>
${p(INTEGRATION_TEXTS.check)}
${p('Если вы не ожидали это письмо, просто проигнорируйте его.', 'margin:16px 0 0;color:#5b6475;font-size:13px')}
</div>
<p style="max-width:680px;margin:12px auto 0;color:#8a93a6;font-size:12px;text-align:center">Команда «Отклик» · <a href="${escapeHtml(origin)}" style="color:#4f46e5">${escapeHtml(origin)}</a></p>
</body></html>`;

  return { to: input.to, subject: `Код чат-виджета «${botName}» для установки на сайт`, text, html };
}
