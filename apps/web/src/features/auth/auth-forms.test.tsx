import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
afterEach(() => {
  peer.requests.length = 0;
});

async function openSignup() {
  const app = renderApp(peer, '/signup');
  await screen.findByRole('heading', { name: 'Создайте аккаунт' });
  return { ...app, user: userEvent.setup() };
}

describe('signup form (spec §5, §8)', () => {
  it('checks the e-mail and the password while typing, before any submit', async () => {
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@');
    expect(await screen.findByText('Некорректная почта')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Пароль'), '12345');
    expect(await screen.findByText('Пароль должен содержать не менее 6 символов')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Электронная почта'), 'example.ru');
    await user.type(screen.getByLabelText('Пароль'), '6');
    await waitFor(() => expect(screen.queryByText('Некорректная почта')).not.toBeInTheDocument());
    expect(screen.queryByText('Пароль должен содержать не менее 6 символов')).not.toBeInTheDocument();
    expect(apiCalls(peer)).toHaveLength(0);
  });

  it('checks on submit and sends nothing while invalid', async () => {
    const { user } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Некорректная почта')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен содержать не менее 6 символов')).toBeInTheDocument();
    expect(screen.getByLabelText('Электронная почта')).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls(peer)).toHaveLength(0);
  });

  it('says the user exists on 409', async () => {
    peer.on('POST /api/signup', { status: 409, body: { message: 'exists' } });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Имя пользователя'), 'Анна');
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret-1{Enter}');
    expect(await screen.findAllByText('Пользователь с таким email уже существует')).not.toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Ошибка при регистрации' on other errors", async () => {
    peer.on('POST /api/signup', { status: 500, body: { message: 'Внутренняя ошибка' } });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Имя пользователя'), 'Анна');
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret-1{Enter}');
    expect(await screen.findAllByText('Ошибка при регистрации')).not.toHaveLength(0);
  });

  it('signs the new owner in and opens the cabinet', async () => {
    peer.on('POST /api/signup', { body: { token: 'fresh-token' } });
    const { user, router } = await openSignup();
    await user.type(screen.getByLabelText('Имя пользователя'), 'Анна');
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать в Отклик' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Регистрация прошла успешно')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh-token');
    const signup = apiCalls(peer).find((r) => r.path === '/api/signup');
    expect(signup?.body).toEqual({ username: 'Анна', email: 'anna@example.ru', password: 'secret-1' });
    expect(signup?.headers['content-type']).toBe('application/json');
  });
});

describe('login form', () => {
  it('has the username, e-mail and password fields and links to signup and forgot-password', async () => {
    renderApp(peer, '/login');
    await screen.findByRole('heading', { name: 'Вход в Отклик' });
    expect(screen.getByLabelText('Имя пользователя')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('validates the e-mail on input and the password on submit', async () => {
    renderApp(peer, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Электронная почта'), 'not-an-email');
    expect(await screen.findByText('Некорректная почта')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите пароль')).toBeInTheDocument();
    expect(apiCalls(peer)).toHaveLength(0);
  });

  it('shows the eye button that reveals the password', async () => {
    renderApp(peer, '/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Пароль');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Скрыть пароль' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('forgot password', () => {
  it('confirms the request with the spec text', async () => {
    peer.on('POST /api/forgot-password', { body: { message: 'ok' } });
    renderApp(peer, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Электронная почта'), 'anna@example.ru{Enter}');
    expect(await screen.findByText('Ссылка для восстановления пароля отправлена на ваш email')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Проверьте почту' })).toBeInTheDocument();
    expect(apiCalls(peer).find((r) => r.path === '/api/forgot-password')?.body).toEqual({ email: 'anna@example.ru' });
  });

  it("says 'Ошибка при отправке запроса' on failure", async () => {
    peer.on('POST /api/forgot-password', { status: 500, body: { message: 'boom' } });
    renderApp(peer, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Электронная почта'), 'anna@example.ru{Enter}');
    expect(await screen.findByText('Ошибка при отправке запроса')).toBeInTheDocument();
  });
});

describe('reset password and e-mail confirmation links', () => {
  it('sets a new password with the token of the link, then opens the login', async () => {
    peer.on('POST /api/reset-password', { body: { ok: true } });
    const { router } = renderApp(peer, '/reset-password?token=abc123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Новый пароль'), '123');
    expect(await screen.findByText('Пароль должен содержать не менее 6 символов')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Новый пароль'), '456{Enter}');
    await screen.findByRole('heading', { name: 'Вход в Отклик' });
    expect(router.state.location.pathname).toBe('/login');
    expect(apiCalls(peer).find((r) => r.path === '/api/reset-password')?.body).toEqual({
      token: 'abc123',
      newPassword: '123456',
    });
  });

  it("shows the server's message when the reset link expired", async () => {
    peer.on('POST /api/reset-password', { status: 400, body: { message: 'Ссылка устарела' } });
    renderApp(peer, '/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Новый пароль'), 'secret-1{Enter}');
    expect(await screen.findAllByText(/Ссылка устарела/)).not.toHaveLength(0);
  });

  it('confirms the e-mail once with the token of the link', async () => {
    peer.on('POST /api/confirm-email', { body: { ok: true } });
    renderApp(peer, '/confirm-email?token=tok');
    expect(await screen.findByText(/Почта подтверждена/)).toBeInTheDocument();
    const calls = apiCalls(peer).filter((r) => r.path === '/api/confirm-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'tok' });
  });
});
