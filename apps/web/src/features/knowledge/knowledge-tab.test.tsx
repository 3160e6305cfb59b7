import { SCRAPE_TEXTS } from '@otklik/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { KnowledgeTab } from './knowledge-tab';
import { fileNameFromDisposition } from './lib/format';
import { forceUrlPrefix } from './lib/site-url';

const A = '3f1c2a7e-9b0d-4c55-8e21-6d7f0a9b1c2d';
const FILES = `/api/assistant/${A}/knowledge`;
const ANSWERS = `/api/assistant/${A}/correct-answers`;

const file = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'прайс.xlsx',
  uploadedAt: '2026-03-14T09:30:00.000Z',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  title: '',
  description: '',
  size: 15_360,
  status: 'ready',
  statusReason: null,
  source: 'upload',
  sourceUrl: null,
  ...over,
});

const answer = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  question: 'Сколько стоит доставка?',
  originalAnswer: 'Доставка платная.',
  correctAnswer: 'Доставка бесплатная от 1500 рублей.',
  synonyms: 'цена доставки, стоимость привоза',
  isCorrect: false,
  createdAt: '2026-03-14T09:30:00.000Z',
  updatedAt: '2026-03-14T09:30:00.000Z',
  ...over,
});

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on(`GET ${FILES}`, { body: [] });
  peer.on(`GET ${ANSWERS}`, { body: [] });
});
afterEach(() => {
  peer.requests.length = 0;
  clearAlerts();
  vi.restoreAllMocks();
});

function renderTab() {
  window.happyDOM.setURL(`${peer.origin}/dashboard/assistants/${A}`);
  resetSession();
  resetUnauthorizedHandling();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <AlertHost />
      <KnowledgeTab assistantId={A} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (method: string, path: string) => peer.requests.filter((r) => r.method === method && r.path === path);

describe('knowledge tab: the two tabs (spec §2.10)', () => {
  it('shows the files first and remembers the chosen tab', async () => {
    const user = renderTab();
    expect(screen.getByRole('tab', { name: 'Файлы в базе знаний' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('В базе знаний пока нет файлов')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Верные ответы ассистента' }));
    expect(await screen.findByText('Верных ответов пока нет')).toBeInTheDocument();
    expect(localStorage.getItem('knowledgeTab')).toBe('answers');
  });

  it('opens the remembered tab and moves between tabs with the arrow keys', async () => {
    localStorage.setItem('knowledgeTab', 'answers');
    const user = renderTab();
    const answersTab = screen.getByRole('tab', { name: 'Верные ответы ассистента' });
    expect(answersTab).toHaveAttribute('aria-selected', 'true');
    answersTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Файлы в базе знаний' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Файлы в базе знаний' })).toHaveFocus();
  });
});

describe('knowledge tab: files', () => {
  it('lists files with status, size and date; a failed one shows its reason', async () => {
    peer.on(`GET ${FILES}`, {
      body: [
        file({ title: 'Прайс-лист', description: 'Цены на лето' }),
        file({ name: 'скан.pdf', status: 'failed', statusReason: 'В файле не найден текст.', size: 2_097_152 }),
      ],
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Файлы в базе знаний' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Прайс-лист');
    expect(first).toHaveTextContent('прайс.xlsx');
    expect(first).toHaveTextContent('15 КБ');
    expect(first).toHaveTextContent('Цены на лето');
    expect(first).toHaveTextContent('Готов');
    expect(first).toHaveTextContent(/14 мар\.? 2026/);
    expect(second).toHaveTextContent('Ошибка');
    expect(second).toHaveTextContent('В файле не найден текст.');
    expect(second).toHaveTextContent('2 МБ');
    expect(screen.getByText(/Занято 2 МБ из 200 МБ/)).toBeInTheDocument();
  });

  it('asks the list again while a file is processing, until it is ready', async () => {
    let asked = 0;
    const id = crypto.randomUUID();
    peer.on(`GET ${FILES}`, () => {
      asked++;
      return { body: [file({ id, status: asked < 2 ? 'processing' : 'ready' })] };
    });
    renderTab();
    expect(await screen.findByText('Обрабатывается')).toBeInTheDocument();
    expect(await screen.findByText('Готов', {}, { timeout: 4000 })).toBeInTheDocument();
    const before = asked;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(asked).toBe(before);
  });

  it('shows a load error with a retry', async () => {
    peer.on(`GET ${FILES}`, { status: 404, body: { message: 'Ассистент не найден' } });
    const user = renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ассистент не найден');
    peer.on(`GET ${FILES}`, { body: [file()] });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('прайс.xlsx')).toBeInTheDocument();
  });

  it('uploads a file with a title and description as multipart (spec §7)', async () => {
    const added = file({ name: 'прайс.csv', status: 'processing', title: 'Цены' });
    peer.on(`POST /api/assistant/${A}/file`, () => {
      peer.on(`GET ${FILES}`, { body: [added] });
      return { body: { file: added } };
    });
    const user = renderTab();
    await screen.findByText('В базе знаний пока нет файлов');
    await user.click(screen.getAllByRole('button', { name: 'Загрузить файл' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Загрузка файла' });
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    expect(within(dialog).getByText('Файл не выбран')).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText('Файл'),
      new File(['Товар;Цена\nХлеб;50'], 'прайс.csv', { type: 'text/csv' }),
    );
    await user.type(within(dialog).getByLabelText(/Название/), 'Цены');
    await user.type(within(dialog).getByLabelText(/Описание/), 'Летний прайс');
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = calls('POST', `/api/assistant/${A}/file`);
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.headers.authorization).toBe('Bearer owner-token');
    const raw = String(sent?.body);
    expect(raw).toContain('name="file"; filename="прайс.csv"');
    expect(raw).toContain('Товар;Цена');
    expect(raw).toMatch(/name="fileDescriptionJson"[\s\S]*\{"title":"Цены","description":"Летний прайс"\}/);
    expect(await screen.findByText('Файл загружен. Он будет доступен ассистенту после обработки.')).toBeInTheDocument();
    expect(await screen.findByText('Цены')).toBeInTheDocument();
  });

  it('refuses a file of another type or over 20 MB before sending, and shows the server’s refusal', async () => {
    peer.on(`POST /api/assistant/${A}/file`, { status: 400, body: { message: 'Содержимое файла не похоже на PDF' } });
    const user = renderTab();
    await user.click((await screen.findAllByRole('button', { name: 'Загрузить файл' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Загрузка файла' });
    const form = dialog.querySelector('form') as HTMLFormElement;
    // A dropped file skips the input's accept list.
    fireEvent.drop(form, { dataTransfer: { files: [new File(['x'], 'фото.png')], types: ['Files'] } });
    expect(
      await within(dialog).findByText('Недопустимый тип файла. Можно загрузить PDF, DOC, DOCX, TXT, XLSX или CSV.'),
    ).toBeInTheDocument();
    const big = new File(['x'], 'большой.pdf');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    fireEvent.drop(form, { dataTransfer: { files: [big], types: ['Files'] } });
    expect(await within(dialog).findByText('Файл слишком большой: не более 20 МБ.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    expect(calls('POST', `/api/assistant/${A}/file`)).toHaveLength(0);

    fireEvent.drop(form, { dataTransfer: { files: [new File(['%PDF-'], 'договор.pdf')], types: ['Files'] } });
    expect(within(dialog).getByText('договор.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    expect(await within(dialog).findByText('Содержимое файла не похоже на PDF')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Загрузка файла' })).toBeInTheDocument();
  });

  it('opens the upload with a file dropped on the list', async () => {
    const user = renderTab();
    const empty = await screen.findByText('В базе знаний пока нет файлов');
    fireEvent.drop(empty, { dataTransfer: { files: [new File(['Текст'], 'правила.txt')], types: ['Files'] } });
    const dialog = await screen.findByRole('dialog', { name: 'Загрузка файла' });
    expect(within(dialog).getByText('правила.txt')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes a file only after confirmation', async () => {
    const target = file({ name: 'старый.docx' });
    peer.on(`GET ${FILES}`, { body: [target, file()] });
    peer.on(`DELETE /api/assistant/${A}/file/${target.id}`, { body: { ok: true } });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Удалить «старый.docx»' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить файл?' });
    expect(dialog).toHaveTextContent('Файл «старый.docx» будет удалён');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(calls('DELETE', `/api/assistant/${A}/file/${target.id}`)).toHaveLength(0);

    peer.on(`GET ${FILES}`, { body: [file()] });
    await user.click(screen.getByRole('button', { name: 'Удалить «старый.docx»' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить файл?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Файл удалён')).toBeInTheDocument();
    expect(calls('DELETE', `/api/assistant/${A}/file/${target.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('старый.docx')).not.toBeInTheDocument());
  });

  it('downloads the original bytes under the name of Content-Disposition', async () => {
    const target = file({ name: 'prais.xlsx' });
    peer.on(`GET ${FILES}`, { body: [target] });
    peer.on(`GET /api/assistant/knowledge/file/${target.id}/download`, {
      raw: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="_____.xlsx"; filename*=UTF-8''${encodeURIComponent('Прайс лето.xlsx')}`,
      },
    });
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Скачать «prais.xlsx»' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('Прайс лето.xlsx');
    expect(saved[0]?.href).toMatch(/^blob:/);
    const [sent] = calls('GET', `/api/assistant/knowledge/file/${target.id}/download`);
    expect(sent?.headers.authorization).toBe('Bearer owner-token');
  });
});

describe('knowledge tab: site scrape (spec §5, §8)', () => {
  it('keeps the https:// prefix and removes duplicated ones', () => {
    expect(forceUrlPrefix('')).toBe('https://');
    expect(forceUrlPrefix('https:/')).toBe('https://');
    expect(forceUrlPrefix('example.ru')).toBe('https://example.ru');
    expect(forceUrlPrefix('https://https://example.ru')).toBe('https://example.ru');
    expect(forceUrlPrefix('https://http://example.ru')).toBe('http://example.ru');
    expect(forceUrlPrefix('http://example.ru/цены')).toBe('http://example.ru/цены');
  });

  async function openScrape() {
    const user = renderTab();
    await screen.findByText('В базе знаний пока нет файлов');
    await user.click(screen.getByRole('button', { name: 'Добавить сайт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Добавить сайт' });
    return { user, dialog, input: within(dialog).getByLabelText('Адрес сайта') };
  }

  it('asks for an address, then shows the spec text for each failure status', async () => {
    const { user, dialog, input } = await openScrape();
    expect(input).toHaveValue('https://');
    await user.click(within(dialog).getByRole('button', { name: 'Обкачать сайт' }));
    expect(within(dialog).getByText(SCRAPE_TEXTS.urlRequired)).toBeInTheDocument();
    await user.type(input, 'https://пекарня.рф');
    expect(input).toHaveValue('https://пекарня.рф');

    const path = `POST /api/assistant/${A}/site-scrape`;
    const cases: [number, string | undefined, string][] = [
      [400, SCRAPE_TEXTS.badRequest, SCRAPE_TEXTS.badRequest],
      [403, SCRAPE_TEXTS.unauthorized, SCRAPE_TEXTS.unauthorized],
      [500, SCRAPE_TEXTS.serverError, SCRAPE_TEXTS.serverError],
      [404, SCRAPE_TEXTS.other(404), SCRAPE_TEXTS.other(404)],
      [504, undefined, SCRAPE_TEXTS.other(504)],
    ];
    for (const [status, message, shown] of cases) {
      peer.on(path, { status, body: message ? { message } : undefined });
      await user.click(within(dialog).getByRole('button', { name: 'Обкачать сайт' }));
      expect(await within(dialog).findByText(shown)).toBeInTheDocument();
    }
    const sent = calls('POST', `/api/assistant/${A}/site-scrape`)[0];
    expect(new URL(sent?.url ?? '', peer.origin).searchParams.get('url')).toBe('https://пекарня.рф');
    // The owner stays signed in: a protected site is not their session.
    expect(localStorage.getItem('token')).toBe('owner-token');
  });

  it('shows the progress and tells when the site is collected', async () => {
    const site = file({
      name: 'example.ru',
      source: 'site',
      sourceUrl: 'https://example.ru/',
      size: 0,
      status: 'processing',
    });
    let asked = 0;
    peer.on(`POST /api/assistant/${A}/site-scrape`, { body: { file: site }, delayMs: 300 });
    const { user, dialog, input } = await openScrape();
    peer.on(`GET ${FILES}`, () => {
      asked++;
      return { body: [{ ...site, status: asked < 2 ? 'processing' : 'ready', size: asked < 2 ? 0 : 5000 }] };
    });
    await user.clear(input);
    await user.type(input, 'example.ru');
    expect(input).toHaveValue('https://example.ru');
    await user.click(within(dialog).getByRole('button', { name: 'Обкачать сайт' }));
    expect(await within(dialog).findByText('Открываем сайт…')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Собираем страницы сайта/)).toBeInTheDocument();
    expect(await screen.findByText(SCRAPE_TEXTS.success, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Готов')).toBeInTheDocument();
  });
});

describe('knowledge tab: corrected answers (spec §4)', () => {
  beforeEach(() => localStorage.setItem('knowledgeTab', 'answers'));

  it('lists answers with their synonyms', async () => {
    peer.on(`GET ${ANSWERS}`, { body: [answer(), answer({ question: 'Где вы?', synonyms: '', isCorrect: true })] });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Верные ответы ассистента' });
    expect(list).toHaveTextContent('Сколько стоит доставка?');
    expect(list).toHaveTextContent('Доставка бесплатная от 1500 рублей.');
    expect(within(list).getByRole('list', { name: 'Синонимы' })).toHaveTextContent('стоимость привоза');
    expect(list).toHaveTextContent('Ответ ассистента подтверждён');
  });

  it('adds an answer: synonyms on leaving the question, Ctrl+Enter saves, the modal closes', async () => {
    peer.on('GET /api/assistant/synonymizer', {
      raw: 'привоз, курьер, доставки',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    peer.on(`POST ${ANSWERS}`, (req) => {
      const saved = answer({ ...(req.body as object), id: crypto.randomUUID() });
      peer.on(`GET ${ANSWERS}`, { body: [saved] });
      return { body: saved };
    });
    const user = renderTab();
    await user.click((await screen.findAllByRole('button', { name: 'Добавить ответ' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Новый верный ответ' });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Заполните оба поля.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Вопрос'), 'Есть ли доставка?');
    await user.click(within(dialog).getByLabelText('Верный ответ'));
    await waitFor(() => expect(within(dialog).getByLabelText('Синонимы')).toHaveValue('привоз, курьер, доставки'));
    const [asked] = calls('GET', '/api/assistant/synonymizer');
    expect(new URL(asked?.url ?? '', peer.origin).searchParams.get('query')).toBe('Есть ли доставка?');
    await user.type(within(dialog).getByLabelText('Верный ответ'), '  Да, курьером.  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', ANSWERS)[0]?.body).toEqual({
      question: 'Есть ли доставка?',
      correctAnswer: 'Да, курьером.',
      originalAnswer: '',
      synonyms: 'привоз, курьер, доставки',
      isCorrect: false,
    });
    expect(await screen.findByText('Ответ добавлен')).toBeInTheDocument();
    expect(await screen.findByText('Есть ли доставка?')).toBeInTheDocument();
  });

  it('makes no synonyms for a question of 3 characters or when synonyms exist; Escape closes', async () => {
    peer.on('GET /api/assistant/synonymizer', { raw: 'что-то', headers: { 'content-type': 'text/plain' } });
    const user = renderTab();
    await user.click((await screen.findAllByRole('button', { name: 'Добавить ответ' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Новый верный ответ' });
    await user.type(within(dialog).getByLabelText('Вопрос'), 'Цен');
    await user.click(within(dialog).getByLabelText('Верный ответ'));
    await user.type(within(dialog).getByLabelText('Синонимы'), 'стоимость');
    await user.clear(within(dialog).getByLabelText('Вопрос'));
    await user.type(within(dialog).getByLabelText('Вопрос'), 'Сколько стоит?');
    await user.click(within(dialog).getByLabelText('Верный ответ'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls('GET', '/api/assistant/synonymizer')).toHaveLength(0);
    expect(within(dialog).getByLabelText('Синонимы')).toHaveValue('стоимость');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST', ANSWERS)).toHaveLength(0);
  });

  it('edits an answer: isCorrect is true when the corrected answer equals the original', async () => {
    const existing = answer();
    peer.on(`GET ${ANSWERS}`, { body: [existing] });
    peer.on(`PUT ${ANSWERS}/${existing.id}`, (req) => ({ body: { ...existing, ...(req.body as object) } }));
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Изменить: Сколько стоит доставка?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменение ответа' });
    expect(within(dialog).getByText('Доставка платная.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Верный ответ');
    expect(field).toHaveValue('Доставка бесплатная от 1500 рублей.');
    await user.clear(field);
    await user.type(field, ' Доставка платная. ');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT', `${ANSWERS}/${existing.id}`)[0]?.body).toMatchObject({
      correctAnswer: 'Доставка платная.',
      originalAnswer: 'Доставка платная.',
      synonyms: 'цена доставки, стоимость привоза',
      isCorrect: true,
    });
    expect(await screen.findByText('Ответ сохранён')).toBeInTheDocument();
  });

  it('keeps the modal open and shows the error when saving fails', async () => {
    peer.on(`POST ${ANSWERS}`, { status: 500, body: { message: 'Внутренняя ошибка сервера. Попробуйте позже.' } });
    const user = renderTab();
    await user.click((await screen.findAllByRole('button', { name: 'Добавить ответ' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Новый верный ответ' });
    await user.type(within(dialog).getByLabelText('Синонимы'), 'x');
    await user.type(within(dialog).getByLabelText('Вопрос'), 'Вопрос');
    await user.type(within(dialog).getByLabelText('Верный ответ'), 'Ответ');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Внутренняя ошибка сервера. Попробуйте позже.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Новый верный ответ' })).toBeInTheDocument();
  });

  it('deletes an answer after confirmation', async () => {
    const existing = answer();
    peer.on(`GET ${ANSWERS}`, { body: [existing] });
    peer.on(`DELETE ${ANSWERS}/${existing.id}`, { body: { ok: true } });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Удалить: Сколько стоит доставка?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить ответ?' });
    peer.on(`GET ${ANSWERS}`, { body: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Ответ удалён')).toBeInTheDocument();
    expect(await screen.findByText('Верных ответов пока нет')).toBeInTheDocument();
  });
});

describe('Content-Disposition names', () => {
  it('prefers the RFC 5987 name and falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.txt"; filename*=UTF-8''%D0%BF%D1%80%D0%B0%D0%B9%D1%81.txt`),
    ).toBe('прайс.txt');
    expect(fileNameFromDisposition('attachment; filename="report \\"1\\".pdf"')).toBe('report "1".pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
