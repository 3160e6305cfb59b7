import type { MonthMessage, StatisticsResult } from '@otklik/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSignedIn } from '@/shared/api/session';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

const MESSAGES = '/api/assistant/this-month-messages';
const ANALYSIS = '/api/statistics/analysis';

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
    expect(analyse).toMatchObject({ method: 'POST', path: ANALYSIS, body: {} });
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
