import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  localStorage.setItem('token', 'owner-token');
  peer.on('GET /api/check-auth', { body: { ok: true } });
  peer.on('GET /api/user/profile', { body: PROFILE });
});
afterEach(() => {
  peer.requests.length = 0;
});

const PROFILE = {
  id: 'u1',
  username: 'Анна',
  email: 'anna@example.ru',
  isAllowedNotify: false,
  isEmailConfirmed: false,
};

async function openProfile() {
  const app = renderApp(peer, '/dashboard/profile');
  await screen.findByDisplayValue('Анна');
  return { ...app, user: userEvent.setup() };
}

describe('profile (spec §2.12)', () => {
  it('saves the username and e-mail and shows the server message on failure', async () => {
    peer.on('PUT /api/user/profile', { status: 409, body: { message: 'Пользователь с таким email уже существует' } });
    const { user } = await openProfile();
    const email = screen.getByLabelText('Электронная почта');
    await user.clear(email);
    await user.type(email, 'taken@example.ru');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Пользователь с таким email уже существует')).toBeInTheDocument();
    expect(apiCalls(peer).find((r) => r.method === 'PUT')?.body).toEqual({
      username: 'Анна',
      email: 'taken@example.ru',
      isAllowedNotify: false,
    });
  });

  it('toggles the notifications with PATCH /api/user/notify', async () => {
    peer.on('PATCH /api/user/notify', { body: { ...PROFILE, isAllowedNotify: true } });
    const { user } = await openProfile();
    const toggle = screen.getByRole('switch', { name: 'Уведомления на почту' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(apiCalls(peer).find((r) => r.method === 'PATCH')?.body).toEqual({ isAllowedNotify: true });
  });

  it('changes the password only when both passwords are filled', async () => {
    peer.on('POST /api/user/change-password', { status: 400, body: { message: 'Неверный текущий пароль' } });
    const { user } = await openProfile();
    const button = screen.getByRole('button', { name: 'Изменить пароль' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Текущий пароль'), 'old-secret');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Новый пароль'), 'new-secret');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('Неверный текущий пароль')).toBeInTheDocument();
    expect(apiCalls(peer).find((r) => r.path === '/api/user/change-password')?.body).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });

  it('keeps this tab signed in with the new token the password change returns', async () => {
    peer.on('POST /api/user/change-password', { body: { ok: true, token: 'fresh-token' } });
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Текущий пароль'), 'old-secret');
    await user.type(screen.getByLabelText('Новый пароль'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    expect(await screen.findByText('Пароль изменён')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it('sends the confirmation mail when the e-mail is not confirmed', async () => {
    peer.on('POST /api/user/send-confirmation', { body: { ok: true } });
    const { user } = await openProfile();
    expect(screen.getByText('Почта не подтверждена')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отправить письмо для подтверждения' }));
    expect(await screen.findByText('Письмо для подтверждения отправлено на ваш email')).toBeInTheDocument();
  });

  it('deletes the account only after the confirmation modal', async () => {
    peer.on('DELETE /api/user', { body: { ok: true } });
    const { user, router } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Удалить аккаунт' }));
    expect(await screen.findByRole('dialog', { name: 'Удалить аккаунт навсегда?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls(peer).some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(apiCalls(peer).some((r) => r.method === 'DELETE' && r.path === '/api/user')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs out: revokes the token on the server and opens the login', async () => {
    peer.on('POST /api/logout', { body: { ok: true } });
    const { user, router } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Выйти из аккаунта' }));
    await screen.findByRole('heading', { name: 'Вход в Отклик' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(apiCalls(peer).find((r) => r.path === '/api/logout')?.headers.authorization).toBe('Bearer owner-token');
    // The page to come back to after the next login.
    expect(sessionStorage.getItem('redirectPath')).toBe('/dashboard/profile');
  });
});
