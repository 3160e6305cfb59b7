import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { DesignForm } from './components/design-form';
import { DesignPreview } from './components/editor-layout';
import { applyDesignPatch, DEFAULT_DESIGN_STATE, type DesignState } from './lib/design';

const W = '0b7c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e2f';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="2"/></svg>';
const PATTERNS = [
  {
    id: 'waves',
    name: 'Волны',
    imageData: btoa(SVG),
    mimeType: 'image/svg+xml',
    url: '/api/widget/patterns/waves/data',
  },
  { id: 'dots', name: 'Точки', imageData: btoa(SVG), mimeType: 'image/svg+xml', url: '/api/widget/patterns/dots/data' },
];

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on('GET /api/widget/patterns', { body: PATTERNS });
  peer.on(`POST /api/widget/uploadAvatar/${W}`, { body: { uri: `/api/widget/avatar/${W}/a1.png` } });
  peer.on(`DELETE /api/widget/avatar/${W}`, { body: { ok: true } });
  for (let n = 1; n <= 11; n++) {
    peer.on(`GET /avatars/avatar${n}.svg`, { raw: SVG, headers: { 'content-type': 'image/svg+xml' } });
  }
});
afterEach(() => {
  peer.requests.length = 0;
  clearAlerts();
  vi.restoreAllMocks();
});

/** The form and the live preview over one state, as the pages hold them. */
function Harness({ widgetId, initial }: { widgetId: string | null; initial: DesignState }) {
  const [design, setDesign] = useState(initial);
  return (
    <>
      <DesignForm design={design} widgetId={widgetId} onChange={(p) => setDesign((d) => applyDesignPatch(d, p))} />
      <DesignPreview design={design} />
      <output data-testid="state">{JSON.stringify(design)}</output>
    </>
  );
}

function renderForm({ widgetId = W as string | null, initial = DEFAULT_DESIGN_STATE } = {}) {
  window.happyDOM.setURL(`${peer.origin}/assistant/create/design`);
  resetSession();
  resetUnauthorizedHandling();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <AlertHost />
      <Harness widgetId={widgetId} initial={initial} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const state = (): DesignState => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as DesignState;
const previewRoot = () => screen.getByTestId('preview').shadowRoot?.querySelector<HTMLElement>('.root') ?? null;
const previewVar = (name: string) => previewRoot()?.style.getPropertyValue(name).trim();
const inPreview = (selector: string) => screen.getByTestId('preview').shadowRoot?.querySelector(selector) ?? null;
const calls = (method: string, path: string) => peer.requests.filter((r) => r.method === method && r.path === path);

describe('design form: colours (spec §2.9, §3)', () => {
  it('offers the three colour tabs and 8 palettes of 3 colours, the base set first', () => {
    renderForm();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Фон', 'Акцент', 'Сообщения']);
    const palettes = screen.getAllByRole('group', { name: /^Палитра/ });
    expect(palettes).toHaveLength(8);
    for (const palette of palettes) expect(within(palette).getAllByRole('button')).toHaveLength(3);
    expect(
      within(palettes[0] as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['#FF7F50', '#FFF4CC', '#A8FFA8']);
  });

  it('sets the colour of the chosen tab and derives the text colours, shown at once in the preview', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: '#1F2937' }));
    expect(state()).toMatchObject({ backgroundColor: '#1F2937', headerTextColor: '#fff' });
    expect(screen.getByRole('button', { name: '#1F2937' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(previewVar('--bg')).toBe('#1F2937'));
    expect(previewVar('--on-bg')).toBe('#ffffff');

    await user.click(screen.getByRole('tab', { name: 'Сообщения' }));
    await user.click(screen.getByRole('button', { name: '#312E81' }));
    expect(state()).toMatchObject({ messageColor: '#312E81', messageTextColor: '#fff', backgroundColor: '#1F2937' });
    await user.click(screen.getByRole('button', { name: '#FFF4CC' }));
    expect(state()).toMatchObject({ messageColor: '#FFF4CC', messageTextColor: '#000' });
    await waitFor(() => expect(previewVar('--msg')).toBe('#FFF4CC'));
  });

  it('takes any colour typed as a code, and ignores an unfinished one', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('tab', { name: 'Акцент' }));
    const code = screen.getByLabelText('Код цвета');
    await user.clear(code);
    await user.type(code, '#12');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(state().accentColor).toBe('#007bff');
    await user.type(code, '3456');
    expect(state().accentColor).toBe('#123456');
  });

  it('moves between the colour tabs with the arrow keys', async () => {
    const user = renderForm();
    screen.getByRole('tab', { name: 'Фон' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Акцент' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Акцент' })).toHaveFocus();
  });
});

describe('design form: avatar (spec §2.9, §4, §5)', () => {
  const shown = () =>
    screen.getAllByRole('button', { name: /^Аватар \d+$/ }).map((b) => b.getAttribute('aria-label') ?? '');

  it('shows three of the eleven avatars and rerolls to three others', async () => {
    const user = renderForm();
    const before = shown();
    expect(before).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Другие аватары' }));
    const after = shown();
    expect(after).toHaveLength(3);
    expect(after.some((a) => before.includes(a))).toBe(false);
  });

  it('uploads an own picture and shows it with a timestamp query, then removes it', async () => {
    const user = renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(state().logoUrl).toMatch(new RegExp(`^/api/widget/avatar/${W}/a1\\.png\\?t=\\d+$`)));
    const [upload] = calls('POST', `/api/widget/uploadAvatar/${W}`);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(screen.getByRole('img', { name: 'Текущий аватар' })).toHaveAttribute('src', state().logoUrl);
    await waitFor(() => expect(inPreview('img.avatar')?.getAttribute('src')).toContain('/a1.png?t='));

    await user.click(screen.getByRole('button', { name: 'Убрать аватар' }));
    await waitFor(() => expect(state().logoUrl).toBeNull());
    expect(calls('DELETE', `/api/widget/avatar/${W}`)).toHaveLength(1);
  });

  it('sends a predefined avatar as a file fetched by its URL', async () => {
    peer.on(`POST /api/widget/uploadAvatar/${W}`, { body: { uri: '/avatars/avatar4.svg' } });
    const user = renderForm();
    const [first] = screen.getAllByRole('button', { name: /^Аватар \d+$/ });
    const n = first?.getAttribute('aria-label')?.replace('Аватар ', '');
    await user.click(first as HTMLElement);
    await waitFor(() => expect(state().logoUrl).toMatch(/^\/avatars\/avatar4\.svg\?t=\d+$/));
    expect(calls('GET', `/avatars/avatar${n}.svg`)).toHaveLength(1);
    expect(calls('POST', `/api/widget/uploadAvatar/${W}`)).toHaveLength(1);
  });

  it('says what went wrong when the upload is refused', async () => {
    peer.on(`POST /api/widget/uploadAvatar/${W}`, {
      status: 400,
      body: { message: 'Файл не является изображением PNG, JPEG, WebP или GIF' },
    });
    const user = renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['not an image'], 'me.png', { type: 'image/png' }));
    expect(
      await screen.findByText('Ошибка при загрузке аватара: Файл не является изображением PNG, JPEG, WebP или GIF'),
    ).toBeInTheDocument();
    expect(state().logoUrl).toBeNull();
  });

  it('shows the spec text when the removal fails', async () => {
    peer.on(`DELETE /api/widget/avatar/${W}`, { status: 500, body: { message: 'boom' } });
    const user = renderForm({ initial: { ...DEFAULT_DESIGN_STATE, logoUrl: '/avatars/avatar2.svg' } });
    await user.click(screen.getByRole('button', { name: 'Убрать аватар' }));
    expect(await screen.findByText('Ошибка при удалении аватара')).toBeInTheDocument();
    expect(state().logoUrl).toBe('/avatars/avatar2.svg');
  });

  it('skips the avatar calls with a console warning when there is no widget id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderForm({ widgetId: null });
    await user.click(screen.getAllByRole('button', { name: /^Аватар \d+$/ })[0] as HTMLElement);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(peer.requests.filter((r) => r.path.includes('avatar'))).toHaveLength(0);
  });
});

describe('design form: pattern, texts, options (spec §2.9)', () => {
  it('chooses a header pattern with opacity 0..1 and scale 0.5..2, step 0.1', async () => {
    const user = renderForm();
    const opacity = screen.getByRole('slider', { name: 'Прозрачность узора' });
    const scale = screen.getByRole('slider', { name: 'Масштаб узора' });
    expect(opacity).toBeDisabled();
    expect(opacity).toHaveAttribute('min', '0');
    expect(opacity).toHaveAttribute('max', '1');
    expect(opacity).toHaveAttribute('step', '0.1');
    expect(scale).toHaveAttribute('min', '0.5');
    expect(scale).toHaveAttribute('max', '2');
    await user.click(await screen.findByRole('button', { name: 'Волны' }));
    expect(state().headerPattern).toBe('waves');
    expect(opacity).toBeEnabled();
    fireEvent.change(opacity, { target: { value: '0.4' } });
    fireEvent.change(scale, { target: { value: '1.7' } });
    expect(state()).toMatchObject({ patternOpacity: 0.4, patternScale: 1.7 });
    await waitFor(() =>
      expect((inPreview('[data-testid="pattern"]') as HTMLElement | null)?.style.opacity).toBe('0.4'),
    );
    await user.click(screen.getByRole('button', { name: 'Без узора' }));
    expect(state().headerPattern).toBeNull();
    await waitFor(() => expect(inPreview('[data-testid="pattern"]')).toBeNull());
  });

  it('edits the bot name, role and greeting, with the preview following', async () => {
    const user = renderForm();
    const name = screen.getByLabelText('Имя бота');
    await user.clear(name);
    await user.type(name, 'Мария');
    await user.type(screen.getByLabelText('Роль бота'), 'Консультант');
    await waitFor(() => expect(inPreview('.bot-name')?.textContent).toBe('Мария'));
    expect(inPreview('.bot-role')?.textContent).toBe('Консультант');
    const greeting = screen.getByLabelText('Приветствие');
    await user.clear(greeting);
    await user.type(greeting, 'Добрый день!');
    await waitFor(() => expect(screen.getByTestId('preview').shadowRoot?.textContent).toContain('Добрый день!'));
  });

  it('inserts one of the 20 emoji at the caret of the greeting', async () => {
    const user = renderForm({ initial: { ...DEFAULT_DESIGN_STATE, greeting: 'Привет!' } });
    const greeting = screen.getByLabelText('Приветствие') as HTMLTextAreaElement;
    greeting.setSelectionRange(6, 6);
    const [emojiButton] = screen.getAllByRole('button', { name: 'Вставить эмодзи' });
    await user.click(emojiButton as HTMLElement);
    const panel = screen.getByRole('group', { name: 'Эмодзи' });
    expect(within(panel).getAllByRole('button')).toHaveLength(20);
    await user.click(within(panel).getByRole('button', { name: '👋' }));
    expect(state().greeting).toBe('Привет👋!');
    expect(screen.queryByRole('group', { name: 'Эмодзи' })).not.toBeInTheDocument();

    await user.click(emojiButton as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Эмодзи' })).not.toBeInTheDocument();
  });

  it('switches the brand logo and the file attachments', async () => {
    const user = renderForm();
    expect(inPreview('.brand')).not.toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Логотип «Отклик» в чате' }));
    await user.click(screen.getByRole('switch', { name: 'Прикрепление файлов' }));
    expect(state()).toMatchObject({ brandLogoVisible: false, allowFileAttachment: false });
    await waitFor(() => expect(inPreview('.brand')).toBeNull());
  });
});

describe('design form: suggested questions (spec §2.9, §3)', () => {
  const question = (n: number) => screen.getByRole('textbox', { name: `Вопрос ${n}` }) as HTMLInputElement;

  it('starts with the three default questions', () => {
    renderForm();
    expect([1, 2, 3].map((n) => question(n).value)).toEqual([
      'Здравствуйте',
      'Добрый день! У меня вопрос',
      'Мне нужна помощь',
    ]);
  });

  it('adds, edits, reorders and removes questions, and the preview shows them', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Добавить вопрос' }));
    expect(question(4)).toHaveFocus();
    await user.type(question(4), 'Сколько стоит доставка?');
    await user.click(screen.getByRole('button', { name: 'Поднять вопрос 4' }));
    expect(state().predefinedQuestions).toEqual([
      'Здравствуйте',
      'Добрый день! У меня вопрос',
      'Сколько стоит доставка?',
      'Мне нужна помощь',
    ]);
    expect(question(3)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Удалить вопрос 1' }));
    await user.clear(question(1));
    await user.type(question(1), 'Есть скидки?');
    expect(state().predefinedQuestions).toEqual(['Есть скидки?', 'Сколько стоит доставка?', 'Мне нужна помощь']);
    await waitFor(() =>
      expect(
        [...(screen.getByTestId('preview').shadowRoot?.querySelectorAll('.chip') ?? [])].map((c) => c.textContent),
      ).toEqual(['Есть скидки?', 'Сколько стоит доставка?', 'Мне нужна помощь']),
    );
  });

  it('moves a question with Alt+arrows and adds the next one with Enter', async () => {
    const user = renderForm();
    question(1).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(state().predefinedQuestions[1]).toBe('Здравствуйте');
    question(3).focus();
    await user.keyboard('{Enter}');
    expect(question(4)).toHaveFocus();
    await act(async () => {});
  });
});
