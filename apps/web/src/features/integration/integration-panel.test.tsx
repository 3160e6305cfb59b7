import { buildSnippet } from '@otklik/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { IntegrationPanel } from './integration-panel';
import { assistantWithBots } from './test-helpers';

const ASSISTANT_ID = '3f1c2a4e-1111-4222-8333-444455556666';
let peer: ApiPeer;

beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  window.happyDOM.setURL(`${peer.origin}/assistant/create/integration`);
  localStorage.setItem('token', 'owner-token');
  clearAlerts();
  // The Telegram part below the widget reads the assistant's bots.
  peer.on(`GET /api/assistant/${ASSISTANT_ID}`, { body: assistantWithBots(ASSISTANT_ID, []) });
});
afterEach(async () => {
  // Let the Telegram part finish reading the assistant, so no request is cut off at unmount.
  await screen.findByRole('region', { name: 'Телеграм-бот' });
  peer.requests.length = 0;
  vi.restoreAllMocks();
});

function renderPanel() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AlertHost />
        <IntegrationPanel assistantId={ASSISTANT_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

/** The alerts only (the Telegram part below has its own loading status). */
const notices = () => within(screen.getByRole('region', { name: 'Уведомления' }));
const codeBlock = () => screen.getByRole('tabpanel').querySelector('pre code')?.textContent ?? '';

describe('integration panel (spec §2.7 step 3, §2.11)', () => {
  it('shows the HTML snippet loading the script from the service with the assistant id and bottom margin 40', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Установка виджета на сайт' })).toBeInTheDocument();
    expect(screen.getByText(ASSISTANT_ID)).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['HTML', 'Vue 3', 'Angular', 'React']);
    expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
    const code = codeBlock();
    expect(code).toBe(buildSnippet('html', { origin: peer.origin, assistantId: ASSISTANT_ID }));
    // The script names the assistant: its design comes inside it, no second request.
    expect(code).toContain(`src="${peer.origin}/api/widget/script?assistantId=${ASSISTANT_ID}"`);
    expect(code).not.toContain('preload');
    expect(code).toContain(`window.initChatWidget({ assistantId: '${ASSISTANT_ID}', bottomMargin: 40 })`);
    expect(screen.getByText('</body>', { selector: 'code' })).toBeInTheDocument();
  });

  it('switches between HTML, Vue 3, Angular and React by click and by arrow keys, and remembers the choice', async () => {
    const { user, unmount } = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Vue 3' }));
    expect(codeBlock()).toBe(buildSnippet('vue', { origin: peer.origin, assistantId: ASSISTANT_ID }));
    expect(codeBlock()).toContain("import { onMounted } from 'vue';");
    expect(screen.getByRole('tabpanel')).toHaveTextContent('src/components/ChatWidget.vue');

    await user.keyboard('{ArrowRight}');
    const angular = screen.getByRole('tab', { name: 'Angular' });
    expect(angular).toHaveAttribute('aria-selected', 'true');
    expect(angular).toHaveFocus();
    expect(codeBlock()).toContain('export class ChatWidgetComponent implements OnInit');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'React' })).toHaveAttribute('aria-selected', 'true');
    expect(codeBlock()).toContain('useEffect(() => {');
    for (const framework of ['vue', 'angular', 'react'] as const) {
      expect(buildSnippet(framework, { origin: peer.origin, assistantId: ASSISTANT_ID })).toContain(
        `window.initChatWidget({ assistantId: '${ASSISTANT_ID}', bottomMargin: 40 })`,
      );
    }
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    unmount();

    renderPanel();
    expect(screen.getByRole('tab', { name: 'React' })).toHaveAttribute('aria-selected', 'true');
  });

  it("copies the shown code with 'Код скопирован!' and shows 'Скопировано' on the button for 2 seconds", async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'React' }));
    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(await navigator.clipboard.readText()).toBe(
      buildSnippet('react', { origin: peer.origin, assistantId: ASSISTANT_ID }),
    );
    expect(await notices().findByRole('status')).toHaveTextContent('Код скопирован!');
    expect(screen.getByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Копировать' })).toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it("says 'Ошибка копирования' when the clipboard refuses", async () => {
    const { user } = renderPanel();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(await notices().findByRole('alert')).toHaveTextContent('Ошибка копирования');
  });

  it('sends the code to a developer without the bearer token and closes with the spec success text', async () => {
    peer.on('POST /api/assistant/sendSnippet', { body: { ok: true } });
    const { user } = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Angular' }));
    await user.click(screen.getByRole('button', { name: 'Отправить код разработчику' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отправить код разработчику' });
    const email = within(dialog).getByLabelText('E-mail разработчика');
    expect(email).toHaveFocus();
    await user.type(email, '  dev@studio.ru ');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));

    expect(await notices().findByRole('status')).toHaveTextContent('Код отправлен разработчику!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = peer.requests.find((r) => r.path === '/api/assistant/sendSnippet');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body).toEqual({
      toEmail: 'dev@studio.ru',
      snippet: buildSnippet('angular', { origin: peer.origin, assistantId: ASSISTANT_ID }),
      instructions: expect.stringContaining('1. Создайте файл `src/app/chat-widget.component.ts`'),
      assistantId: ASSISTANT_ID,
      framework: 'angular',
    });

    // Opened again, the form is empty.
    await user.click(screen.getByRole('button', { name: 'Отправить код разработчику' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('E-mail разработчика')).toHaveValue('');
  });

  it("warns 'Введите корректный email' and makes no call for an e-mail that is not text@text.text", async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Отправить код разработчику' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('E-mail разработчика');
    for (const bad of ['dev', 'dev@studio', 'dev @studio.ru']) {
      await user.clear(email);
      await user.type(email, `${bad}{Enter}`);
      expect(email).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getAllByText('Введите корректный email').length).toBeGreaterThan(0);
    expect(notices().getAllByRole('alert')[0]).toHaveTextContent('Введите корректный email');
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(peer.requests.filter((r) => r.path === '/api/assistant/sendSnippet')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Ошибка отправки' and the server's reason on failure, logging the spec's store-level text", async () => {
    peer.on('POST /api/assistant/sendSnippet', {
      status: 429,
      body: { message: 'Слишком много запросов. Повторите через 120 сек.' },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Отправить код разработчику' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail разработчика'), 'dev@studio.ru{Enter}');
    expect(await notices().findByRole('alert')).toHaveTextContent('Ошибка отправки');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Слишком много запросов. Повторите через 120 сек.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Ошибка отправки сообщения: Слишком много запросов. Повторите через 120 сек.');
  });
});
