import { liveTopics } from '@otklik/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiPeer, type PeerRequest, startApiPeer } from '@/test/api-peer';
import { A, CHATS, fakeLive, HISTORY, message, renderChats, visitor } from './test-helpers';

const ANNA = visitor({
  type: 'telegram',
  name: 'Анна',
  firstName: 'Анна',
  lastName: 'Петрова',
  tgUsername: 'anna_p',
  lastMessageAt: '2026-03-14T09:00:00.000Z',
  lastMessage: { content: 'Сколько стоит доставка?', author: 'visitor' },
});
const WEB = visitor({
  lastMessageAt: '2026-03-14T10:00:00.000Z',
  lastMessage: { content: 'Доставка бесплатная', author: 'bot' },
});
const QUIET = visitor({ lastMessageAt: null, messageCount: 0 });

const histories = new Map<string, unknown[]>();
const visitorOf = (req: PeerRequest) => new URL(req.url, 'http://x').searchParams.get('visitorId') ?? '';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  histories.clear();
  peer.on(`GET ${CHATS}`, { body: [QUIET, ANNA, WEB] });
  peer.on(`GET ${HISTORY}`, (req) => ({ body: histories.get(visitorOf(req)) ?? [] }));
});
afterEach(() => {
  peer.requests.length = 0;
  vi.restoreAllMocks();
});

const historyCalls = () => peer.requests.filter((r) => r.path === HISTORY).map(visitorOf);
const items = () => within(screen.getByRole('list', { name: 'Собеседники' })).getAllByRole('button');

describe('chat monitoring: the visitors (spec §2.13)', () => {
  it('shows the loading text, then the visitors by last activity with type icon, name or Visitor [id] and a preview', async () => {
    renderChats(peer);
    expect(screen.getByRole('heading', { level: 1, name: 'Все чаты' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка собеседников...');
    await screen.findByRole('list', { name: 'Собеседники' });
    const [first, second, third] = items();
    if (!first || !second || !third) throw new Error('three visitors expected');
    expect(first).toHaveTextContent(`Visitor ${WEB.id}`);
    expect(within(first).getByRole('img', { name: 'Сайт' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Бот: Доставка бесплатная');
    expect(second).toHaveTextContent('Анна');
    expect(within(second).getByRole('img', { name: 'Телеграм' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Сколько стоит доставка?');
    expect(third).toHaveTextContent(`Visitor ${QUIET.id}`);
    expect(peer.requests.find((r) => r.path === CHATS)?.headers.authorization).toBe('Bearer owner-token');
  });

  it('says "Ошибка при загрузке собеседников" for a non-OK reply', async () => {
    peer.on(`GET ${CHATS}`, { status: 500, body: { message: 'boom' } });
    const { live } = renderChats(peer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при загрузке собеседников');
    expect(screen.getByText('Выберите собеседника слева')).toBeInTheDocument();
    // The live channel waits for the list.
    expect(live.state.opened).toBe(0);
  });

  it('says "Ошибка сети при загрузке собеседников" when the server is not reached, and retries', async () => {
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderChats(peer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка сети при загрузке собеседников');
    vi.mocked(globalThis.fetch).mockImplementation(fetch);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Собеседники' })).toBeInTheDocument();
  });

  it('shows an empty list and the prompt to select when nobody wrote yet', async () => {
    peer.on(`GET ${CHATS}`, { body: [] });
    renderChats(peer);
    expect(await screen.findByText('Пока никто не написал')).toBeInTheDocument();
    expect(screen.getByText('Выберите собеседника слева')).toBeInTheDocument();
  });
});

describe('chat monitoring: selection and history (spec §4)', () => {
  it('selects the first visitor when nothing is stored, stores it and loads its history', async () => {
    histories.set(WEB.id, [
      message({ content: 'Есть доставка?' }),
      message({ role: 'assistant', author: 'bot', content: 'Да' }),
    ]);
    renderChats(peer);
    expect(await screen.findByText('Есть доставка?')).toBeInTheDocument();
    expect(localStorage.getItem('selectedChat')).toBe(WEB.id);
    expect(items()[0]).toHaveAttribute('aria-current', 'true');
    expect(historyCalls()).toEqual([WEB.id]);
    const call = peer.requests.find((r) => r.path === HISTORY);
    expect(new URL(call?.url ?? '', 'http://x').searchParams.get('assistantId')).toBe(A);
  });

  it('reopens the stored visitor when still in the list, and ignores a stale one', async () => {
    localStorage.setItem('selectedChat', ANNA.id);
    renderChats(peer);
    expect(await screen.findByRole('heading', { name: 'Собеседник' })).toBeInTheDocument();
    expect(items()[1]).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(historyCalls()).toEqual([ANNA.id]));
  });

  it('opens the conversation an alert links to (?visitor=), whatever was stored', async () => {
    localStorage.setItem('selectedChat', WEB.id);
    renderChats(peer, undefined, `?visitor=${ANNA.id}`);
    await waitFor(() => expect(historyCalls()).toEqual([ANNA.id]));
    expect(items()[1]).toHaveAttribute('aria-current', 'true');
    expect(localStorage.getItem('selectedChat')).toBe(ANNA.id);
  });

  it('falls back to the first visitor when the stored one is gone', async () => {
    localStorage.setItem('selectedChat', crypto.randomUUID());
    renderChats(peer);
    await waitFor(() => expect(localStorage.getItem('selectedChat')).toBe(WEB.id));
  });

  it('shows the visitor facts: name, Telegram link, email, phone; ID only without a first name and username', async () => {
    const full = visitor({ ...ANNA, email: 'anna@example.ru', phone: '+7 900 000-00-00' });
    peer.on(`GET ${CHATS}`, { body: [full, WEB] });
    localStorage.setItem('selectedChat', full.id);
    const { user } = renderChats(peer);
    const card = (await screen.findByRole('heading', { name: 'Собеседник' })).closest('header') as HTMLElement;
    expect(card).toHaveTextContent('Имя:Анна Петрова');
    expect(within(card).getByRole('link', { name: '@anna_p' })).toHaveAttribute('href', 'https://t.me/anna_p');
    expect(card).toHaveTextContent('Email:anna@example.ru');
    expect(card).toHaveTextContent('Телефон:+7 900 000-00-00');
    expect(card).not.toHaveTextContent('ID:');

    await user.click(screen.getByRole('button', { name: new RegExp(`Visitor ${WEB.id}`) }));
    const other = (await screen.findByRole('heading', { name: 'Собеседник' })).closest('header') as HTMLElement;
    await waitFor(() => expect(other).toHaveTextContent(`ID:${WEB.id}`));
    expect(other).not.toHaveTextContent('Имя:');
  });

  it('selecting another visitor stores it, loads its history and re-subscribes its live topics', async () => {
    histories.set(ANNA.id, [message({ content: 'Вопрос Анны' })]);
    const { user, live } = renderChats(peer);
    await screen.findByRole('list', { name: 'Собеседники' });
    await waitFor(() => expect(live.topics()).toContain(liveTopics.conversation(A, WEB.id)));
    await user.click(items()[1] as HTMLElement);
    expect(await screen.findByText('Вопрос Анны')).toBeInTheDocument();
    expect(localStorage.getItem('selectedChat')).toBe(ANNA.id);
    expect(live.topics().sort()).toEqual(
      [liveTopics.assistant(A), liveTopics.conversation(A, ANNA.id), liveTopics.autocomplete(A, ANNA.id)].sort(),
    );
    expect(live.state.opened).toBe(1);
  });

  it('only logs a failed history load', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    peer.on(`GET ${HISTORY}`, { status: 500, body: { message: 'boom' } });
    renderChats(peer);
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Сообщение собеседнику' })).toBeInTheDocument();
  });

  it('renders a system note as a note and attachment links as safe anchors', async () => {
    histories.set(WEB.id, [
      message({ content: '📎 [прайс.pdf](/api/public/files/abc) и [плохая](javascript:alert(1)) <b>жирный</b>' }),
      message({ role: 'assistant', author: 'system', content: 'Запрос телефона клиента' }),
    ]);
    renderChats(peer);
    const link = await screen.findByRole('link', { name: 'прайс.pdf' });
    expect(link).toHaveAttribute('href', '/api/public/files/abc');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'плохая' })).not.toBeInTheDocument();
    expect(screen.getByText(/<b>жирный<\/b>/)).toBeInTheDocument();
    const note = screen.getByText(/Запрос телефона клиента/);
    expect(note.closest('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Верно' })).not.toBeInTheDocument();
  });
});

describe('chat monitoring: live (spec §4, §7)', () => {
  it('opens after the list loads and subscribes the assistant and the selected conversation', async () => {
    const live = fakeLive();
    renderChats(peer, live);
    await waitFor(() =>
      expect(live.topics().sort()).toEqual(
        [liveTopics.assistant(A), liveTopics.conversation(A, WEB.id), liveTopics.autocomplete(A, WEB.id)].sort(),
      ),
    );
  });

  it('appends a live message once, even when it arrives twice', async () => {
    const { live } = renderChats(peer);
    await waitFor(() => expect(live.topics()).toContain(liveTopics.conversation(A, WEB.id)));
    const pushed = message({ content: 'А в выходные работаете?' });
    live.emit(liveTopics.conversation(A, WEB.id), pushed);
    live.emit(liveTopics.conversation(A, WEB.id), pushed);
    expect(await screen.findAllByText('А в выходные работаете?')).toHaveLength(1);
    // A push with only role and content (spec §3) is shown too, stamped with local time.
    live.emit(liveTopics.conversation(A, WEB.id), { role: 'assistant', content: 'Да, без выходных' });
    expect(await screen.findByText('Да, без выходных')).toBeInTheDocument();
  });

  it('loads the list and the conversation again once listening, so what came before is not lost', async () => {
    histories.set(WEB.id, [message({ content: 'Первый вопрос' })]);
    const { live } = renderChats(peer);
    await screen.findByText('Первый вопрос');
    await waitFor(() => expect(live.topics()).toContain(liveTopics.conversation(A, WEB.id)));
    const chatsCalls = () => peer.requests.filter((r) => r.path === CHATS).length;
    expect(chatsCalls()).toBe(1);
    expect(historyCalls()).toEqual([WEB.id]);
    // The visitor wrote, and a new visitor came, while the subscriptions were on their way.
    histories.set(WEB.id, [message({ content: 'Первый вопрос' }), message({ content: 'Пока я ждал ответа' })]);
    const NEW = visitor({ lastMessageAt: '2026-03-14T12:00:00.000Z', lastMessage: null });
    peer.on(`GET ${CHATS}`, { body: [QUIET, ANNA, WEB, NEW] });
    live.ready(liveTopics.conversation(A, WEB.id));
    expect(await screen.findByText('Пока я ждал ответа')).toBeInTheDocument();
    expect(historyCalls()).toEqual([WEB.id, WEB.id]);
    live.ready(liveTopics.assistant(A));
    await waitFor(() => expect(items()[0]).toHaveTextContent(`Visitor ${NEW.id}`));
    expect(chatsCalls()).toBe(2);
    // The list reload leaves the open conversation's history alone.
    expect(historyCalls()).toEqual([WEB.id, WEB.id]);
    expect(screen.getAllByText('Пока я ждал ответа')).toHaveLength(1);
  });

  it('fills the input with an autocomplete suggestion and flashes it until focused', async () => {
    const { live, user } = renderChats(peer);
    await waitFor(() => expect(live.topics()).toContain(liveTopics.autocomplete(A, WEB.id)));
    live.emit(liveTopics.autocomplete(A, WEB.id), { content: 'Доставка занимает 2 дня.' });
    const input = screen.getByRole('textbox', { name: 'Сообщение собеседнику' });
    expect(input).toHaveValue('Доставка занимает 2 дня.');
    expect(input.closest('form')).toHaveAttribute('data-flash', 'true');
    await user.click(input);
    expect(input.closest('form')).not.toHaveAttribute('data-flash');
  });

  it('moves a visitor up with a new preview and counts unread visitor messages of other conversations', async () => {
    const { live, user } = renderChats(peer);
    await waitFor(() => expect(live.topics()).toContain(liveTopics.assistant(A)));
    const pushed = message({ content: 'Я ещё тут' });
    live.emit(liveTopics.assistant(A), {
      type: 'message',
      visitor: { ...QUIET, lastMessageAt: '2026-03-14T11:00:00.000Z', messageCount: 1 },
      message: pushed,
    });
    live.emit(liveTopics.assistant(A), {
      type: 'message',
      visitor: { ...QUIET, lastMessageAt: '2026-03-14T11:01:00.000Z', messageCount: 2 },
      message: message({ content: 'Ау' }),
    });
    await waitFor(() => expect(items()[0]).toHaveTextContent(`Visitor ${QUIET.id}`));
    expect(items()[0]).toHaveTextContent('Ау');
    expect(within(items()[0] as HTMLElement).getByText('Новых сообщений: 2')).toBeInTheDocument();
    // The selected conversation stays selected and gets no badge.
    live.emit(liveTopics.assistant(A), {
      type: 'message',
      visitor: {
        ...WEB,
        lastMessageAt: '2026-03-14T11:02:00.000Z',
        lastMessage: { content: 'Спасибо', author: 'visitor' },
      },
      message: message({ content: 'Спасибо' }),
    });
    await waitFor(() => expect(items()[0]).toHaveTextContent('Спасибо'));
    expect(items()[0]).toHaveAttribute('aria-current', 'true');
    expect(within(items()[0] as HTMLElement).queryByText(/Новых сообщений/)).not.toBeInTheDocument();
    // Opening the conversation reads it.
    await user.click(items()[1] as HTMLElement);
    expect(within(items()[1] as HTMLElement).queryByText(/Новых сообщений/)).not.toBeInTheDocument();
  });

  it('notifies of a new visitor message only once the owner turns alerts on (remembered), on the desktop while hidden', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, opts?: { body?: string }) {
        shown.push({ title, body: opts?.body });
      }
    }
    const saved = Object.getOwnPropertyDescriptor(window, 'Notification');
    Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      const { live, user } = renderChats(peer);
      await waitFor(() => expect(live.topics()).toContain(liveTopics.assistant(A)));
      const push = (content: string) =>
        live.emit(liveTopics.assistant(A), {
          type: 'message',
          visitor: { ...QUIET, lastMessageAt: new Date().toISOString(), messageCount: 3 },
          message: message({ content }),
        });
      push('Без оповещений');
      await waitFor(() => expect(items()[0]).toHaveTextContent('Без оповещений'));
      expect(shown).toEqual([]);
      const toggle = screen.getByRole('button', { name: 'Включить оповещения' });
      await user.click(toggle);
      expect(screen.getByRole('button', { name: 'Оповещения включены' })).toHaveAttribute('aria-pressed', 'true');
      expect(localStorage.getItem('chatAlerts')).toBe('true');
      push('Есть кто живой?');
      await waitFor(() =>
        expect(shown).toEqual([{ title: `Новое сообщение — Visitor ${QUIET.id}`, body: 'Есть кто живой?' }]),
      );
    } finally {
      Reflect.deleteProperty(document, 'hidden');
      if (saved) Object.defineProperty(window, 'Notification', saved);
      else Reflect.deleteProperty(window, 'Notification');
    }
  });

  it('closes the live connection when the screen goes away', async () => {
    const { live, router } = renderChats(peer);
    await waitFor(() => expect(live.state.opened).toBe(1));
    await router.navigate('/elsewhere');
    await waitFor(() => expect(live.state.closed).toBe(1));
  });
});
