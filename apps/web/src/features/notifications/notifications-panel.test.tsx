import { COMMON_TEXTS, NOTIFICATION_TEXTS, type NotificationEvents, TELEGRAM_TEXTS } from '@otklik/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, type PeerRequest, startApiPeer } from '@/test/api-peer';
import { TEST_REREAD_MS } from './api/notifications';
import { formatDateTime } from './lib/delivery';
import { NotificationsPanel } from './notifications-panel';
import { assistantWithNotification, notificationSettings } from './test-helpers';

const ID = '3c9d7e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f';
const ASSISTANT = `/api/assistant/${ID}`;
const SEND = `${ASSISTANT}/notification/send-confirmation`;
const TOGGLE_EMAIL = `${ASSISTANT}/notification/toggle-email`;
const TOGGLE_TELEGRAM = `${ASSISTANT}/notification/toggle-telegram`;
const TOKEN = '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const FIND_CHAT = `/api/telegram/${encodeURIComponent(TOKEN)}/assistant/${ID}`;
const MASKED = '7012345678:…Dsaw';
const TEST = `${ASSISTANT}/notification/test`;
const EVENTS = `${ASSISTANT}/notification/events`;

let peer: ApiPeer;
/** What GET /api/assistant/{id} answers now; the handlers of a test change it as the server would. */
let settings = notificationSettings();

beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  window.happyDOM.setURL(`${peer.origin}/dashboard/assistants/${ID}`);
  localStorage.setItem('token', 'owner-token');
  resetSession();
  resetUnauthorizedHandling();
  clearAlerts();
  settings = notificationSettings();
  peer.on(`GET ${ASSISTANT}`, () => ({ body: assistantWithNotification(ID, settings) }));
});
afterEach(() => {
  peer.requests.length = 0;
});

function renderPanel() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AlertHost />
        <NotificationsPanel assistantId={ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const notices = () => within(screen.getByRole('region', { name: 'Уведомления' }));
const mail = async () => within(await screen.findByRole('region', { name: 'Почта' }));
const telegram = async () => within(await screen.findByRole('region', { name: 'Телеграм' }));
/** The panel once the settings are loaded (the notices of the alert host are outside it). */
const panel = async () => {
  await screen.findByRole('region', { name: 'Почта' });
  return within(screen.getByRole('region', { name: 'Куда присылать уведомления' }));
};
const calls = (path: string) => peer.requests.filter((r) => r.path === path);
const params = (req: PeerRequest | undefined) => Object.fromEntries(new URL(req?.url ?? '', peer.origin).searchParams);

/** A reply of the notification calls: the message and the settings as they now are. */
const reply = (message: string, over: Parameters<typeof notificationSettings>[0]) => {
  settings = notificationSettings({ ...settings, ...over });
  return { body: { message, notification: settings } };
};

describe('e-mail notifications (spec §2.11, §4, §5, §7, §8)', () => {
  it('loads the settings and shows a confirmed address in the field, with its switch', async () => {
    settings = notificationSettings({
      notificationEmail: 'owner@flowers.ru',
      isNotificationEmailConfirmed: true,
      isAllowedNotify: true,
    });
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка настроек уведомлений...');
    const block = await mail();
    expect(block.getByLabelText('Почта для уведомлений')).toHaveValue('owner@flowers.ru');
    expect(block.getByText('Адрес подтверждён')).toBeInTheDocument();
    expect(block.queryByText(/Ждёт подтверждения/)).not.toBeInTheDocument();
    const toggle = block.getByRole('switch', { name: 'Уведомления на почту' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('Письма приходят на owner@flowers.ru');
    expect(calls(ASSISTANT)[0]?.headers.authorization).toBe('Bearer owner-token');
  });

  it('shows an unconfirmed address as waiting, and the switch stays usable with a hint', async () => {
    settings = notificationSettings({ notificationEmail: 'owner@flowers.ru' });
    renderPanel();
    const block = await mail();
    expect(block.getByText('Ждёт подтверждения: откройте ссылку из письма')).toBeInTheDocument();
    expect(block.queryByText('Адрес подтверждён')).not.toBeInTheDocument();
    const toggle = block.getByRole('switch', { name: 'Уведомления на почту' });
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Включить можно после подтверждения адреса');
  });

  it('sends the confirmation to the typed address, says a new address needs confirming, and shows it waiting', async () => {
    settings = notificationSettings({ notificationEmail: 'old@flowers.ru', isNotificationEmailConfirmed: true });
    peer.on(`POST ${SEND}`, (req) => {
      const { email } = req.body as { email: string };
      return {
        delayMs: 100,
        ...reply(NOTIFICATION_TEXTS.confirmationSent(email), {
          notificationEmail: email,
          isNotificationEmailConfirmed: false,
          isAllowedNotify: false,
        }),
      };
    });
    const { user } = renderPanel();
    const block = await mail();
    const field = block.getByLabelText('Почта для уведомлений');
    expect(field).toHaveAccessibleDescription('Чтобы сменить адрес, впишите новый и отправьте подтверждение.');
    await user.clear(field);
    await user.type(field, '  new@flowers.ru ');
    expect(field).toHaveAccessibleDescription(/Это новый адрес: его нужно будет подтвердить заново/);
    await user.click(block.getByRole('button', { name: 'Отправить подтверждение' }));
    expect(block.getByRole('button', { name: 'Отправить подтверждение' })).toHaveAttribute('aria-busy', 'true');

    expect(await notices().findByRole('status')).toHaveTextContent(
      'Письмо для подтверждения отправлено на new@flowers.ru. Откройте ссылку из него.',
    );
    const [sent] = calls(SEND);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ email: 'new@flowers.ru' });
    expect(sent?.headers.authorization).toBe('Bearer owner-token');
    expect(field).toHaveValue('new@flowers.ru');
    expect(block.getByText('Ждёт подтверждения: откройте ссылку из письма')).toBeInTheDocument();
    expect(block.getByText('new@flowers.ru')).toBeInTheDocument();
  });

  it('sends with Enter in the field', async () => {
    peer.on(`POST ${SEND}`, (req) =>
      reply(NOTIFICATION_TEXTS.confirmationSent('owner@flowers.ru'), {
        notificationEmail: (req.body as { email: string }).email,
      }),
    );
    const { user } = renderPanel();
    const block = await mail();
    expect(block.getByText('Адрес ещё не указан')).toBeInTheDocument();
    await user.type(block.getByLabelText('Почта для уведомлений'), 'owner@flowers.ru{Enter}');
    await waitFor(() => expect(calls(SEND)).toHaveLength(1));
    expect(calls(SEND)[0]?.body).toEqual({ email: 'owner@flowers.ru' });
    expect(await block.findByText('Ждёт подтверждения: откройте ссылку из письма')).toBeInTheDocument();
  });

  it("says 'Введите e-mail для уведомлений' for an empty address and 'Некорректная почта' for a wrong one, making no call", async () => {
    const { user } = renderPanel();
    const block = await mail();
    const field = block.getByLabelText('Почта для уведомлений');
    await user.click(block.getByRole('button', { name: 'Отправить подтверждение' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(block.getByText('Введите e-mail для уведомлений')).toBeInTheDocument();
    expect(notices().getByRole('alert')).toHaveTextContent('Введите e-mail для уведомлений');
    await user.type(field, '   {Enter}');
    await user.clear(field);
    await user.type(field, 'owner@flowers');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Enter}');
    expect(block.getByText('Некорректная почта')).toBeInTheDocument();
    expect(calls(SEND)).toHaveLength(0);
  });

  it("shows the server's refusal of an address at the field", async () => {
    peer.on(`POST ${SEND}`, { status: 400, body: { message: 'Некорректная почта' } });
    const { user } = renderPanel();
    const block = await mail();
    await user.type(block.getByLabelText('Почта для уведомлений'), 'owner@flowers.ru{Enter}');
    expect(await notices().findByRole('alert')).toHaveTextContent('Не удалось отправить письмо');
    expect(block.getByRole('alert')).toHaveTextContent('Некорректная почта');
    expect(block.getByText('Адрес ещё не указан')).toBeInTheDocument();
  });

  it("warns 'Подтвердите почту, чтобы включить уведомления' when the server refuses an unconfirmed address", async () => {
    settings = notificationSettings({ notificationEmail: 'owner@flowers.ru' });
    peer.on(`POST ${TOGGLE_EMAIL}`, { status: 400, body: { message: NOTIFICATION_TEXTS.emailNotConfirmed } });
    const { user } = renderPanel();
    const block = await mail();
    await user.click(block.getByRole('switch', { name: 'Уведомления на почту' }));
    expect(await notices().findByRole('alert')).toHaveTextContent('Подтвердите почту, чтобы включить уведомления');
    expect(notices().queryByText(/Email not confirmed yet/)).not.toBeInTheDocument();
    expect(block.getByRole('switch', { name: 'Уведомления на почту' })).toHaveAttribute('aria-checked', 'false');
    const [toggle] = calls(TOGGLE_EMAIL);
    expect(toggle?.method).toBe('POST');
    expect(params(toggle)).toEqual({ enable: 'true' });
    expect(toggle?.body).toBeUndefined();
  });

  it('turns e-mail notifications on and off with the server message', async () => {
    settings = notificationSettings({ notificationEmail: 'owner@flowers.ru', isNotificationEmailConfirmed: true });
    peer.on(`POST ${TOGGLE_EMAIL}`, (req) => {
      const enable = params(req).enable === 'true';
      return reply(enable ? NOTIFICATION_TEXTS.emailEnabled : NOTIFICATION_TEXTS.emailDisabled, {
        isAllowedNotify: enable,
      });
    });
    const { user } = renderPanel();
    const block = await mail();
    const toggle = block.getByRole('switch', { name: 'Уведомления на почту' });
    expect(toggle).toHaveAccessibleDescription('Включите, чтобы получать письма');
    await user.click(toggle);
    expect(await notices().findByRole('status')).toHaveTextContent('Уведомления на почту включены');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(params(calls(TOGGLE_EMAIL)[0])).toEqual({ enable: 'true' });

    // Keyboard: Space on the focused switch turns it off again.
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(params(calls(TOGGLE_EMAIL)[1])).toEqual({ enable: 'false' });
    expect(await notices().findByText('Уведомления на почту выключены')).toBeInTheDocument();
  });
});

describe('Telegram notifications (spec §2.11, §5, §7, §8)', () => {
  it('explains which bot to use and says no chat is found yet', async () => {
    renderPanel();
    const block = await telegram();
    expect(block.getByText(/отдельного бота в @BotFather, не того, что отвечает клиентам/)).toBeInTheDocument();
    expect(block.getByText('Чат ещё не найден')).toBeInTheDocument();
    const field = block.getByLabelText('Токен бота для уведомлений');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('placeholder', '7012345678:AAH…');
    expect(block.getByRole('switch', { name: 'Уведомления в Телеграм' })).toHaveAccessibleDescription(
      'Включить можно, когда чат найден',
    );
    expect(block.getByRole('link', { name: /Как создать бота и получить токен/ })).toHaveAttribute(
      'href',
      '/blog/tg-integration',
    );
  });

  it("says 'Введите токен бота' for an empty token and makes no call", async () => {
    const { user } = renderPanel();
    const block = await telegram();
    await user.click(block.getByRole('button', { name: 'Найти чат' }));
    const field = block.getByLabelText('Токен бота для уведомлений');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(block.getByText('Введите токен бота')).toBeInTheDocument();
    expect(notices().getByRole('alert')).toHaveTextContent('Введите токен бота');
    await user.type(field, '   {Enter}');
    expect(peer.requests.filter((r) => r.path.startsWith('/api/telegram/'))).toHaveLength(0);
  });

  it('finds the chat with the token in the path, shows it with the masked token and clears the field', async () => {
    peer.on(`GET ${FIND_CHAT}`, () => {
      settings = notificationSettings({ telegramToken: MASKED, chatId: '123456789', chatTitle: 'Анна Петрова' });
      return { delayMs: 100, body: { message: TELEGRAM_TEXTS.chatIdFound('Анна Петрова') } };
    });
    const { user } = renderPanel();
    const block = await telegram();
    const field = block.getByLabelText('Токен бота для уведомлений');
    await user.type(field, `  ${TOKEN} `);
    await user.click(block.getByRole('button', { name: 'Показать токен' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(block.getByRole('button', { name: 'Найти чат' }));
    expect(block.getByRole('button', { name: 'Найти чат' })).toHaveAttribute('aria-busy', 'true');

    expect(await notices().findByRole('status')).toHaveTextContent(
      'Чат «Анна Петрова» найден: уведомления будут приходить туда.',
    );
    const [found] = calls(FIND_CHAT);
    expect(found?.method).toBe('GET');
    expect(found?.headers.authorization).toBe('Bearer owner-token');
    expect(field).toHaveValue('');
    expect(await block.findByText('Чат: «Анна Петрова»')).toBeInTheDocument();
    expect(block.getByText(MASKED)).toBeInTheDocument();
    expect(block.getByRole('switch', { name: 'Уведомления в Телеграм' })).toHaveAccessibleDescription(
      'Включите, чтобы получать сообщения в найденный чат',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the help when the reply says 'ошибка', and Escape closes it", async () => {
    peer.on(`GET ${FIND_CHAT}`, { body: { message: TELEGRAM_TEXTS.chatIdNotFound } });
    const { user } = renderPanel();
    const block = await telegram();
    await user.type(block.getByLabelText('Токен бота для уведомлений'), `${TOKEN}{Enter}`);

    const dialog = within(await screen.findByRole('dialog', { name: 'Не удалось найти чат' }));
    expect(dialog.getByText(TELEGRAM_TEXTS.chatIdNotFound)).toBeInTheDocument();
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'В @BotFather: /mybots → ваш бот → Bot Settings → Group Privacy → Turn off.',
      'Откройте своего бота в Телеграме и напишите ему любое сообщение в личном чате (или добавьте в группу и напишите там).',
      'Нажмите «Найти чат» ещё раз.',
    ]);
    expect(dialog.getByRole('link', { name: /Подробная инструкция/ })).toHaveAttribute('href', '/blog/tg-integration');
    // The modal says it; no second copy in an alert.
    expect(notices().queryByRole('alert')).not.toBeInTheDocument();
    // The token stays for the retry, and nothing was stored.
    expect(block.getByLabelText('Токен бота для уведомлений')).toHaveValue(TOKEN);
    expect(calls(ASSISTANT)).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The close button closes it too.
    await user.click(block.getByRole('button', { name: 'Найти чат' }));
    await user.click(await screen.findByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a refused token at the field without the help (the text has no 'ошибка')", async () => {
    peer.on(`GET ${FIND_CHAT}`, { status: 400, body: { message: TELEGRAM_TEXTS.tokenMalformed } });
    const { user } = renderPanel();
    const block = await telegram();
    await user.type(block.getByLabelText('Токен бота для уведомлений'), `${TOKEN}{Enter}`);
    expect(await block.findByRole('alert')).toHaveTextContent(TELEGRAM_TEXTS.tokenMalformed);
    expect(notices().getByRole('alert')).toHaveTextContent('Не удалось найти чат');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses to turn Telegram notifications on", async () => {
    peer.on(`POST ${TOGGLE_TELEGRAM}`, { status: 400, body: { message: NOTIFICATION_TEXTS.telegramNotReady } });
    const { user } = renderPanel();
    const block = await telegram();
    await user.click(block.getByRole('switch', { name: 'Уведомления в Телеграм' }));
    expect(await notices().findByRole('alert')).toHaveTextContent(NOTIFICATION_TEXTS.telegramNotReady);
    expect(block.getByRole('switch', { name: 'Уведомления в Телеграм' })).toHaveAttribute('aria-checked', 'false');
    const [toggle] = calls(TOGGLE_TELEGRAM);
    expect(params(toggle)).toEqual({ enable: 'true' });
    expect(toggle?.body).toBeUndefined();
  });

  it('turns Telegram notifications on once a chat is found', async () => {
    settings = notificationSettings({ telegramToken: MASKED, chatId: '-100200300', chatTitle: 'Цветы: заявки' });
    peer.on(`POST ${TOGGLE_TELEGRAM}`, () => reply(NOTIFICATION_TEXTS.telegramEnabled, { enableTelegram: true }));
    const { user } = renderPanel();
    const block = await telegram();
    expect(block.getByText('Чат: «Цветы: заявки»')).toBeInTheDocument();
    await user.click(block.getByRole('switch', { name: 'Уведомления в Телеграм' }));
    expect(await notices().findByRole('status')).toHaveTextContent('Уведомления в Телеграм включены');
    const toggle = block.getByRole('switch', { name: 'Уведомления в Телеграм' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('Сообщения приходят в чат «Цветы: заявки»');
  });
});

describe('delivery state and the test notification', () => {
  it('shows a red notice with the time and the error when the last failure is newer than the last delivery', async () => {
    settings = notificationSettings({
      lastDeliveredAt: '2025-05-04T09:00:00.000Z',
      lastError: 'email: 550 mailbox unavailable',
      lastErrorAt: '2025-05-05T11:30:00.000Z',
    });
    renderPanel();
    const state = (await panel()).getByRole('status');
    expect(state).toHaveTextContent(
      `Последнее уведомление не доставлено ${formatDateTime('2025-05-05T11:30:00.000Z')}: email: 550 mailbox unavailable. Мы повторим отправку сами; проверьте настройки, если ошибка не уходит.`,
    );
    expect(state.parentElement).toHaveAttribute('data-state', 'failed');
    expect(screen.queryByText(/Последнее уведомление доставлено/)).not.toBeInTheDocument();
  });

  it('shows the failure when nothing was ever delivered', async () => {
    settings = notificationSettings({
      lastError: 'telegram: Forbidden: bot was blocked by the user.',
      lastErrorAt: null,
    });
    renderPanel();
    expect((await panel()).getByRole('status')).toHaveTextContent(
      'Последнее уведомление не доставлено: telegram: Forbidden: bot was blocked by the user. Мы повторим отправку сами;',
    );
  });

  it('shows a muted delivered line once a delivery came after the failure (the retry got through)', async () => {
    settings = notificationSettings({
      lastDeliveredAt: '2025-05-05T11:35:00.000Z',
      lastError: 'email: timeout',
      lastErrorAt: '2025-05-05T11:30:00.000Z',
    });
    renderPanel();
    const state = (await panel()).getByRole('status');
    expect(state).toHaveTextContent(`Последнее уведомление доставлено ${formatDateTime('2025-05-05T11:35:00.000Z')}`);
    expect(state.parentElement).toHaveAttribute('data-state', 'delivered');
    expect(screen.queryByText(/не доставлено/)).not.toBeInTheDocument();
  });

  it('says no notification was sent yet', async () => {
    renderPanel();
    expect((await panel()).getByRole('status')).toHaveTextContent('Уведомлений ещё не было');
  });

  it('formats the time in Russian with the date and the time', () => {
    expect(formatDateTime('2025-05-05T11:30:00.000Z')).toMatch(/^\d{1,2} мая 2025 г\., \d{2}:\d{2}$/);
  });

  it(
    'sends a test notification with no body, shows where it went and reads the delivery state again',
    async () => {
      settings = notificationSettings({
        notificationEmail: 'owner@flowers.ru',
        isNotificationEmailConfirmed: true,
        isAllowedNotify: true,
      });
      peer.on(`POST ${TEST}`, () => {
        settings = notificationSettings({ ...settings, lastDeliveredAt: '2025-05-05T12:00:00.000Z' });
        return { delayMs: 100, body: { message: NOTIFICATION_TEXTS.testSent('почта owner@flowers.ru, Телеграм') } };
      });
      const { user } = renderPanel();
      const view = await panel();
      expect(view.getByRole('status')).toHaveTextContent('Уведомлений ещё не было');
      await user.click(view.getByRole('button', { name: 'Отправить тестовое уведомление' }));
      expect(view.getByRole('button', { name: 'Отправить тестовое уведомление' })).toHaveAttribute('aria-busy', 'true');

      expect(await notices().findByRole('status')).toHaveTextContent(
        'Тестовое уведомление отправлено: почта owner@flowers.ru, Телеграм',
      );
      const [sent] = calls(TEST);
      expect(sent?.method).toBe('POST');
      expect(sent?.body).toBeUndefined();
      expect(sent?.headers.authorization).toBe('Bearer owner-token');
      expect(view.getByRole('button', { name: 'Отправить тестовое уведомление' })).not.toHaveAttribute('aria-busy');

      await waitFor(
        () =>
          expect(view.getByRole('status')).toHaveTextContent(
            `Последнее уведомление доставлено ${formatDateTime('2025-05-05T12:00:00.000Z')}`,
          ),
        { timeout: TEST_REREAD_MS + 2000 },
      );
      expect(calls(ASSISTANT)).toHaveLength(2);
    },
    TEST_REREAD_MS + 5000,
  );

  it('shows the refusal when there is nowhere to send', async () => {
    peer.on(`POST ${TEST}`, { status: 400, body: { message: NOTIFICATION_TEXTS.testNowhere } });
    const { user } = renderPanel();
    const view = await panel();
    await user.click(view.getByRole('button', { name: 'Отправить тестовое уведомление' }));
    const refusal = await notices().findByRole('alert');
    expect(refusal).toHaveTextContent(
      'Уведомлениям некуда идти: подтвердите почту и включите уведомления на почту или подключите Телеграм',
    );
    expect(refusal).toHaveAttribute('data-type', 'warning');
    expect(notices().queryByRole('status')).not.toBeInTheDocument();
    expect(calls(TEST)).toHaveLength(1);
    expect(view.getByRole('button', { name: 'Отправить тестовое уведомление' })).toBeEnabled();
  });
});

describe('what the owner is alerted about', () => {
  const region = async () => within(await screen.findByRole('region', { name: 'О чём приходят уведомления' }));
  const LABELS = [
    'Сработал триггер с уведомлением',
    'Ассистент не нашёл ответа и передал вопрос вам',
    'Собеседник просит соединить с человеком',
    'Собеседник оставил телефон',
    'Новая беседа',
  ];

  it('shows a switch for each reason as the server has them, then the 5-minute rule and the profile switch', async () => {
    settings = notificationSettings({
      events: { trigger: true, handoff: false, operatorRequest: true, phone: false, newConversation: true },
    });
    renderPanel();
    const block = await region();
    const switches = block.getAllByRole('switch');
    expect(switches).toHaveLength(LABELS.length);
    for (const [i, name] of LABELS.entries()) expect(switches[i]).toHaveAccessibleName(name);
    expect(LABELS.map((name) => block.getByRole('switch', { name }).getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'true',
      'false',
      'true',
    ]);
    expect(block.getByRole('switch', { name: 'Новая беседа' })).toHaveAccessibleDescription(
      'Первое сообщение нового собеседника; выключено по умолчанию — может приходить часто',
    );
    expect(
      block.getByText('Не чаще одного уведомления о беседе и причине за 5 минут — остальные собираются в следующее.'),
    ).toBeInTheDocument();
    expect(
      block.getByText(
        'Главный переключатель — «Уведомления на почту» в профиле: если он выключен, уведомления не приходят никуда.',
      ),
    ).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Открыть профиль' })).toHaveAttribute('href', '/dashboard/profile');
    expect(calls(EVENTS)).toHaveLength(0);
  });

  it('has a new conversation off and the rest on by default', async () => {
    renderPanel();
    const block = await region();
    expect(LABELS.map((name) => block.getByRole('switch', { name }).getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'false',
    ]);
  });

  it("turning 'Новая беседа' on sends the whole choice with only that changed, then says 'Сохранено' quietly", async () => {
    settings = notificationSettings({
      events: { trigger: true, handoff: false, operatorRequest: true, phone: false, newConversation: false },
    });
    peer.on(`PUT ${EVENTS}`, (req) => ({
      delayMs: 100,
      ...reply(NOTIFICATION_TEXTS.eventsSaved, { events: req.body as NotificationEvents }),
    }));
    const { user } = renderPanel();
    const block = await region();
    const toggle = block.getByRole('switch', { name: 'Новая беседа' });
    await user.click(toggle);

    // Saving: the switch shows the new value and is busy; the others wait.
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(block.getByRole('switch', { name: 'Собеседник оставил телефон' })).toBeDisabled();

    expect(await block.findByText('Сохранено')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).not.toHaveAttribute('aria-busy');
    expect(toggle).toBeEnabled();
    expect(block.getByRole('switch', { name: 'Собеседник оставил телефон' })).toBeEnabled();
    const [sent] = calls(EVENTS);
    expect(sent?.method).toBe('PUT');
    expect(sent?.headers.authorization).toBe('Bearer owner-token');
    expect(sent?.body).toEqual({
      trigger: true,
      handoff: false,
      operatorRequest: true,
      phone: false,
      newConversation: true,
    });
    // No alert for a switch; the settings were not read again (the reply replaced them).
    expect(notices().queryByRole('status')).not.toBeInTheDocument();
    expect(calls(ASSISTANT)).toHaveLength(1);

    // The next switch starts from the saved choice.
    await user.click(block.getByRole('switch', { name: 'Собеседник оставил телефон' }));
    await waitFor(() => expect(calls(EVENTS)).toHaveLength(2));
    expect(calls(EVENTS)[1]?.body).toEqual({
      trigger: true,
      handoff: false,
      operatorRequest: true,
      phone: true,
      newConversation: true,
    });
    await waitFor(() =>
      expect(block.getByRole('switch', { name: 'Собеседник оставил телефон' })).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it("puts the switch back and shows the server's message when it refuses", async () => {
    peer.on(`PUT ${EVENTS}`, { delayMs: 50, status: 404, body: { message: COMMON_TEXTS.assistantNotFound } });
    const { user } = renderPanel();
    const block = await region();
    const toggle = block.getByRole('switch', { name: 'Сработал триггер с уведомлением' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAttribute('aria-busy', 'true');

    const alert = await notices().findByRole('alert');
    expect(alert).toHaveTextContent('Ассистент не найден');
    expect(alert).toHaveAttribute('data-type', 'error');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toBeEnabled();
    expect(block.queryByText('Сохранено')).not.toBeInTheDocument();
    expect(calls(EVENTS)[0]?.body).toEqual({
      trigger: false,
      handoff: true,
      operatorRequest: true,
      phone: true,
      newConversation: false,
    });
  });
});

describe('loading the settings', () => {
  it('says they failed to load and loads them again on retry', async () => {
    peer.on(`GET ${ASSISTANT}`, { status: 500, body: { message: 'boom' } });
    const { user } = renderPanel();
    const panel = within(await screen.findByRole('region', { name: 'Куда присылать уведомления' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Не удалось загрузить настройки уведомлений');
    peer.on(`GET ${ASSISTANT}`, () => ({ body: assistantWithNotification(ID, settings) }));
    await user.click(panel.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Почта' })).toBeInTheDocument();
  });
});
