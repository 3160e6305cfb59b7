import { liveTopics } from '@otklik/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { A, CHATS, HISTORY, message, renderChats, SEND, visitor } from './test-helpers';

const V = visitor({ name: 'Олег', firstName: 'Олег' });
const QUESTION = message({ content: 'Сколько стоит доставка?' });
const ANSWER = message({ role: 'assistant', author: 'bot', content: 'Доставка платная.' });
const ANSWERS = `/api/assistant/${A}/correct-answers`;
const PAUSE = `/api/visitors/${V.id}/assistant/${A}/pause`;
const PHONE = `${SEND}/phone-request`;

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on(`GET ${CHATS}`, { body: [V] });
  peer.on(`GET ${HISTORY}`, { body: [message({ content: 'Первый вопрос' }), QUESTION, ANSWER] });
  peer.on(`POST ${SEND}`, (req) => ({
    body: message({ role: 'assistant', author: 'operator', content: (req.body as { content: string }).content }),
  }));
});
afterEach(() => {
  peer.requests.length = 0;
});

async function openChat() {
  const app = renderChats(peer);
  await screen.findByText('Доставка платная.');
  const input = screen.getByRole('textbox', { name: 'Сообщение собеседнику' });
  return { ...app, input };
}

const calls = (method: string, path: string) => peer.requests.filter((r) => r.method === method && r.path === path);

describe('chat monitoring: sending (spec §4, §8)', () => {
  it('sends on Enter as the operator, clears the input at once and shows the message', async () => {
    peer.on(`POST ${SEND}`, (req) => ({
      delayMs: 150,
      body: message({ role: 'assistant', author: 'operator', content: (req.body as { content: string }).content }),
    }));
    const { user, input } = await openChat();
    expect(input).toHaveAttribute('placeholder', 'Введите сообщение...');
    await user.type(input, 'Первая строка{Shift>}{Enter}{/Shift}вторая');
    expect(input).toHaveValue('Первая строка\nвторая');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAttribute('aria-busy', 'true');
    const sent = await screen.findByText(/Первая строка/);
    expect(sent.textContent).toBe('Первая строка\nвторая');
    const [call] = calls('POST', SEND);
    expect(call?.body).toEqual({ role: 'assistant', content: 'Первая строка\nвторая' });
    expect(new URL(call?.url ?? '', 'http://x').searchParams.get('visitorId')).toBe(V.id);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).not.toHaveAttribute('aria-busy'));
  });

  it('shows the operator message once when it also comes back live', async () => {
    const sentMessage = message({ role: 'assistant', author: 'operator', content: 'Сейчас уточню' });
    peer.on(`POST ${SEND}`, { body: sentMessage });
    const { user, input, live } = await openChat();
    await user.type(input, 'Сейчас уточню{Enter}');
    await screen.findByText('Сейчас уточню');
    live.emit(liveTopics.conversation(A, V.id), sentMessage);
    expect(screen.getAllByText('Сейчас уточню')).toHaveLength(1);
  });

  it('appends an assistant bubble "Произошла ошибка. Попробуйте позже." when the send fails', async () => {
    peer.on(`POST ${SEND}`, { status: 500, body: { message: 'boom' } });
    const { user, input } = await openChat();
    await user.type(input, 'Алло{Enter}');
    const bubble = await screen.findByText('Произошла ошибка. Попробуйте позже.');
    expect(bubble.closest('li')).toHaveAttribute('data-role', 'assistant');
    expect(within(bubble.closest('li') as HTMLElement).queryByRole('button', { name: 'Верно' })).toBeNull();
  });

  it('sends nothing for an empty or blank input', async () => {
    const { user, input } = await openChat();
    await user.type(input, '   {Enter}');
    expect(calls('POST', SEND)).toHaveLength(0);
  });
});

describe('chat monitoring: tools (spec §2.13, §4 "Visitor conversation")', () => {
  it('pauses and resumes the conversation with the notices', async () => {
    peer.on(`PUT ${PAUSE}`, (req) => ({
      body: { ...V, isPaused: new URL(req.url, 'http://x').searchParams.get('pause') === 'true' },
    }));
    const { user } = await openChat();
    expect(screen.getByText('Статус беседы:')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Остановить' }));
    expect(await screen.findByText('Беседа приостановлена!')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Запустить' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('switch', { name: 'Запустить' }));
    expect(await screen.findByText('Беседа возобновлена!')).toBeInTheDocument();
    expect(calls('PUT', PAUSE).map((r) => new URL(r.url, 'http://x').searchParams.get('pause'))).toEqual([
      'true',
      'false',
    ]);
    expect(calls('PUT', PAUSE)[0]?.body).toBeUndefined();
  });

  it('says "Ошибка при изменении статуса беседы" when the toggle fails, and keeps the state', async () => {
    peer.on(`PUT ${PAUSE}`, { status: 500, body: { message: 'boom' } });
    const { user } = await openChat();
    await user.click(screen.getByRole('switch', { name: 'Остановить' }));
    expect(await screen.findByText('Ошибка при изменении статуса беседы')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Остановить' })).toHaveAttribute('aria-checked', 'true');
  });

  it('requests the phone: busy while running, the note joins the chat, the phone is read from the visitor', async () => {
    const note = message({ role: 'assistant', author: 'system', content: 'Запрос телефона клиента' });
    peer.on(`POST ${PHONE}`, { delayMs: 150, body: note });
    peer.on(`GET /api/visitors/${V.id}`, { body: { ...V, phone: '+7 911 111-11-11' } });
    const { user } = await openChat();
    const button = screen.getByRole('button', { name: 'Запросить телефон 📞' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('+7 911 111-11-11')).toBeInTheDocument();
    expect(screen.getByText(/Запрос телефона клиента/)).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(calls('POST', PHONE)[0]?.body).toEqual({ role: 'assistant', content: 'Запрос телефона клиента' });
  });

  it('says "Произошла ошибка. Попробуйте позже." when the phone request fails', async () => {
    peer.on(`POST ${PHONE}`, { status: 500, body: { message: 'boom' } });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Запросить телефон 📞' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Произошла ошибка. Попробуйте позже.');
    expect(calls('GET', `/api/visitors/${V.id}`)).toHaveLength(0);
  });
});

describe('chat monitoring: the correction modal (spec §4)', () => {
  const saved = (over: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(),
    question: QUESTION.content,
    originalAnswer: ANSWER.content,
    correctAnswer: ANSWER.content,
    synonyms: '',
    isCorrect: true,
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:30:00.000Z',
    ...over,
  });

  it("'Верно' prefills the original answer, saves isCorrect true with the nearest earlier question", async () => {
    peer.on(`POST ${ANSWERS}`, { body: saved() });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Верно' }));
    const dialog = await screen.findByRole('dialog', { name: 'Исправление ответа' });
    expect(within(dialog).getByLabelText('Вопрос')).toHaveValue('Сколько стоит доставка?');
    expect(within(dialog).getByText('Доставка платная.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Правильный ответ')).toHaveValue('Доставка платная.');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Правильный ответ сохранён!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', ANSWERS)[0]?.body).toEqual({
      question: 'Сколько стоит доставка?',
      originalAnswer: 'Доставка платная.',
      correctAnswer: 'Доставка платная.',
      isCorrect: true,
    });
  });

  it("'Неверно' opens it empty with isCorrect false; Ctrl+Enter saves", async () => {
    peer.on(`POST ${ANSWERS}`, { body: saved({ isCorrect: false }) });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Неверно' }));
    const dialog = await screen.findByRole('dialog');
    const corrected = within(dialog).getByLabelText('Правильный ответ');
    expect(corrected).toHaveValue('');
    await user.click(corrected);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(dialog).findByText('Заполните оба поля.')).toBeInTheDocument();
    expect(calls('POST', ANSWERS)).toHaveLength(0);
    await user.type(corrected, 'Бесплатно от 1500 рублей.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', ANSWERS)[0]?.body).toEqual({
      question: 'Сколько стоит доставка?',
      originalAnswer: 'Доставка платная.',
      correctAnswer: 'Бесплатно от 1500 рублей.',
      isCorrect: false,
    });
  });

  it('Escape closes it without saving; a failed save keeps it open with the error notice', async () => {
    peer.on(`POST ${ANSWERS}`, { status: 500, body: { message: 'boom' } });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Неверно' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', ANSWERS)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Верно' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Ошибка при сохранении правильного ответа')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
