import {
  composePromptHelperContent,
  PROMPT_HELPER_QUESTIONS,
  PROMPT_INSIGHT_MAX_LENGTH,
  splitPromptHelperReply,
} from '@otklik/contract';
import { describe, expect, it } from 'vitest';
import {
  buildInsights,
  companyName,
  composeHelperReply,
  parseHelperAnswers,
} from '../src/modules/site/prompt-composer';

const filled = PROMPT_HELPER_QUESTIONS.map((q) => q.placeholder.replace(/^Например: /, ''));

describe('parsing the answers of the prompt helper', () => {
  it('reads back every answer of the text the web client composes, and nothing of the instructions', () => {
    const answers = parseHelperAnswers(composePromptHelperContent(filled));
    expect(Object.values(answers)).toEqual(filled);
  });

  it('treats an unanswered question ("—") as empty and keeps multi-line answers whole', () => {
    const given = Array.from({ length: 12 }, () => '');
    given[6] = 'Сколько стоит доставка?\nБесплатно от 3 000 ₽.\n\n1. Первый пункт\n2. Второй пункт';
    const answers = parseHelperAnswers(composePromptHelperContent(given));
    expect(answers.faq).toBe(given[6]);
    expect(answers.companyName).toBe('');
    expect(answers.botGoal).toBe('');
  });

  it('copes with hand-typed text: ")" numbers, skipped questions, labels before a colon', () => {
    const answers = parseHelperAnswers(
      '1) Роза ветров\n2) Цветочный магазин в Томске\n3) Букеты и доставка\n6) тон: на ты, весело\n11. Оформить заказ\nИнструкция: сделай хорошо',
    );
    expect(answers).toMatchObject({
      companyName: 'Роза ветров',
      companyActivity: 'Цветочный магазин в Томске',
      products: 'Букеты и доставка',
      targetAudience: '',
      toneStyle: 'на ты, весело',
      botGoal: 'Оформить заказ',
      cost: '',
    });
  });

  it('takes free text without numbers as what the company does', () => {
    expect(parseHelperAnswers('Продаём шины в Перми').companyActivity).toBe('Продаём шины в Перми');
  });

  it('keys the answers as spec §3 names them, in the order of the steps', () => {
    expect(PROMPT_HELPER_QUESTIONS.map((q) => q.key)).toEqual([
      'companyName',
      'companyActivity',
      'products',
      'targetAudience',
      'botRole',
      'toneStyle',
      'faq',
      'forbidden',
      'mission',
      'extra',
      'botGoal',
      'cost',
    ]);
  });
});

describe('writing the prompt', () => {
  it('finds the company name in quotes or before a dash, and gives up when unsure', () => {
    expect(companyName('«Чистый дом» — клининг')).toBe('Чистый дом');
    expect(companyName('Автосервис Колесо — ремонт машин')).toBe('Автосервис Колесо');
    expect(companyName('просто продаём шины')).toBeNull();
  });

  it('builds a prompt with the persona, the company and a section for every answer given', () => {
    const { prompt, insights } = splitPromptHelperReply(composeHelperReply(composePromptHelperContent(filled)));
    expect(prompt.split('\n')[0]).toBe(
      'Ты — Анна, менеджер по работе с клиентами компании «Чистый дом». Ты отвечаешь клиентам в чате на сайте и в мессенджере: помогаешь разобраться в товарах и услугах, отвечаешь на вопросы и доводишь разговор до результата. Ты представляешь компанию, поэтому говоришь «мы», а не «они».',
    );
    for (const heading of [
      'О компании',
      'Товары и услуги',
      'Наши клиенты',
      'Стиль общения',
      'Частые вопросы',
      'Цены и оплата',
      'Что ещё важно знать',
      'Чего делать нельзя',
      'Когда звать человека',
      'Цель разговора',
    ]) {
      expect(prompt).toContain(`## ${heading}\n`);
    }
    expect(prompt).toContain('- Сколько длится уборка? — 3–5 часов для двухкомнатной квартиры.\n- Нужно ли быть дома?');
    expect(prompt).toContain(
      '- Не обсуждать конкурентов, не обещать скидки сверх прайса, не давать медицинских советов.',
    );
    expect(prompt).toContain('Возвращаем людям выходные');
    expect(prompt).toContain('Поддерживающая уборка от 2 900 ₽');
    expect(insights.length).toBeGreaterThanOrEqual(2);
  });

  it('leaves out sections with no answer but always keeps the safety rules and a goal', () => {
    const only = Array.from({ length: 12 }, () => '');
    only[1] = 'Шиномонтаж в Перми';
    const { prompt } = splitPromptHelperReply(composeHelperReply(composePromptHelperContent(only)));
    expect(prompt).toContain('Ты — виртуальный консультант нашей компании.');
    expect(prompt).not.toContain('## Цены и оплата');
    expect(prompt).toContain('Не выдумывай факты');
    expect(prompt).toContain('## Цель разговора');
  });

  it('names the company as the owner wrote it, quotes or not', () => {
    const given = Array.from({ length: 12 }, () => '');
    given[0] = '«Роза ветров»';
    const { prompt } = splitPromptHelperReply(composeHelperReply(composePromptHelperContent(given)));
    expect(prompt.split('\n')[0]).toContain('компании «Роза ветров»');
  });

  it('never lets an answer smuggle in the heading the client splits on', () => {
    const tricky = Array.from({ length: 12 }, () => '');
    tricky[1] = 'Компания AI-инсайты: и Ваш промт: в названии';
    const reply = composeHelperReply(composePromptHelperContent(tricky));
    expect(reply.split('AI-инсайты:')).toHaveLength(2);
    expect(splitPromptHelperReply(reply).prompt).toContain('Компания AI-инсайты и Ваш промт в названии');
  });
});

describe('insights', () => {
  it('point out what is missing, stay within 500 characters and end with the cabinet features', () => {
    const empty = parseHelperAnswers('Шиномонтаж в Перми');
    const tips = buildInsights(empty);
    expect(tips[0]).toContain('частых вопросов');
    expect(tips.some((t) => t.includes('не указали цены'))).toBe(true);
    expect(tips.length).toBeLessThanOrEqual(6);
    for (const tip of tips) {
      expect(tip.length).toBeLessThanOrEqual(PROMPT_INSIGHT_MAX_LENGTH);
      expect(tip).not.toContain('\n');
    }
    expect(tips.at(-1)).toMatch(/^В личном кабинете Отклика/);
  });

  it('give testing advice instead when every answer is there', () => {
    const tips = buildInsights(parseHelperAnswers(composePromptHelperContent(filled)));
    expect(tips.some((t) => t.startsWith('Проверьте промт на 10–15 реальных вопросах'))).toBe(true);
  });

  it('are numbered one a line after the heading, as the client splits them', () => {
    const { insights } = splitPromptHelperReply(composeHelperReply('Шиномонтаж'));
    for (const [i, line] of insights.entries()) expect(line).toMatch(new RegExp(`^${i + 1}\\. \\S`));
  });
});
