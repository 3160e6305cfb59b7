import { z } from 'zod';
import { COMMON_TEXTS } from './common';
import { EMAIL_MAX_LENGTH } from './limits';

/**
 * Integration of the widget on a customer's site (spec §2.7 step 3, §2.11, §5, §7, §8, §9):
 * the snippets for HTML, Vue 3, Angular and React, and the call that mails them to a developer.
 * The snippets are built here so the cabinet shows and the server mails the very same code.
 */

/** Spec §9: the bottom margin in the integration snippet (the product's own pages use 100). */
export const SNIPPET_BOTTOM_MARGIN = 40;

/** Spec §9: the copy button shows its feedback for 2 seconds. */
export const SNIPPET_COPY_FEEDBACK_MS = 2000;

/** Spec §9: the snippet tabs, in this order. */
export const SNIPPET_FRAMEWORKS = ['html', 'vue', 'angular', 'react'] as const;
export type SnippetFramework = (typeof SNIPPET_FRAMEWORKS)[number];

export const SNIPPET_FRAMEWORK_LABELS: Record<SnippetFramework, string> = {
  html: 'HTML',
  vue: 'Vue 3',
  angular: 'Angular',
  react: 'React',
};

/** Texts of the integration step, word for word from spec §5 and §8 where the spec has them. */
export const INTEGRATION_TEXTS = {
  title: 'Установка виджета на сайт',
  lead: 'Добавьте код на сайт, и чат-виджет ассистента появится в правом нижнем углу каждой страницы, где он подключён.',
  assistantId: 'ID ассистента',
  copy: 'Копировать',
  copiedShort: 'Скопировано',
  copied: 'Код скопирован!',
  copyFailed: 'Ошибка копирования',
  sendToDeveloper: 'Отправить код разработчику',
  sendTitle: 'Отправить код разработчику',
  sendLead: 'Мы отправим разработчику письмо с кодом для всех вариантов подключения и инструкцией по установке.',
  developerEmail: 'E-mail разработчика',
  developerEmailPlaceholder: 'developer@company.ru',
  send: 'Отправить',
  cancel: 'Отмена',
  invalidEmail: 'Введите корректный email',
  sent: 'Код отправлен разработчику!',
  sendFailed: 'Ошибка отправки',
  /** Spec §8: the store-level failure, logged with the server's text. */
  sendFailedLog: 'Ошибка отправки сообщения: ',
  assistantNotFound: COMMON_TEXTS.assistantNotFound,
  assistantMissing: 'Не указан ассистент',
  checkTitle: 'Как проверить',
  check:
    'Откройте сайт и обновите страницу: в правом нижнем углу появится кнопка чата. Нажмите её и задайте вопрос — ассистент ответит сразу.',
  tabsLabel: 'Способ подключения',
} as const;

/** Spec §5: a developer e-mail is text, @, text, dot, text (no spaces). */
export const SNIPPET_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The embed script's address on the service's public origin (spec §7). With the assistant's id
 * the server writes that assistant's design into the script, so the launcher shows in the owner's
 * colours without a second request; the bare address (snippets installed before) still works.
 */
export const widgetScriptUrl = (origin: string, assistantId?: string) =>
  `${origin.replace(/\/+$/, '')}/api/widget/script${assistantId ? `?assistantId=${encodeURIComponent(assistantId)}` : ''}`;

/**
 * The assistant's public widget design (ARCHITECTURE §3): what a script loaded without the
 * assistant's id fetches first (snippets installed before the design came inside the script
 * preload it). The widget builds the same address (apps/widget/src/visitor-api.ts; a test
 * compares them).
 */
export const widgetDesignUrl = (origin: string, assistantId: string) =>
  `${origin.replace(/\/+$/, '')}/api/public/assistants/${encodeURIComponent(assistantId)}/widget`;

export interface SnippetTarget {
  /** The service's public origin, e.g. https://otklik.ru. */
  origin: string;
  assistantId: string;
}

/** The options object passed to window.initChatWidget, as it reads in the snippets. */
const initOptions = (assistantId: string) =>
  `{ assistantId: '${assistantId}', bottomMargin: ${SNIPPET_BOTTOM_MARGIN} }`;

/** The loader the framework snippets share: adds the script once, then starts the widget. */
const loaderBody = (src: string, assistantId: string, indent: string) =>
  [
    `if (document.getElementById('otklik-widget-script')) return;`,
    `const script = document.createElement('script');`,
    `script.id = 'otklik-widget-script';`,
    `script.src = '${src}';`,
    `script.async = true;`,
    `script.onload = () => {`,
    `  window.initChatWidget(${initOptions(assistantId)});`,
    `};`,
    `document.body.appendChild(script);`,
  ]
    .map((line) => indent + line)
    .join('\n');

const SNIPPET_BUILDERS: Record<SnippetFramework, (src: string, assistantId: string) => string> = {
  // The script's address names the assistant, so its design comes inside the script: one
  // request, and the launcher shows in the owner's colours as soon as the script runs.
  html: (src, id) =>
    [
      '<!-- Чат-виджет «Отклик»: вставьте перед закрывающим тегом </body> -->',
      '<script',
      `  src="${src}"`,
      '  async',
      `  onload="window.initChatWidget(${initOptions(id)})"`,
      '></script>',
    ].join('\n'),
  vue: (src, id) =>
    [
      '<!-- src/components/ChatWidget.vue -->',
      '<script setup>',
      "import { onMounted } from 'vue';",
      '',
      'onMounted(() => {',
      loaderBody(src, id, '  '),
      '});',
      '</script>',
      '',
      '<template>',
      '  <span hidden />',
      '</template>',
    ].join('\n'),
  angular: (src, id) =>
    [
      '// src/app/chat-widget.component.ts',
      "import { Component, OnInit } from '@angular/core';",
      '',
      'declare global {',
      '  interface Window {',
      '    initChatWidget: (options: { assistantId: string; bottomMargin?: number }) => void;',
      '  }',
      '}',
      '',
      '@Component({',
      "  selector: 'app-chat-widget',",
      '  standalone: true,',
      "  template: '',",
      '})',
      'export class ChatWidgetComponent implements OnInit {',
      '  ngOnInit(): void {',
      loaderBody(src, id, '    '),
      '  }',
      '}',
    ].join('\n'),
  react: (src, id) =>
    [
      '// src/components/ChatWidget.jsx',
      "import { useEffect } from 'react';",
      '',
      'export function ChatWidget() {',
      '  useEffect(() => {',
      loaderBody(src, id, '    '),
      '  }, []);',
      '',
      '  return null;',
      '}',
    ].join('\n'),
};

/** The code to paste for a framework, with the assistant's id and the bottom margin of spec §9. */
export function buildSnippet(framework: SnippetFramework, target: SnippetTarget): string {
  return SNIPPET_BUILDERS[framework](widgetScriptUrl(target.origin, target.assistantId), target.assistantId);
}

/**
 * Steps shown above each snippet and repeated in the developer's e-mail. Code inside a step is
 * marked with backticks; the cabinet and the HTML mail show it as code.
 */
export const SNIPPET_INSTRUCTIONS: Record<SnippetFramework, readonly string[]> = {
  html: [
    'Скопируйте код ниже.',
    'Вставьте его в HTML-код сайта перед закрывающим тегом `</body>` — в общий шаблон или на каждую страницу, где нужен чат.',
    'Сохраните изменения и обновите страницу сайта.',
  ],
  vue: [
    'Создайте файл `src/components/ChatWidget.vue` с кодом ниже.',
    'Подключите компонент один раз в корневом `App.vue`: импортируйте его и добавьте `<ChatWidget />` в шаблон.',
    'Пересоберите и опубликуйте приложение.',
  ],
  angular: [
    'Создайте файл `src/app/chat-widget.component.ts` с кодом ниже.',
    'Добавьте `ChatWidgetComponent` в `imports` корневого `AppComponent` и разместите `<app-chat-widget />` в его шаблоне.',
    'Пересоберите и опубликуйте приложение.',
  ],
  react: [
    'Создайте файл `src/components/ChatWidget.jsx` с кодом ниже.',
    'Отрисуйте `<ChatWidget />` один раз в корневом компоненте, например в `App`.',
    'Пересоберите и опубликуйте приложение.',
  ],
};

/** A step split into text and code parts (the code parts were in backticks). */
export function instructionParts(step: string): { code: boolean; text: string }[] {
  return step
    .split('`')
    .map((text, i) => ({ code: i % 2 === 1, text }))
    .filter((part) => part.text !== '');
}

/** All instructions as plain text: what the cabinet sends as `instructions`. */
export function snippetInstructionsText(framework: SnippetFramework): string {
  return SNIPPET_INSTRUCTIONS[framework].map((step, i) => `${i + 1}. ${step}`).join('\n');
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The assistant id a snippet carries (the spec's payload has no separate id field). */
export function assistantIdFromSnippet(snippet: string): string | undefined {
  return UUID_IN_TEXT.exec(snippet)?.[0]?.toLowerCase();
}

const DeveloperEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, INTEGRATION_TEXTS.invalidEmail)
  .regex(SNIPPET_EMAIL_PATTERN, INTEGRATION_TEXTS.invalidEmail);

/**
 * POST /api/assistant/sendSnippet, made without authorisation (spec §6, §7). Both readings of
 * the spec are accepted: the recipient as `toEmail` or `developerEmail`. The server mails code
 * it builds itself for the assistant named by `assistantId` (ours) or by the id inside `snippet`;
 * the client's `snippet` and `instructions` texts are never put into the mail.
 */
export const SendSnippetRequest = z
  .object({
    toEmail: DeveloperEmail.optional(),
    developerEmail: DeveloperEmail.optional(),
    snippet: z.string().max(20_000).optional().default(''),
    instructions: z.string().max(20_000).optional().default(''),
    assistantId: z.uuid({ message: INTEGRATION_TEXTS.assistantMissing }).optional(),
    /** The tab the owner had open; its code comes first in the mail. */
    framework: z.enum(SNIPPET_FRAMEWORKS).optional(),
  })
  .superRefine((value, issue) => {
    if (!value.toEmail && !value.developerEmail) {
      issue.addIssue({ code: 'custom', path: ['toEmail'], message: INTEGRATION_TEXTS.invalidEmail });
    }
    if (!value.assistantId && !assistantIdFromSnippet(value.snippet)) {
      issue.addIssue({ code: 'custom', path: ['assistantId'], message: INTEGRATION_TEXTS.assistantMissing });
    }
  });
export type SendSnippetRequest = z.input<typeof SendSnippetRequest>;
export type SendSnippetRequestParsed = z.output<typeof SendSnippetRequest>;
