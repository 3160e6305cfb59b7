import type { MonthFigures, MonthMessage, StatisticsOverview, StatisticsResult } from '@otklik/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSignedIn } from '@/shared/api/session';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

const MESSAGES = '/api/assistant/this-month-messages';
const ANALYSIS = '/api/statistics/analysis';
const OVERVIEW = '/api/statistics/overview';
const ASSISTANT_ID = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const VISITOR_ID = '0b8a3c1d-2e4f-4a6b-9c7d-1e2f3a4b5c6d';
/** The current month in Moscow, as the screen asks for it. */
const MONTH = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

const figures = (over: Partial<MonthFigures> = {}): MonthFigures => ({
  conversations: 40,
  visitorMessages: 120,
  resolvedByBot: 30,
  resolvedShare: 0.75,
  handoffs: { total: 10, trigger: 2, noAnswer: 7, visitorAsked: 1 },
  operated: 9,
  operatorFirstResponseSec: 150,
  phones: 4,
  channels: { widget: 35, telegram: 5 },
  hours: Array.from({ length: 24 }, (_, h) => (h === 11 ? 20 : h > 8 && h < 21 ? 8 : 0)),
  botAnswers: 110,
  averageResponseLength: 180,
  ...over,
});

const OVERVIEW_BODY: StatisticsOverview = {
  month: MONTH,
  assistantId: null,
  figures: figures(),
  previous: figures({ conversations: 32, resolvedShare: 0.7 }),
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: `${MONTH}-${String(i + 1).padStart(2, '0')}`,
    conversations: i === 4 ? 6 : 1,
    handoffs: i % 5 === 0 ? 1 : 0,
  })),
  topics: [
    {
      name: 'Сколько стоит доставка?',
      word: 'Доставка',
      size: 12,
      handedOff: 1,
      answered: 11,
      examples: ['Какова стоимость доставки?'],
    },
    { name: 'Можно ли вернуть букет?', word: 'Букет', size: 5, handedOff: 4, answered: 1, examples: [] },
  ],
  unanswered: [
    {
      assistantId: ASSISTANT_ID,
      assistantName: 'Цветы',
      question: 'Можно ли вернуть букет?',
      count: 4,
      lastAskedAt: '2026-03-14T09:30:00.000Z',
      visitorId: VISITOR_ID,
    },
  ],
};

const message = (over: Partial<MonthMessage> = {}): MonthMessage => ({
  id: crypto.randomUUID(),
  assistantId: '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  visitorId: crypto.randomUUID(),
  role: 'user',
  content: 'Сколько стоит доставка?',
  createdAt: '2026-03-14T09:30:00.000Z',
  ...over,
});

const RESULT: StatisticsResult = {
  mostPopularQuestion: 'Сколько стоит доставка?',
  hardestQuestion: 'Можно ли вернуть букет?',
  mostEffectivelySolved: 'Часы работы',
  totalRequests: 12345,
  top3Topics: ['Доставка', 'Оплата', 'Возврат'],
  averageResponseLength: 182.46,
};

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on('GET /api/check-auth', { body: { ok: true } });
  peer.on(`GET ${MESSAGES}`, { body: [message(), message({ role: 'assistant', content: 'Бесплатно' }), message()] });
  peer.on(`POST ${ANALYSIS}`, { body: RESULT });
  peer.on(`GET ${OVERVIEW}`, { body: OVERVIEW_BODY });
  peer.on('GET /api/assistant', {
    body: [
      { id: ASSISTANT_ID, name: 'Цветы', widget: { accentColor: '#007bff', avatarUrl: null, botName: 'Ваш бот' } },
    ],
  });
});
afterEach(() => {
  peer.requests.length = 0;
  // Drops the tab's query cache (as a logout does), so each test starts from the server.
  clearSignedIn();
});

function openStatistics() {
  const app = renderApp(peer, '/dashboard/statistic');
  return { ...app, user: userEvent.setup() };
}

const resultBlock = () => within(screen.getByRole('region', { name: 'Результат анализа' }));
/** The value shown beside a label of the result block. */
const field = (label: string) => resultBlock().getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const calls = () => apiCalls(peer).filter((r) => r.path === MESSAGES || r.path === ANALYSIS);
const loadingButton = () => screen.getByRole('button', { name: 'Загрузка...' });
const refreshButton = () => screen.findByRole('button', { name: 'Обновить статистику' });

describe('statistics of the month (spec §2.14, §7)', () => {
  it('reads the messages, then asks for the analysis of all assistants, and shows the six fields', async () => {
    openStatistics();
    expect(await screen.findByRole('heading', { level: 1, name: 'Статистика за текущий месяц' })).toBeInTheDocument();
    await screen.findByText('Самый популярный вопрос', { selector: 'dt' });
    expect(field('Самый популярный вопрос')).toBe('Сколько стоит доставка?');
    expect(field('Самый сложный вопрос')).toBe('Можно ли вернуть букет?');
    expect(field('Решено эффективнее всего')).toBe('Часы работы');
    expect(field('Всего запросов')).toBe(new Intl.NumberFormat('ru-RU').format(12345));
    expect(field('Топ-3 темы')).toBe('Доставка, Оплата, Возврат');
    expect(field('Средняя длина ответа')).toBe('182,5 симв.');
    expect(screen.getByText('Сообщений за месяц: 3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Статистика за текущий месяц — /);

    const [read, analyse] = calls();
    expect(calls()).toHaveLength(2);
    expect(read).toMatchObject({ method: 'GET', path: MESSAGES });
    expect(read?.headers.authorization).toBe('Bearer owner-token');
    expect(analyse).toMatchObject({ method: 'POST', path: ANALYSIS, body: { month: MONTH } });
    expect(analyse?.headers.authorization).toBe('Bearer owner-token');
  });

  it('shows a dash for no topics and for a field the month has nothing for', async () => {
    peer.on(`POST ${ANALYSIS}`, {
      body: { ...RESULT, hardestQuestion: '', totalRequests: 0, top3Topics: [], averageResponseLength: 0 },
    });
    openStatistics();
    await screen.findByText('Топ-3 темы', { selector: 'dt' });
    expect(field('Топ-3 темы')).toBe('—');
    expect(field('Самый сложный вопрос')).toBe('—');
    expect(field('Всего запросов')).toBe('0');
    expect(field('Средняя длина ответа')).toBe('0 симв.');
  });

  it('shows "Загрузка..." on a disabled button and a skeleton until the first result', async () => {
    peer.on(`POST ${ANALYSIS}`, { body: RESULT, delayMs: 300 });
    openStatistics();
    await screen.findByRole('heading', { level: 1 });
    expect(loadingButton()).toBeDisabled();
    expect(resultBlock().getByRole('status')).toHaveTextContent('Анализируем сообщения за месяц...');
    // Still loading once the messages have come and the analysis runs.
    expect(await screen.findByText('Сообщений за месяц: 3')).toBeInTheDocument();
    expect(loadingButton()).toBeDisabled();
    expect(await refreshButton()).toBeEnabled();
    expect(field('Самый популярный вопрос')).toBe('Сколько стоит доставка?');
  });

  it('runs both calls again on "Обновить статистику", keeping the last result in view meanwhile', async () => {
    const { user } = openStatistics();
    await screen.findByText('Самый популярный вопрос', { selector: 'dt' });
    peer.on(`GET ${MESSAGES}`, { body: [message()], delayMs: 150 });
    peer.on(`POST ${ANALYSIS}`, { body: { ...RESULT, mostPopularQuestion: 'Есть ли самовывоз?' }, delayMs: 150 });
    await user.click(await refreshButton());
    expect(loadingButton()).toBeDisabled();
    expect(field('Самый популярный вопрос')).toBe('Сколько стоит доставка?');
    await waitFor(() => expect(field('Самый популярный вопрос')).toBe('Есть ли самовывоз?'));
    expect(await refreshButton()).toBeEnabled();
    expect(screen.getByText('Сообщений за месяц: 1')).toBeInTheDocument();
    expect(calls().map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
  });
});

describe('statistics errors (spec §8)', () => {
  it('says "Не удалось получить сообщения: " and the server text, and does not ask for the analysis', async () => {
    peer.on(`GET ${MESSAGES}`, { status: 500, body: { message: 'База данных недоступна' } });
    openStatistics();
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось получить сообщения: База данных недоступна');
    expect(await refreshButton()).toBeEnabled();
    expect(calls().map((r) => r.path)).toEqual([MESSAGES]);
  });

  it('says "Ошибка ассистента: " and the server text when the analysis is refused', async () => {
    peer.on(`POST ${ANALYSIS}`, { status: 502, body: { message: 'Модель не ответила' } });
    openStatistics();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ошибка ассистента: Модель не ответила$/);
    expect(screen.getByText('Сообщений за месяц: 3')).toBeInTheDocument();
  });

  it('says "Невалидный JSON от ассистента" for a result missing its fields', async () => {
    peer.on(`POST ${ANALYSIS}`, { body: { mostPopularQuestion: 'Сколько стоит доставка?', totalRequests: 'много' } });
    openStatistics();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Невалидный JSON от ассистента$/);
  });

  it('says "Произошла ошибка" for a failure with no server text', async () => {
    peer.on(`POST ${ANALYSIS}`, { status: 500 });
    openStatistics();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Произошла ошибка$/);
  });

  it('keeps the last result when a refresh fails, and clears the error once one succeeds', async () => {
    const { user } = openStatistics();
    await screen.findByText('Самый популярный вопрос', { selector: 'dt' });
    peer.on(`POST ${ANALYSIS}`, { status: 400, body: { message: 'Нет сообщений для анализа' } });
    await user.click(await refreshButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка ассистента: Нет сообщений для анализа');
    expect(field('Самый популярный вопрос')).toBe('Сколько стоит доставка?');
    peer.on(`POST ${ANALYSIS}`, { body: RESULT });
    await user.click(await refreshButton());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await refreshButton()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the month beyond the six fields', () => {
  const region = (name: string) => within(screen.getByRole('region', { name }));

  it('shows the figures against the month before, the busy hours and all topics', async () => {
    openStatistics();
    await screen.findByRole('region', { name: 'Показатели месяца' });
    const tiles = region('Показатели месяца');
    expect(tiles.getByText('Разговоры').parentElement).toHaveTextContent('40+25 % к прошлому месяцу');
    expect(tiles.getByText('Решено ботом').parentElement).toHaveTextContent('75 %30 из 40+5 п. п. к прошлому месяцу');
    expect(tiles.getByText('Передано человеку').parentElement).toHaveTextContent(
      'триггер: 2 · бот не нашёл ответа: 7 · просьба посетителя: 1',
    );
    expect(tiles.getByText('Первый ответ оператора').parentElement).toHaveTextContent('3 мин');
    expect(region('Часы наибольшей нагрузки').getByText('11:00 — 20')).toBeInTheDocument();
    const topics = region('Темы вопросов');
    expect(topics.getByText('Доставка')).toBeInTheDocument();
    expect(topics.getByText('12 вопросов · передано: 1')).toBeInTheDocument();
    expect(topics.getByText('«Какова стоимость доставки?»')).toBeInTheDocument();
    const day = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(
      region('По дням').getByText(`Больше всего разговоров: ${day.format(new Date(`${MONTH}-05T12:00:00Z`))} (6)`),
    ).toBeInTheDocument();
  });

  it("'Добавить ответ' opens the corrected-answer modal with the question; once saved the question leaves the list", async () => {
    const { user } = openStatistics();
    await screen.findByRole('region', { name: 'Вопросы без ответа' });
    const list = region('Вопросы без ответа');
    expect(list.getByText('Цветы · 14 марта в 12:30 · 4 раза', { exact: false })).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Открыть чат' })).toHaveAttribute(
      'href',
      `/dashboard/assistants/${ASSISTANT_ID}/chats?visitor=${VISITOR_ID}`,
    );
    peer.on(`POST /api/assistant/${ASSISTANT_ID}/correct-answers`, (req) => ({
      body: {
        id: crypto.randomUUID(),
        synonyms: '',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        ...(req.body as object),
      },
    }));
    await user.click(list.getByRole('button', { name: 'Добавить ответ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ответ на вопрос' }));
    expect(dialog.getByLabelText('Вопрос')).toHaveValue('Можно ли вернуть букет?');
    peer.on(`GET ${OVERVIEW}`, { body: { ...OVERVIEW_BODY, unanswered: [] } });
    await user.type(dialog.getByLabelText('Правильный ответ'), 'Да, в течение суток, если букет не повреждён.');
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Все вопросы месяца получили ответ. Отличная работа!')).toBeInTheDocument();
    const saved = peer.requests.find((r) => r.path.endsWith('/correct-answers'));
    expect(saved?.body).toEqual({
      question: 'Можно ли вернуть букет?',
      correctAnswer: 'Да, в течение суток, если букет не повреждён.',
      originalAnswer: '',
      isCorrect: false,
    });
  });

  it('asks for the assistant and month chosen, the analysis too', async () => {
    const { user } = openStatistics();
    await screen.findByRole('region', { name: 'Показатели месяца' });
    const previous = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5)) - 2, 1))
      .toISOString()
      .slice(0, 7);
    await user.selectOptions(screen.getByLabelText('Ассистент'), ASSISTANT_ID);
    await user.selectOptions(screen.getByLabelText('Месяц'), previous);
    await waitFor(() =>
      expect(
        peer.requests.some(
          (r) => r.path === OVERVIEW && r.url.includes(`month=${previous}`) && r.url.includes(ASSISTANT_ID),
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(
        peer.requests.some(
          (r) =>
            r.path === ANALYSIS &&
            JSON.stringify(r.body) === JSON.stringify({ month: previous, assistantId: ASSISTANT_ID }),
        ),
      ).toBe(true),
    );
  });

  it("downloads the month's CSV with the owner's token", async () => {
    const { user } = openStatistics();
    await screen.findByRole('region', { name: 'Показатели месяца' });
    peer.on('GET /api/statistics/export', {
      raw: '\uFEFFАссистент;Канал\r\n',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    const urls: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      urls.push(blob);
      return 'blob:statistics';
    };
    URL.revokeObjectURL = () => {};
    await user.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    const request = peer.requests.find((r) => r.path === '/api/statistics/export');
    expect(request?.url).toContain(`month=${MONTH}`);
    expect(request?.headers.authorization).toBe('Bearer owner-token');
  });
});
