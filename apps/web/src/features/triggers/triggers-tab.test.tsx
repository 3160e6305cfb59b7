import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { type ApiPeer, type PeerRequest, startApiPeer } from '@/test/api-peer';
import { TriggersTab } from './triggers-tab';

const A = '5d0f3a1e-8c2b-4f6a-9e7d-1b2c3d4e5f60';
const PATH = `/api/v1/assistant/${A}/triggers`;

interface Item {
  id?: string;
  name: string;
  action: string;
  stopWords: string[];
  customAnswer: string;
}

const COMPLAINTS = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Жалобы',
  action: 'STOP_AND_NOTIFY',
  stopWords: ['жалоба', 'суд'],
  customAnswer: '',
};
const DISCOUNTS = {
  id: '22222222-2222-4222-8222-222222222222',
  name: '',
  action: 'CUSTOM_ANSWER_AND_CONTINUE',
  stopWords: ['скидка'],
  customAnswer: 'Все скидки — в разделе «Акции».',
};

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on(`GET ${PATH}`, { body: [] });
  // As the server does: the posted list comes back saved, new items with new ids.
  peer.on(`POST ${PATH}`, (req: PeerRequest) => ({
    body: (req.body as Item[]).map((t, i) => ({ ...t, id: t.id ?? `00000000-0000-4000-8000-00000000000${i}` })),
  }));
});
afterEach(() => {
  peer.requests.length = 0;
  clearAlerts();
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
      <TriggersTab assistantId={A} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const posted = () => peer.requests.filter((r) => r.method === 'POST' && r.path === PATH).map((r) => r.body as Item[]);

describe('triggers tab (spec §2.11)', () => {
  it('shows the loading state, then the empty state with an add button', async () => {
    renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка триггеров...');
    expect(await screen.findByText('Триггеров пока нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить триггер' })).toBeInTheDocument();
    expect(peer.requests.find((r) => r.path === PATH)?.headers.authorization).toBe('Bearer owner-token');
  });

  it('lists the triggers with name, action label, stop-words and the custom answer', async () => {
    peer.on(`GET ${PATH}`, { body: [COMPLAINTS, DISCOUNTS] });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Список триггеров' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    if (!first || !second) throw new Error('no cards');
    expect(within(first).getByText('Жалобы')).toBeInTheDocument();
    expect(within(first).getByText('Остановить беседу и уведомить')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Стоп-слова: Жалобы' })).toHaveTextContent('жалобасуд');
    expect(within(second).getByText('Без названия')).toBeInTheDocument();
    expect(within(second).getByText('Ответить своим текстом и продолжить')).toBeInTheDocument();
    expect(within(second).getByText('Все скидки — в разделе «Акции».')).toBeInTheDocument();
  });

  it('adds a trigger: stop-words as chips on Enter and on blur, trimmed, empty ignored; posts the whole list', async () => {
    peer.on(`GET ${PATH}`, { body: [COMPLAINTS] });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Добавить триггер' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый триггер' });

    const action = within(dialog).getByLabelText('Действие');
    expect(action).toHaveValue('STOP_AND_NOTIFY');
    expect(within(dialog).queryByLabelText('Ответ клиенту')).not.toBeInTheDocument();
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Остановить беседу и уведомить',
      'Продолжить беседу и уведомить',
      'Ответить своим текстом, уведомить и продолжить',
      'Ответить своим текстом и продолжить',
      'Ответить своим текстом, уведомить и остановить',
    ]);

    await user.type(within(dialog).getByLabelText(/Название/), 'Возвраты');
    const words = within(dialog).getByLabelText('Стоп-слова');
    await user.type(words, '  возврат  {Enter}');
    await user.type(words, '   {Enter}');
    await user.type(words, 'Возврат{Enter}'); // the same word again
    await user.type(words, 'вернуть деньги');
    await user.click(within(dialog).getByLabelText(/Название/)); // blur adds the word
    const chips = within(dialog)
      .getAllByRole('button', { name: /Удалить стоп-слово/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(chips).toEqual(['Удалить стоп-слово «возврат»', 'Удалить стоп-слово «вернуть деньги»']);
    expect(words).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([
      [
        {
          id: COMPLAINTS.id,
          name: 'Жалобы',
          action: 'STOP_AND_NOTIFY',
          stopWords: ['жалоба', 'суд'],
          customAnswer: '',
        },
        { name: 'Возвраты', action: 'STOP_AND_NOTIFY', stopWords: ['возврат', 'вернуть деньги'], customAnswer: '' },
      ],
    ]);
    expect(await screen.findByText('Триггер добавлен')).toBeInTheDocument();
    expect(screen.getByText('Возвраты')).toBeInTheDocument();
  });

  it('shows the custom answer only for the actions that have one and requires it there', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Добавить триггер' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Стоп-слова'), 'скидка{Enter}');
    const action = within(dialog).getByLabelText('Действие');
    for (const [value, shown] of [
      ['CONTINUE_AND_NOTIFY', false],
      ['CUSTOM_ANSWER_NOTIFY_CONTINUE', true],
      ['CUSTOM_ANSWER_AND_CONTINUE', true],
      ['CUSTOM_ANSWER_NOTIFY_STOP', true],
      ['STOP_AND_NOTIFY', false],
      ['CUSTOM_ANSWER_AND_CONTINUE', true],
    ] as const) {
      await user.selectOptions(action, value);
      expect(Boolean(within(dialog).queryByLabelText('Ответ клиенту')), value).toBe(shown);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите ответ, который получит клиент')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Ответ клиенту'), 'Скидки — в разделе «Акции».');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual([
      {
        name: '',
        action: 'CUSTOM_ANSWER_AND_CONTINUE',
        stopWords: ['скидка'],
        customAnswer: 'Скидки — в разделе «Акции».',
      },
    ]);
  });

  it('needs at least one stop-word; Backspace and the cross remove chips', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Добавить триггер' }));
    const dialog = await screen.findByRole('dialog');
    const words = within(dialog).getByLabelText('Стоп-слова');
    await user.type(words, 'юрист{Enter}адвокат{Enter}суд{Enter}');
    await user.type(words, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить стоп-слово «юрист»' }));
    expect(within(dialog).getAllByRole('button', { name: /Удалить стоп-слово/ })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить стоп-слово «адвокат»' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Добавьте хотя бы одно стоп-слово')).toBeInTheDocument();
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(posted()).toEqual([]);
  });

  it('edits a trigger in place, keeping its id and the other triggers', async () => {
    peer.on(`GET ${PATH}`, { body: [COMPLAINTS, DISCOUNTS] });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Изменить: Жалобы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменить триггер' });
    expect(within(dialog).getByLabelText(/Название/)).toHaveValue('Жалобы');
    await user.selectOptions(within(dialog).getByLabelText('Действие'), 'CUSTOM_ANSWER_NOTIFY_STOP');
    await user.type(within(dialog).getByLabelText('Ответ клиенту'), 'Менеджер свяжется с вами.');
    await user.type(within(dialog).getByLabelText('Стоп-слова'), 'претензия{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual([
      {
        id: COMPLAINTS.id,
        name: 'Жалобы',
        action: 'CUSTOM_ANSWER_NOTIFY_STOP',
        stopWords: ['жалоба', 'суд', 'претензия'],
        customAnswer: 'Менеджер свяжется с вами.',
      },
      { ...DISCOUNTS },
    ]);
    expect(await screen.findByText('Триггер сохранён')).toBeInTheDocument();
    expect(screen.getByText('Ответить своим текстом, уведомить и остановить')).toBeInTheDocument();
  });

  it('shows the spec error when saving fails and keeps the dialog open', async () => {
    peer.on(`POST ${PATH}`, { status: 500, body: { message: 'Внутренняя ошибка сервера. Попробуйте позже.' } });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Добавить триггер' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Стоп-слова'), 'жалоба{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Ошибка при сохранении триггеров')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes a trigger after confirmation, and shows the spec error when that fails', async () => {
    peer.on(`GET ${PATH}`, { body: [COMPLAINTS, DISCOUNTS] });
    peer.on(`DELETE ${PATH}/${COMPLAINTS.id}`, { body: { ok: true } });
    peer.on(`DELETE ${PATH}/${DISCOUNTS.id}`, { status: 500, body: { message: 'Внутренняя ошибка' } });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Удалить: Жалобы' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить триггер?' });
    expect(confirm).toHaveTextContent('Триггер «Жалобы» перестанет срабатывать.');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Триггер удалён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Жалобы')).not.toBeInTheDocument());
    expect(peer.requests.some((r) => r.method === 'DELETE' && r.path === `${PATH}/${COMPLAINTS.id}`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Удалить: Без названия' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Ошибка при удалении триггера')).toBeInTheDocument();
  });

  it('shows the spec error when the list fails to load and retries', async () => {
    peer.on(`GET ${PATH}`, { status: 500, body: { message: 'Внутренняя ошибка' } });
    const user = renderTab();
    expect(await screen.findByText('Не удалось загрузить триггеры')).toBeInTheDocument();
    peer.on(`GET ${PATH}`, { body: [COMPLAINTS] });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Жалобы')).toBeInTheDocument();
  });
});
