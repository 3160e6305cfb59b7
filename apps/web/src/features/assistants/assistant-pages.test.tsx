import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSignedIn } from '@/shared/api/session';
import { type ApiPeer, type PeerRequest, startApiPeer } from '@/test/api-peer';
import { assistantFixture, FIXTURE_WIDGET_ID, widgetFixture } from '@/test/fixtures';
import { apiCalls, renderApp } from '@/test/render-app';

const W = FIXTURE_WIDGET_ID;
const A = '5d2e8c1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d';

const widget = widgetFixture;
const assistant = (over: Record<string, unknown> = {}) => assistantFixture({ id: A, ...over });

const MODELS = [
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', available: true },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', available: true },
  { id: 'local', name: 'Локальный (без LLM)', provider: 'local', available: true },
];

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on('GET /api/check-auth', { body: { ok: true } });
  peer.on('GET /api/widget/patterns', { body: [] });
  peer.on('GET /api/models', { body: MODELS });
  peer.on('POST /api/widget/init', { body: { id: W } });
  peer.on('POST /api/widget', (req) => ({ body: widget(req.body as Record<string, unknown>) }));
  peer.on('GET /api/assistant', { body: [] });
  peer.on(`GET /api/assistant/${A}`, { body: assistant() });
});
afterEach(() => {
  peer.requests.length = 0;
  // Drops the tab's query cache (as a logout does), so each test starts from the server.
  clearSignedIn();
});

const calls = (method: string, path: string): PeerRequest[] =>
  apiCalls(peer).filter((r) => r.method === method && r.path === path);

describe('creation flow (spec §2.7, §3, §4, §5)', () => {
  it('clears a stored assistant, initialises one widget and says which plan was chosen', async () => {
    localStorage.setItem('assistantId', 'old');
    renderApp(peer, '/assistant/create/design?fromPrising=advanced');
    // The first page of the file loads its lazy chunks cold, which takes a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Дизайн виджета' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/Вы выбрали тариф «Расширенный»/)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('widgetCreateId')).toBe(W));
    expect(localStorage.getItem('assistantId')).toBeNull();
    expect(calls('POST', '/api/widget/init')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Шаг 1 из 3' })).toBeInTheDocument();
  });

  it('keeps a held create id instead of asking for a new widget; the trial is acknowledged', async () => {
    localStorage.setItem('widgetCreateId', W);
    renderApp(peer, '/assistant/create/design?trial=14days');
    expect(await screen.findByText(/14 дней бесплатно/)).toBeInTheDocument();
    expect(calls('POST', '/api/widget/init')).toHaveLength(0);
  });

  it('saves the widget with derived text colours before the data step', async () => {
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/design');
    await screen.findByRole('heading', { name: 'Дизайн виджета' });
    await waitFor(() => expect(localStorage.getItem('widgetCreateId')).toBe(W));
    await user.click(screen.getByRole('button', { name: '#1F2937' }));
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { name: 'Данные ассистента' })).toBeInTheDocument();
    expect(calls('POST', '/api/widget')[0]?.body).toEqual({
      id: W,
      botName: 'Ваш бот',
      botRole: '',
      greeting: 'Привет! Как я могу помочь?',
      backgroundColor: '#1F2937',
      accentColor: '#007bff',
      messageColor: '#e6e6e6',
      allowFileAttachment: true,
      brandLogoVisible: true,
      headerTextColor: '#fff',
      messageTextColor: '#000',
      predefinedQuestions: ['Здравствуйте', 'Добрый день! У меня вопрос', 'Мне нужна помощь'],
      headerPattern: null,
      patternOpacity: 1,
      patternScale: 1,
    });
  });

  it('shows the widget save error of spec §8 and stays on the design step', async () => {
    peer.on('POST /api/widget', { status: 500, body: { message: 'Внутренняя ошибка' } });
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/design');
    await waitFor(() => expect(localStorage.getItem('widgetCreateId')).toBe(W));
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Ошибка при сохранении настроек (Widget)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Дизайн виджета' })).toBeInTheDocument();
  });

  it('creates the assistant without a file after the warning, then opens the integration step', async () => {
    localStorage.setItem('widgetCreateId', W);
    peer.on('POST /api/assistant/create', { body: assistant() });
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/data');
    await screen.findByRole('heading', { name: 'Данные ассистента' });
    expect(screen.getByLabelText('Роль')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Инструкции')).toHaveAttribute('rows', '15');
    await waitFor(() => expect(screen.getByRole('option', { name: 'GPT-4o' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('Название'), 'Цветочный магазин');
    await user.type(screen.getByLabelText('Роль'), 'Консультант');
    await user.selectOptions(screen.getByLabelText('Модель'), 'gpt-4o');
    await user.click(screen.getByRole('button', { name: 'Создать ассистента' }));

    expect(await screen.findByText('Файл не выбран')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Интеграция' })).toBeInTheDocument();
    expect(screen.getByText('Данные ассистента успешно загружены')).toBeInTheDocument();
    expect(localStorage.getItem('assistantId')).toBe(A);
    expect(localStorage.getItem('widgetCreateId')).toBeNull();
    const [create] = calls('POST', '/api/assistant/create');
    expect(create?.headers['content-type']).toMatch(/^multipart\/form-data/);
    const body = String(create?.body);
    expect(body).toContain('name="requestJson"');
    expect(body).not.toContain('name="file"');
    const json = body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1);
    expect(JSON.parse(json)).toEqual({
      title: 'Цветочный магазин',
      role: 'Консультант',
      instructions: '',
      temperature: 0.1,
      gptModel: 'gpt-4o',
      widgetId: W,
    });
  });

  it('refuses to create without a saved widget (spec §5)', async () => {
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/data');
    await screen.findByRole('heading', { name: 'Данные ассистента' });
    await user.click(screen.getByRole('button', { name: 'Создать ассистента' }));
    expect(
      await screen.findByText('Widget ID не найден. Пожалуйста, сначала сохраните настройки виджета.'),
    ).toBeInTheDocument();
    expect(calls('POST', '/api/assistant/create')).toHaveLength(0);
  });

  it('shows the create error of spec §8', async () => {
    localStorage.setItem('widgetCreateId', W);
    peer.on('POST /api/assistant/create', { status: 500, body: { message: 'Ошибка' } });
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/data');
    await screen.findByRole('heading', { name: 'Данные ассистента' });
    await user.click(screen.getByRole('button', { name: 'Создать ассистента' }));
    expect(await screen.findByText('Ошибка создания ассистента')).toBeInTheDocument();
    expect(localStorage.getItem('widgetCreateId')).toBe(W);
  });

  it('finishes on Done: the list, and the stored assistant id is cleared', async () => {
    localStorage.setItem('assistantId', A);
    const user = userEvent.setup();
    renderApp(peer, '/assistant/create/integration');
    // Step 3 holds the site and Telegram integration and, under it, the notification settings.
    expect(await screen.findByRole('heading', { name: 'Куда присылать уведомления' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Готово' }));
    expect(await screen.findByRole('heading', { name: 'Мои ассистенты' })).toBeInTheDocument();
    expect(localStorage.getItem('assistantId')).toBeNull();
  });
});

describe('assistants list (spec §2.8)', () => {
  it('shows an empty state leading to the design step', async () => {
    const user = userEvent.setup();
    renderApp(peer, '/dashboard/assistants');
    expect(await screen.findByText('Пока нет ни одного ассистента')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Создать первого ассистента' }));
    expect(await screen.findByRole('heading', { name: 'Дизайн виджета' })).toBeInTheDocument();
  });

  it('shows a card per assistant with its accent, avatar, names, chats and edit links', async () => {
    peer.on('GET /api/assistant', {
      body: [
        {
          id: A,
          name: 'Цветочный магазин',
          widget: { accentColor: '#10B981', avatarUrl: '/avatars/avatar2.svg', botName: 'Мария' },
        },
        { id: W, name: '', widget: { accentColor: '#1F2937', avatarUrl: null, botName: 'Олег' } },
      ],
    });
    renderApp(peer, '/dashboard/assistants');
    const card = await screen.findByRole('listitem', { name: 'Цветочный магазин' });
    expect(within(card).getByText('Мария')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Беседы' })).toHaveAttribute(
      'href',
      `/dashboard/assistants/${A}/chats`,
    );
    expect(within(card).getByRole('link', { name: 'Редактировать' })).toHaveAttribute(
      'href',
      `/dashboard/assistants/${A}`,
    );
    expect(card.querySelector('img')).toHaveAttribute('src', '/avatars/avatar2.svg');
    const untitled = screen.getByRole('listitem', { name: 'Без названия' });
    expect(within(untitled).getByText('О')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Новый ассистент/ })).toHaveAttribute('href', '/assistant/create/design');
  });

  it('says so when the list fails to load, with a retry', async () => {
    peer.on('GET /api/assistant', { status: 500, body: { message: 'Ошибка' } });
    const user = userEvent.setup();
    renderApp(peer, '/dashboard/assistants');
    expect(await screen.findByText('Ошибка при загрузке ассистентов', {}, { timeout: 8000 })).toBeInTheDocument();
    peer.on('GET /api/assistant', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Пока нет ни одного ассистента')).toBeInTheDocument();
  }, 15_000);
});

describe('edit page (spec §2.8)', () => {
  it('holds the edit ids, remembers the tab per assistant and shows Save only on data and design', async () => {
    const user = userEvent.setup();
    const app = renderApp(peer, `/dashboard/assistants/${A}`);
    expect(await screen.findByRole('heading', { name: 'Цветочный магазин' })).toBeInTheDocument();
    expect(localStorage.getItem('widgetEditId')).toBe(W);
    expect(localStorage.getItem('assistantId')).toBe(A);
    expect(
      screen
        .getAllByRole('tab')
        .slice(0, 6)
        .map((t) => t.textContent),
    ).toEqual(['Данные', 'Дизайн', 'База знаний', 'Триггеры', 'Уведомления', 'Интеграция']);
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Уведомления' }));
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    // The notifications tab is the panel of its own feature, plugged in as a slot.
    const notifications = await screen.findByRole('region', { name: 'Куда присылать уведомления' });
    expect(await within(notifications).findByRole('switch', { name: 'Уведомления на почту' })).toBeInTheDocument();
    expect(within(notifications).getByRole('switch', { name: 'Уведомления в Телеграм' })).toBeInTheDocument();
    expect(within(notifications).getByLabelText('Почта для уведомлений')).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: 'Дизайн' }));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    // Spec §3: no saved questions on edit means the three default ones.
    expect(screen.getByRole('textbox', { name: 'Вопрос 1' })).toHaveValue('Здравствуйте');
    app.unmount();
    expect(localStorage.getItem('widgetEditId')).toBeNull();
    expect(localStorage.getItem('assistantId')).toBeNull();

    renderApp(peer, `/dashboard/assistants/${A}`);
    expect(await screen.findByRole('tab', { name: 'Дизайн' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves the data tab with PATCH and the spec field names', async () => {
    peer.on(`PATCH /api/assistant/${A}`, (req) => ({
      body: assistant({ name: (req.body as { title: string }).title, temperature: 0.5 }),
    }));
    const user = userEvent.setup();
    renderApp(peer, `/dashboard/assistants/${A}`);
    const title = await screen.findByLabelText('Название');
    await user.clear(title);
    await user.type(title, 'Магазин «Роза»');
    expect(screen.getByText('Есть несохранённые изменения')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
    expect(calls('PATCH', `/api/assistant/${A}`)[0]?.body).toEqual({
      title: 'Магазин «Роза»',
      role: 'Консультант магазина',
      instructions: 'Отвечай коротко.',
      temperature: 0.1,
      gptModel: 'gpt-4o-mini',
    });
    expect(screen.queryByText('Есть несохранённые изменения')).not.toBeInTheDocument();
  });

  it('shows the update error of spec §8', async () => {
    peer.on(`PATCH /api/assistant/${A}`, { status: 500, body: { message: 'Ошибка' } });
    const user = userEvent.setup();
    renderApp(peer, `/dashboard/assistants/${A}`);
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Ошибка при обновлении ассистента')).toBeInTheDocument();
  });

  it('saves the design tab into the edit widget', async () => {
    localStorage.setItem(`assistantTab:${A}`, 'design');
    const user = userEvent.setup();
    renderApp(peer, `/dashboard/assistants/${A}`);
    await user.click(await screen.findByRole('button', { name: '#FF7F50' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Дизайн виджета сохранён')).toBeInTheDocument();
    expect(calls('POST', '/api/widget')[0]?.body).toMatchObject({
      id: W,
      backgroundColor: '#FF7F50',
      headerTextColor: '#000',
      accentColor: '#10B981',
    });
  });

  it('deletes the assistant after a confirmation and returns to the list', async () => {
    peer.on(`DELETE /api/assistant/${A}`, { body: { ok: true } });
    const user = userEvent.setup();
    renderApp(peer, `/dashboard/assistants/${A}`);
    await user.click(await screen.findByRole('button', { name: 'Удалить ассистента' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить ассистента?' });
    expect(dialog).toHaveTextContent('«Цветочный магазин»');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(calls('DELETE', `/api/assistant/${A}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Удалить ассистента' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Да, удалить' }));
    expect(await screen.findByRole('heading', { name: 'Мои ассистенты' })).toBeInTheDocument();
    expect(calls('DELETE', `/api/assistant/${A}`)).toHaveLength(1);
    expect(screen.getByText('Ассистент удалён')).toBeInTheDocument();
  });

  it('tells a missing assistant from a failed load', async () => {
    peer.on(`GET /api/assistant/${A}`, { status: 404, body: { message: 'Ассистент не найден' } });
    renderApp(peer, `/dashboard/assistants/${A}`);
    expect(await screen.findByText('Ассистент не найден')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все ассистенты' })).toBeInTheDocument();
  });
});

describe('edit page: unsaved edits', () => {
  it('asks before leaving with unsaved edits, and stays or leaves as chosen', async () => {
    const user = userEvent.setup();
    renderApp(peer, `/dashboard/assistants/${A}`);
    await user.type(await screen.findByLabelText('Название'), '!');
    await user.click(screen.getByRole('button', { name: 'Все ассистенты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(screen.getByLabelText('Название')).toHaveValue('Цветочный магазин!');
    await user.click(screen.getByRole('button', { name: 'Все ассистенты' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Уйти' }));
    expect(await screen.findByRole('heading', { name: 'Мои ассистенты' })).toBeInTheDocument();
  });
});
