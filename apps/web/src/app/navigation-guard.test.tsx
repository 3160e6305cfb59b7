import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageActions } from '@/shared/api/session';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
afterEach(() => {
  peer.requests.length = 0;
  vi.restoreAllMocks();
});

const TOKEN = 'token-of-the-owner';

describe('navigation guard (spec §2.1)', () => {
  it('sends a signed-out visitor of a cabinet page to /login and remembers the page', async () => {
    const { router } = renderApp(peer, '/dashboard/profile?tab=1');
    expect(await screen.findByRole('heading', { name: 'Вход в Отклик' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('redirectPath')).toBe('/dashboard/profile?tab=1');
    // No token, nothing to restore: the server is not asked.
    expect(apiCalls(peer)).toHaveLength(0);
  });

  it('treats a stored token of "undefined" or "" as no token', async () => {
    for (const stored of ['undefined', '']) {
      localStorage.setItem('token', stored);
      const { router, unmount } = renderApp(peer, '/dashboard');
      await screen.findByRole('heading', { name: 'Вход в Отклик' });
      expect(router.state.location.pathname).toBe('/login');
      unmount();
    }
    expect(apiCalls(peer)).toHaveLength(0);
  });

  it('restores the session with GET /api/check-auth and the bearer token, then shows the cabinet', async () => {
    localStorage.setItem('token', TOKEN);
    peer.on('GET /api/check-auth', { body: { ok: true } });
    const { router } = renderApp(peer, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать в Отклик' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const checks = apiCalls(peer).filter((r) => r.path === '/api/check-auth');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const sidebar = screen.getByRole('navigation', { name: 'Навигация кабинета' });
    expect(within(sidebar).getByRole('link', { name: 'Мои ассистенты' })).toHaveAttribute(
      'href',
      '/dashboard/assistants',
    );
  });

  it('asks the server once: later navigations of a known session go straight through', async () => {
    localStorage.setItem('token', TOKEN);
    peer.on('GET /api/check-auth', { body: { ok: true } });
    const { router } = renderApp(peer, '/dashboard');
    await screen.findByRole('heading', { name: 'Добро пожаловать в Отклик' });
    await router.navigate('/dashboard/statistic');
    expect(await screen.findByRole('heading', { name: 'Статистика за текущий месяц' })).toBeInTheDocument();
    expect(apiCalls(peer).filter((r) => r.path === '/api/check-auth')).toHaveLength(1);
    expect(sessionStorage.getItem('redirectPath')).toBe('/dashboard/statistic');
  });

  it('does not remember login, signup and forgot-password', async () => {
    const { router } = renderApp(peer, '/blog');
    await screen.findByRole('heading', { level: 1 });
    expect(sessionStorage.getItem('redirectPath')).toBe('/blog');
    for (const path of ['/login', '/signup', '/forgot-password']) {
      await router.navigate(path);
      expect(sessionStorage.getItem('redirectPath')).toBe('/blog');
    }
  });

  it('scrolls to the top on each navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp(peer, '/login');
    await screen.findByRole('heading', { name: 'Вход в Отклик' });
    scrollTo.mockClear();
    await router.navigate('/signup');
    await screen.findByRole('heading', { name: 'Создайте аккаунт' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("shows 'Страница не найдена' on an unknown path", async () => {
    renderApp(peer, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('after a login goes to the remembered path', async () => {
    peer.on('POST /api/login', { body: { token: TOKEN } });
    const { router } = renderApp(peer, '/dashboard/profile');
    peer.on('GET /api/user/profile', {
      body: { id: 'u1', username: 'Анна', email: 'anna@example.ru', isAllowedNotify: true, isEmailConfirmed: false },
    });
    await screen.findByRole('heading', { name: 'Вход в Отклик' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret-1');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(await screen.findByText('Успешный вход')).toBeInTheDocument();
  });
});

describe('401 handling (spec §4)', () => {
  it('on a 401 warns, logs out in every tab and reloads', async () => {
    localStorage.setItem('token', TOKEN);
    peer.on('GET /api/check-auth', { status: 401, body: { message: 'Требуется вход' } });
    const reload = vi.spyOn(pageActions, 'reload').mockImplementation(() => {});
    const otherTab = new BroadcastChannel('otklik-auth');
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    renderApp(peer, '/dashboard');
    expect(await screen.findByText('Требуется переавторизация')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(heard).toContainEqual({ type: 'logout' }));
    // The warning is kept for the page that the reload brings up.
    expect(sessionStorage.getItem('pending-alert')).toContain('Требуется переавторизация');
    otherTab.close();
  });

  it('on /login a 401 only clears the signed-in state', async () => {
    localStorage.setItem('token', 'stale');
    peer.on('GET /api/check-auth', { body: { ok: true } });
    peer.on('POST /api/login', { status: 401, body: { message: 'Неверная почта или пароль' } });
    const reload = vi.spyOn(pageActions, 'reload').mockImplementation(() => {});
    renderApp(peer, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Электронная почта'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Ошибка входа')).toBeInTheDocument();
    expect(screen.getByText('Неверная почта или пароль')).toBeInTheDocument();
    expect(screen.queryByText('Требуется переавторизация')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reacts to another tab: a login re-reads the token, a logout signs out', async () => {
    peer.on('GET /api/check-auth', { body: { ok: true } });
    renderApp(peer, '/blog');
    expect(await screen.findByRole('link', { name: 'Войти' })).toBeInTheDocument();
    const otherTab = new BroadcastChannel('otklik-auth');
    localStorage.setItem('token', TOKEN);
    otherTab.postMessage({ type: 'login' });
    expect(await screen.findByRole('link', { name: 'Мой кабинет' })).toHaveAttribute('href', '/dashboard/assistants');
    localStorage.removeItem('token');
    otherTab.postMessage({ type: 'logout' });
    expect(await screen.findByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    otherTab.close();
  });
});
