import { TELEGRAM_TEXTS, type TelegramIntegration } from '@otklik/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, type PeerRequest, startApiPeer } from '@/test/api-peer';
import { IntegrationPanel } from './integration-panel';
import { assistantWithBots, tgBot } from './test-helpers';

const ID = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const ASSISTANT = `/api/assistant/${ID}`;
const REGISTER = '/telegram/registerBot';
const TOGGLE = `/telegram/toggle-telegram/${ID}`;
const TOKEN = '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const BIND_LINK = 'https://t.me/flowers_trainer_bot?start=b1nd-c0de';
const REGISTER_FAILED = 'Неуспешно. Напишете боту новое сообщение и попробуйте снова';

let peer: ApiPeer;
/** What GET /api/assistant/{id} answers now; the handlers of a test change it as the server would. */
let bots: TelegramIntegration[] = [];

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
  bots = [];
  peer.on(`GET ${ASSISTANT}`, () => ({ body: assistantWithBots(ID, bots) }));
});
afterEach(() => {
  peer.requests.length = 0;
  vi.restoreAllMocks();
});

function renderPanel() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AlertHost />
        <IntegrationPanel assistantId={ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const notices = () => within(screen.getByRole('region', { name: 'Уведомления' }));
const customer = async () => within(await screen.findByRole('region', { name: 'Телеграм-бот' }));
const trainer = async () => within(await screen.findByRole('region', { name: 'Бот-тренер' }));
const calls = (path: string) => peer.requests.filter((r) => r.path === path);
const params = (req: PeerRequest | undefined) => Object.fromEntries(new URL(req?.url ?? '', peer.origin).searchParams);

const customerOn = (over: Partial<TelegramIntegration> = {}) => tgBot({ enableTelegram: true, ...over });
const trainerOn = (over: Partial<TelegramIntegration> = {}) =>
  tgBot({ enableTelegram: true, isTgTrainer: true, ...over });

describe('Telegram bots on the integration step (spec §2.11, §4, §5, §7, §8)', () => {
  it('shows both bots switched off with the token fields disabled until the switch is on, and the guide link', async () => {
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка настроек Телеграма...');
    const bot = await customer();
    expect(bot.getByRole('switch', { name: 'Интеграция с Телеграмом' })).toHaveAttribute('aria-checked', 'false');
    expect(bot.getByText('Выключен: бот не отвечает клиентам')).toBeInTheDocument();
    const field = bot.getByLabelText('Токен бота');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAccessibleDescription('Сначала включите переключатель выше, затем вставьте токен.');
    expect(bot.getByRole('button', { name: 'Интегрировать' })).toBeDisabled();
    expect(bot.getByRole('link', { name: /Как создать бота и получить токен/ })).toHaveAttribute(
      'href',
      '/blog/tg-integration',
    );

    const coach = await trainer();
    expect(coach.getByRole('switch', { name: 'Бот-тренер' })).toHaveAttribute('aria-checked', 'false');
    expect(coach.getByLabelText('Токен бота-тренера')).toBeDisabled();
    expect(coach.getByText(/отдельный бот, не тот, что отвечает клиентам/)).toBeInTheDocument();
    expect(calls(ASSISTANT)[0]?.headers.authorization).toBe('Bearer owner-token');
  });

  it('toggles each bot with enable and trainer in the query and no body, showing the server message', async () => {
    peer.on(`POST ${TOGGLE}`, (req) => {
      const { enable, trainer: isTrainer } = params(req);
      const bot = tgBot({ enableTelegram: enable === 'true', isTgTrainer: isTrainer === 'true' });
      const message =
        isTrainer === 'true'
          ? enable === 'true'
            ? TELEGRAM_TEXTS.trainerEnabled
            : TELEGRAM_TEXTS.trainerDisabled
          : enable === 'true'
            ? TELEGRAM_TEXTS.enabled
            : TELEGRAM_TEXTS.disabled;
      return { body: { message, integration: bot } };
    });
    const { user } = renderPanel();
    const bot = await customer();
    await user.click(bot.getByRole('switch', { name: 'Интеграция с Телеграмом' }));
    expect(await notices().findByRole('status')).toHaveTextContent('Интеграция с Телеграмом включена');
    expect(bot.getByRole('switch', { name: 'Интеграция с Телеграмом' })).toHaveAttribute('aria-checked', 'true');
    expect(bot.getByLabelText('Токен бота')).toBeEnabled();
    expect(bot.getByText('Бот ещё не подключён')).toBeInTheDocument();
    const [first] = calls(TOGGLE);
    expect(first?.method).toBe('POST');
    expect(params(first)).toEqual({ enable: 'true', trainer: 'false' });
    expect(first?.body).toBeUndefined();
    expect(first?.headers.authorization).toBe('Bearer owner-token');

    const coach = await trainer();
    await user.click(coach.getByRole('switch', { name: 'Бот-тренер' }));
    await waitFor(() => expect(coach.getByLabelText('Токен бота-тренера')).toBeEnabled());
    expect(params(calls(TOGGLE)[1])).toEqual({ enable: 'true', trainer: 'true' });
    expect(notices().getByText('Бот-тренер включён')).toBeInTheDocument();

    // Keyboard: Space on the focused switch turns the customer bot off again.
    bot.getByRole('switch', { name: 'Интеграция с Телеграмом' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(bot.getByLabelText('Токен бота')).toBeDisabled());
    expect(params(calls(TOGGLE)[2])).toEqual({ enable: 'false', trainer: 'false' });
  });

  it("shows the server's text when a toggle fails and keeps the switch as it was", async () => {
    peer.on(`POST ${TOGGLE}`, { status: 409, body: { message: TELEGRAM_TEXTS.tokenTaken } });
    const { user } = renderPanel();
    const bot = await customer();
    await user.click(bot.getByRole('switch', { name: 'Интеграция с Телеграмом' }));
    expect(await notices().findByRole('alert')).toHaveTextContent(TELEGRAM_TEXTS.tokenTaken);
    expect(bot.getByRole('switch', { name: 'Интеграция с Телеграмом' })).toHaveAttribute('aria-checked', 'false');
    expect(bot.getByLabelText('Токен бота')).toBeDisabled();
  });

  it("says 'Введите токен бота' for an empty or blank token and makes no call", async () => {
    bots = [customerOn()];
    const { user } = renderPanel();
    const bot = await customer();
    await user.click(bot.getByRole('button', { name: 'Интегрировать' }));
    const field = bot.getByLabelText('Токен бота');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(bot.getByText('Введите токен бота')).toBeInTheDocument();
    expect(notices().getByRole('alert')).toHaveTextContent('Введите токен бота');
    await user.type(field, '   {Enter}');
    expect(calls(REGISTER)).toHaveLength(0);
    await user.type(field, '7');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('registers the customer bot: trimmed token, loading button, the server message, the field cleared and the bot shown', async () => {
    bots = [customerOn()];
    peer.on(`POST ${REGISTER}`, () => {
      bots = [customerOn({ username: 'flowers_bot', telegramToken: '7012345678:…saw', state: 'connected' })];
      return { delayMs: 150, body: { message: TELEGRAM_TEXTS.registered('flowers_bot'), integration: bots[0] } };
    });
    const { user } = renderPanel();
    const bot = await customer();
    const field = bot.getByLabelText('Токен бота');
    await user.type(field, `  ${TOKEN} `);
    await user.click(bot.getByRole('button', { name: 'Показать токен' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(bot.getByRole('button', { name: 'Интегрировать' }));
    expect(bot.getByRole('button', { name: 'Интегрировать' })).toBeDisabled();
    expect(bot.getByRole('button', { name: 'Интегрировать' })).toHaveAttribute('aria-busy', 'true');

    expect(await notices().findByRole('status')).toHaveTextContent(
      'Бот @flowers_bot подключён: ассистент отвечает в Телеграме.',
    );
    expect(calls(REGISTER)[0]?.body).toEqual({ telegramToken: TOKEN, assistantId: ID, isTgTrainer: false });
    expect(calls(REGISTER)[0]?.headers.authorization).toBe('Bearer owner-token');
    expect(field).toHaveValue('');
    expect(bot.getByText(/Подключён как/)).toHaveTextContent('Подключён как @flowers_bot');
    const link = bot.getByRole('link', { name: /@flowers_bot/ });
    expect(link).toHaveAttribute('href', 'https://t.me/flowers_bot');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(bot.getByText('7012345678:…saw')).toBeInTheDocument();
    expect(bot.getByText('Работает')).toBeInTheDocument();
    // The assistant is read again after the registration.
    await waitFor(() => expect(calls(ASSISTANT).length).toBeGreaterThanOrEqual(2));
  });

  it("shows 'Неуспешно. Напишете боту новое сообщение и попробуйте снова' with the server's reason when registration fails", async () => {
    bots = [customerOn()];
    peer.on(`POST ${REGISTER}`, { status: 409, body: { message: TELEGRAM_TEXTS.tokenTaken } });
    const { user } = renderPanel();
    const bot = await customer();
    await user.type(bot.getByLabelText('Токен бота'), `${TOKEN}{Enter}`);
    expect(await notices().findByRole('alert')).toHaveTextContent(REGISTER_FAILED);
    expect(bot.getByRole('alert')).toHaveTextContent(TELEGRAM_TEXTS.tokenTaken);
    expect(bot.getByLabelText('Токен бота')).toHaveValue(TOKEN);
    await waitFor(() => expect(calls(ASSISTANT)).toHaveLength(2));
    // Editing the token clears the old reason.
    await user.type(bot.getByLabelText('Токен бота'), 'x');
    expect(bot.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Не найден чат! …' when the trainer has no chat, shows the bind link, and picks up the bound chat by itself", async () => {
    bots = [trainerOn()];
    peer.on(`POST ${REGISTER}`, () => {
      bots = [
        trainerOn({
          username: 'flowers_trainer_bot',
          telegramToken: '7098765432:…k9Zq',
          state: 'awaiting_chat',
          bindLink: BIND_LINK,
        }),
      ];
      return { status: 400, body: { message: TELEGRAM_TEXTS.chatNotFound } };
    });
    const { user } = renderPanel();
    const coach = await trainer();
    await user.type(coach.getByLabelText('Токен бота-тренера'), TOKEN);
    await user.click(coach.getByRole('button', { name: 'Интегрировать' }));

    expect(await notices().findByRole('alert')).toHaveTextContent(
      'Не найден чат! Напишите боту-тренеру любое сообщение в Телеграме и нажмите «Интегрировать» ещё раз — или откройте ссылку привязки ниже.',
    );
    expect(notices().queryByText(REGISTER_FAILED)).not.toBeInTheDocument();
    expect(calls(REGISTER)[0]?.body).toEqual({ telegramToken: TOKEN, assistantId: ID, isTgTrainer: true });

    expect(await coach.findByText('Ждёт привязки чата')).toBeInTheDocument();
    expect(coach.getByText(/Подключён как/)).toHaveTextContent('Подключён как @flowers_trainer_bot');
    const bind = coach.getByRole('link', { name: /Привязать чат/ });
    expect(bind).toHaveAttribute('href', BIND_LINK);
    expect(bind).toHaveAttribute('target', '_blank');
    expect(coach.getByText(/Откройте ссылку на телефоне или компьютере с Телеграмом/)).toHaveTextContent(
      'Откройте ссылку на телефоне или компьютере с Телеграмом и нажмите «Старт» — этот чат станет чатом тренера. Ссылка одноразовая.',
    );
    await user.click(coach.getByRole('button', { name: 'Копировать ссылку' }));
    expect(await navigator.clipboard.readText()).toBe(BIND_LINK);
    expect(await notices().findByText('Ссылка скопирована')).toBeInTheDocument();

    // The owner presses Start in Telegram: the next look (every 5 s) shows the bound chat.
    bots = [
      trainerOn({
        username: 'flowers_trainer_bot',
        telegramToken: '7098765432:…k9Zq',
        state: 'connected',
        trainerChat: 'Анна Петрова',
      }),
    ];
    expect(await coach.findByText('Чат тренера: «Анна Петрова»', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(coach.getByText('Работает')).toBeInTheDocument();
    expect(coach.queryByRole('link', { name: /Привязать чат/ })).not.toBeInTheDocument();
  }, 15_000);

  it('explains the conflict, the foreign webhook and the revoked token, and where updates went before', async () => {
    bots = [
      customerOn({
        username: 'flowers_bot',
        telegramToken: '7012345678:…saw',
        state: 'conflict',
        previousWebhook: 'https://hooks.example.com/tg/abc?secret=1',
      }),
      trainerOn({ username: 'flowers_trainer_bot', telegramToken: '7098765432:…k9Zq', state: 'unauthorized' }),
    ];
    renderPanel();
    const bot = await customer();
    expect(
      bot.getByText(
        'Конфликт: этого бота уже опрашивает другой сервис или программа. Остановите её и включите интеграцию заново.',
      ),
    ).toBeInTheDocument();
    expect(
      bot.getByText('Раньше бот отправлял обновления на hooks.example.com; теперь их получает ассистент.'),
    ).toBeInTheDocument();
    expect(bot.queryByText('Работает')).not.toBeInTheDocument();
    const coach = await trainer();
    expect(
      coach.getByText('Токен отозван или неверен: выпустите новый в @BotFather и зарегистрируйте бота снова.'),
    ).toBeInTheDocument();
    expect(coach.queryByRole('link', { name: /Привязать чат/ })).not.toBeInTheDocument();
  });

  it('explains a webhook set by another service, and shows a registered bot that is switched off as off', async () => {
    bots = [
      customerOn({ username: 'flowers_bot', telegramToken: '7012345678:…saw', state: 'webhook' }),
      tgBot({
        isTgTrainer: true,
        username: 'flowers_trainer_bot',
        telegramToken: '7098765432:…k9Zq',
        state: 'connected',
        trainerChat: 'Анна Петрова',
      }),
    ];
    renderPanel();
    const bot = await customer();
    expect(
      bot.getByText(
        'Другой сервис установил вебхук этому боту, и обновления уходят туда. Зарегистрируйте бота снова, чтобы вернуть его ассистенту.',
      ),
    ).toBeInTheDocument();
    const coach = await trainer();
    expect(coach.getByText(/Подключён как/)).toHaveTextContent('Подключён как @flowers_trainer_bot');
    expect(coach.getByText('Выключен: ответы не приходят на проверку')).toBeInTheDocument();
    expect(coach.getByText('Чат тренера: «Анна Петрова»')).toBeInTheDocument();
    expect(coach.queryByText('Работает')).not.toBeInTheDocument();
    expect(coach.getByLabelText('Токен бота-тренера')).toBeDisabled();
  });

  it('says the settings failed to load and loads them again on retry', async () => {
    peer.on(`GET ${ASSISTANT}`, { status: 500, body: { message: 'boom' } });
    const { user } = renderPanel();
    const section = within(await screen.findByRole('region', { name: 'Телеграм' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Не удалось загрузить настройки Телеграма');
    peer.on(`GET ${ASSISTANT}`, () => ({ body: assistantWithBots(ID, bots) }));
    await user.click(section.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Телеграм-бот' })).toBeInTheDocument();
  });
});
