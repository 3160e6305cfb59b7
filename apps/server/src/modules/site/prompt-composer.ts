import {
  PROMPT_HELPER_ANSWERS_HEADING,
  PROMPT_HELPER_QUESTIONS,
  PROMPT_HELPER_TEXTS,
  PROMPT_INSIGHT_MAX_LENGTH,
  type PromptHelperKey,
} from '@otklik/contract';

/**
 * The local prompt writer: no language model, a template filled from the twelve answers of
 * the prompt helper. It reads the composed text the web client sends (numbered answers under
 * 'Ответы компании:', then 'Инструкция:'), and also copes with text typed by hand: numbers
 * with ')' or '.', the question and the answer on one line, no heading at all.
 */

export type HelperAnswers = Record<PromptHelperKey, string>;

const KEYS = PROMPT_HELPER_QUESTIONS.map((q) => q.key);
const EMPTY_MARKS = new Set(['', '—', '–', '-', 'нет', 'не знаю', '...', '…']);
const INSTRUCTION_START = /^\s*(инструкция\s*:|ответь двумя блоками)/im;

const normalizeTitle = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim();

/** Cuts the answers out of the composed text: after the heading when present, before the instructions. */
function answersPart(content: string): string {
  let text = content.replace(/\r\n?/g, '\n');
  const heading = text.indexOf(PROMPT_HELPER_ANSWERS_HEADING);
  if (heading !== -1) text = text.slice(heading + PROMPT_HELPER_ANSWERS_HEADING.length);
  const instructions = text.search(INSTRUCTION_START);
  if (instructions !== -1) text = text.slice(0, instructions);
  return text;
}

/** Strips a known question (or any "label:" prefix) from the first line of a numbered block. */
function stripQuestion(firstLine: string, index: number): string {
  const question = PROMPT_HELPER_QUESTIONS[index];
  if (question) {
    const title = normalizeTitle(question.title);
    const line = firstLine.trim();
    // Compare normalised prefixes so punctuation and "ё" do not matter; only lengths near the
    // title's are tried, which keeps a 40 000-character line from costing quadratic time.
    const longest = Math.min(line.length, question.title.length + 12);
    for (let cut = longest; cut > 0 && cut >= question.title.length - 12; cut--) {
      if (normalizeTitle(line.slice(0, cut)) === title) {
        return line.slice(cut).replace(/^[\s:?.—–-]+/, '');
      }
    }
  }
  // "Цены: от 2 900 ₽" typed by hand: a short label before a colon is a label, not the answer.
  const labelled = firstLine.match(/^\s*[^:]{1,60}\?\s*(.*)$/) ?? firstLine.match(/^\s*[^:]{1,40}:\s*(.*)$/);
  return labelled ? (labelled[1] ?? '') : firstLine;
}

const cleanAnswer = (text: string) => {
  const trimmed = text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return EMPTY_MARKS.has(trimmed.toLowerCase()) ? '' : trimmed;
};

/** The twelve answers by key; free text without numbers becomes what the company does. */
export function parseHelperAnswers(content: string): HelperAnswers {
  const answers = Object.fromEntries(KEYS.map((k) => [k, ''])) as HelperAnswers;
  const text = answersPart(content);
  const blocks: { index: number; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    const numbered = line.match(/^\s*(\d{1,2})\s*[.)]\s?(.*)$/);
    const index = numbered ? Number(numbered[1]) - 1 : -1;
    // A number starts a new block only when it goes past the last one, so a "1. … 2. …" list
    // inside an answer stays in it, while a skipped question does not break the parse.
    const expected = index > (blocks.at(-1)?.index ?? -1);
    if (numbered && index >= 0 && index < KEYS.length && expected) {
      blocks.push({ index, lines: [stripQuestion(numbered[2] ?? '', index)] });
    } else if (blocks.length > 0) {
      blocks.at(-1)?.lines.push(line);
    }
  }
  if (blocks.length === 0) {
    answers.companyActivity = cleanAnswer(text);
    return answers;
  }
  for (const block of blocks) {
    const key = KEYS[block.index];
    if (key) answers[key] = cleanAnswer(block.lines.join('\n'));
  }
  return answers;
}

/* ------------------------------------------------------------------ writing */

/** «Чистый дом» from "«Чистый дом» — клининг…", or the part before a dash; null when unsure. */
export function companyName(company: string): string | null {
  const quoted = company.match(/[«"“]([^»"”]{1,60})[»"”]/);
  if (quoted?.[1]) return quoted[1].trim();
  const dashed = company.match(/^([^—–,.:;\n]{2,40}?)\s+[—–-]\s/);
  return dashed?.[1] ? dashed[1].trim() : null;
}

const sentence = (s: string) => (/[.!?…»)]$/.test(s) ? s : `${s}.`);

const items = (answer: string) =>
  answer
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•·]|\d{1,2}[.)])\s*/, '').trim())
    .filter(Boolean)
    .map(sentence);

/** Several lines become a bulleted list, one line stays a sentence. */
function asBlock(answer: string): string {
  const lines = items(answer);
  return lines.length > 1 ? lines.map((l) => `- ${l}`).join('\n') : (lines[0] ?? '');
}

/** For sections that go on with our own rules as bullets: the owner's lines are bullets too. */
const asBullets = (answer: string) =>
  items(answer)
    .map((l) => `- ${l}`)
    .join('\n');

/** "Q? — A. Q2? — A2." typed on one line becomes one line per question. */
const splitQuestions = (faq: string) => faq.replace(/([.!…])\s+(?=[А-ЯЁA-Z][^?\n]{2,150}\?)/g, '$1\n');

/** A heading the client splits on must never appear inside the prompt itself. */
const neutralize = (s: string) =>
  s
    .replaceAll(PROMPT_HELPER_TEXTS.insightsHeading, 'AI-инсайты')
    .replaceAll(PROMPT_HELPER_TEXTS.promptHeading, 'Ваш промт');

function section(title: string, body: string): string {
  return `## ${title}\n${body}`;
}

/** The name the owner gave (quotes dropped), else one found in the description; null when unsure. */
function nameOf(a: HelperAnswers): string | null {
  const given = a.companyName
    .replace(/^[«"“\s]+|[»"”.\s]+$/g, '')
    .split('\n')[0]
    ?.trim();
  if (given) return given.slice(0, 80);
  return companyName(a.companyActivity);
}

export function buildSystemPrompt(a: HelperAnswers): string {
  const name = nameOf(a);
  const company = name ? `компании «${name}»` : 'нашей компании';
  const who = a.botRole ? `Ты — ${a.botRole.replace(/[.!]+$/, '')}` : 'Ты — виртуальный консультант';
  const parts: string[] = [
    `${who} ${company}. Ты отвечаешь клиентам в чате на сайте и в мессенджере: помогаешь разобраться в товарах и услугах, отвечаешь на вопросы и доводишь разговор до результата. Ты представляешь компанию, поэтому говоришь «мы», а не «они».`,
  ];
  const about = [a.companyActivity, a.mission].filter(Boolean).join('\n');
  if (about) parts.push(section('О компании', asBlock(about)));
  if (a.products) parts.push(section('Товары и услуги', asBlock(a.products)));
  if (a.targetAudience) {
    parts.push(
      section('Наши клиенты', `${asBlock(a.targetAudience)}\nПодстраивай ответы под то, что важно этим людям.`),
    );
  }
  parts.push(
    section(
      'Стиль общения',
      [
        a.toneStyle ? asBullets(a.toneStyle) : '- Обращайся к клиенту на «вы», дружелюбно и по делу.',
        '- Отвечай коротко: 2–4 предложения; перечисления оформляй списком.',
        '- Пиши простым языком, без канцелярита и непонятных терминов.',
        '- Один уточняющий вопрос за раз, если без него нельзя ответить точно.',
      ].join('\n'),
    ),
  );
  if (a.faq) {
    parts.push(
      section(
        'Частые вопросы',
        `${asBlock(splitQuestions(a.faq))}\nНа эти вопросы отвечай именно так, своими словами.`,
      ),
    );
  }
  if (a.cost) {
    parts.push(
      section(
        'Цены и оплата',
        `${asBlock(a.cost)}\nНазывай только эти цены и цены из базы знаний. Если точной цены нет, дай вилку или предложи рассчитать стоимость с менеджером.`,
      ),
    );
  }
  if (a.extra) parts.push(section('Что ещё важно знать', asBlock(a.extra)));
  parts.push(
    section(
      'Чего делать нельзя',
      [
        ...(a.forbidden ? [asBullets(a.forbidden)] : []),
        '- Не выдумывай факты: цены, сроки, наличие, адреса и условия бери только из этого промта и базы знаний.',
        '- Не обещай того, что не можешь гарантировать, и не давай скидок от себя.',
        '- Не проси данные банковских карт и пароли.',
        '- Не обсуждай политику, религию и темы, не связанные с компанией; мягко возвращай разговор к делу.',
      ].join('\n'),
    ),
  );
  parts.push(
    section(
      'Когда звать человека',
      [
        '- Если не знаешь ответа, честно скажи об этом и предложи связаться с менеджером — не угадывай.',
        '- Если клиент недоволен, просит человека или вопрос касается денег, которые уже заплачены, передай разговор сотруднику.',
      ].join('\n'),
    ),
  );
  parts.push(
    section(
      'Цель разговора',
      a.botGoal
        ? `${asBlock(a.botGoal)}\nКогда клиент готов, предложи это действие сам и спроси недостающие данные по одному.`
        : 'Помоги клиенту получить ответ и предложи следующий шаг: оформить заказ, записаться или оставить телефон для связи.',
    ),
  );
  return neutralize(parts.join('\n\n'));
}

const cap = (s: string) =>
  s.length <= PROMPT_INSIGHT_MAX_LENGTH ? s : `${s.slice(0, PROMPT_INSIGHT_MAX_LENGTH - 1)}…`;

/** Tips on what is missing or weak in the answers; the last one always points to the cabinet (spec §7). */
export function buildInsights(a: HelperAnswers): string[] {
  const tips: string[] = [];
  const missing: [PromptHelperKey, string][] = [
    [
      'faq',
      'Добавьте 5–10 частых вопросов с готовыми ответами — возьмите их из переписок и звонков за последний месяц. Это самый быстрый способ сделать ответы ассистента точными.',
    ],
    [
      'cost',
      'Вы не указали цены. Клиенты спрашивают о них первыми: добавьте прайс или хотя бы вилки «от … ₽», иначе ассистент будет отправлять клиента к менеджеру.',
    ],
    [
      'extra',
      'Расскажите ассистенту о графике, адресах и доставке, о гарантиях и о том, когда передавать разговор человеку и как с вами связаться — это вопросы, которые задают сразу после цены.',
    ],
    [
      'botGoal',
      'Назовите целевое действие: запись, заказ, заявка с телефоном. Ассистент, который знает цель, сам предлагает следующий шаг и приводит клиентов, а не только отвечает.',
    ],
    [
      'forbidden',
      'Перечислите запретные темы и обещания (скидки сверх прайса, сроки, которые вы не гарантируете). Явные запреты снижают риск неловких ответов.',
    ],
    [
      'mission',
      'Сформулируйте, чем вы отличаетесь от конкурентов. На вопрос «почему вы?» ассистент ответит вашими словами, а не общими фразами.',
    ],
    [
      'botRole',
      'Дайте ассистенту имя и роль, например «Анна, менеджер по работе с клиентами». С живым персонажем охотнее переписываются.',
    ],
  ];
  for (const [key, tip] of missing) if (!a[key]) tips.push(tip);
  if (a.faq && a.faq.length < 120) {
    tips.push(
      'Частых вопросов пока мало. Дополните список ответами, а длинные документы (прайс, договор, условия доставки) загрузите в базу знаний — ассистент будет цитировать их дословно.',
    );
  }
  if (!a.toneStyle) {
    tips.push(
      'Мы задали нейтральный тон на «вы». Если ваши клиенты привыкли к неформальному общению, поменяйте раздел «Стиль общения» — тон сильно влияет на доверие.',
    );
  }
  const shown = tips.slice(0, 5);
  if (shown.length < 2) {
    shown.push(
      'Проверьте промт на 10–15 реальных вопросах клиентов, включая неудобные. Где ответ неточен, дополните соответствующий раздел, а не пишите общее правило «отвечай лучше».',
    );
    shown.push(
      'Оставьте температуру 0,1: ассистент будет отвечать предсказуемо и держаться фактов. Повышайте её, только если ответы звучат слишком сухо.',
    );
  }
  shown.push(
    'В личном кабинете Отклика загрузите прайс и документы в базу знаний, исправляйте неточные ответы в мониторинге чатов (они сразу станут эталонными), настройте триггеры и стоп-слова с уведомлениями в Telegram или на почту и смотрите ежемесячный AI-анализ в разделе «Статистика».',
  );
  return shown.map((tip) => cap(neutralize(tip)));
}

/** The reply of spec §7: 'Ваш промт:' with the prompt, then 'AI-инсайты:' with numbered tips, one a line. */
export function composeHelperReply(content: string): string {
  const answers = parseHelperAnswers(content);
  const prompt = buildSystemPrompt(answers);
  const insights = buildInsights(answers).map((tip, i) => `${i + 1}. ${tip}`);
  return `${PROMPT_HELPER_TEXTS.promptHeading}\n${prompt}\n\n${PROMPT_HELPER_TEXTS.insightsHeading}\n${insights.join('\n')}`;
}
