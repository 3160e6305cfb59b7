import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { renderApp } from '@/test/render-app';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
  peer.on('GET /api/check-auth', { body: { ok: true } });
});
afterAll(() => peer.close());
afterEach(() => {
  peer.requests.length = 0;
  window.happyDOM.setViewport({ width: 1024, height: 768 });
});

describe('dashboard layout (spec §2.2)', () => {
  it('collapses with its first item, keeps the state under sidebar-collapsed and restores it', async () => {
    localStorage.setItem('token', 't');
    const first = renderApp(peer, '/dashboard');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Навигация кабинета' });
    const items = within(nav).getAllByRole('listitem');
    const toggle = within(items[0] as HTMLElement).getByRole('button', { name: 'Свернуть меню' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true');
    first.unmount();

    renderApp(peer, '/dashboard');
    const restored = await screen.findByRole('button', { name: 'Развернуть меню' });
    expect(restored).toHaveAttribute('aria-expanded', 'false');
    // Collapsed items keep their names for assistive technology.
    expect(screen.getByRole('link', { name: 'Статистика' })).toHaveAttribute('href', '/dashboard/statistic');
  });

  it("shows 'Оплата' disabled, not as a link", async () => {
    localStorage.setItem('token', 't');
    renderApp(peer, '/dashboard/profile');
    const nav = await screen.findByRole('navigation', { name: 'Навигация кабинета' });
    expect(within(nav).queryByRole('link', { name: /Оплата/ })).not.toBeInTheDocument();
    expect(within(nav).getByText('Оплата').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Профиль' })).toHaveAttribute('aria-current', 'page');
  });

  it('turns the sidebar into a drawer behind a menu button at 1000 px and less', async () => {
    window.happyDOM.setViewport({ width: 1000, height: 800 });
    localStorage.setItem('token', 't');
    renderApp(peer, '/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Добро пожаловать в Отклик' });
    expect(screen.queryByRole('navigation', { name: 'Навигация кабинета' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Открыть меню' }));
    const nav = screen.getByRole('navigation', { name: 'Навигация кабинета' });
    await user.click(within(nav).getByRole('link', { name: 'Профиль' }));
    await screen.findByRole('heading', { name: 'Профиль' });
    // The drawer closes in an effect after the new page commits.
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Навигация кабинета' })).not.toBeInTheDocument(),
    );
  });
});

describe('public layout (spec §2.2)', () => {
  it('has the logo, the blog and partnership links, the login button and the footer contacts', async () => {
    renderApp(peer, '/blog');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Отклик — на главную' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Блог' })).toHaveAttribute('href', '/blog');
    expect(within(header).getByRole('link', { name: 'Партнёрам' })).toHaveAttribute('href', '/partnership');
    expect(within(header).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    const footer = screen.getByRole('contentinfo');
    const bot = within(footer).getByRole('link', { name: 'Бот поддержки в Telegram' });
    expect(bot).toHaveAttribute('href', 'https://t.me/otklik_support_bot');
    expect(bot).toHaveAttribute('target', '_blank');
    expect(within(footer).getByRole('link', { name: 'support@otklik.ru' })).toHaveAttribute(
      'href',
      'mailto:support@otklik.ru',
    );
    expect(within(footer).getByText('@otklik_support_bot')).toBeInTheDocument();
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} Отклик`))).toBeInTheDocument();
  });

  it('hides the links behind a menu button on a phone', async () => {
    window.happyDOM.setViewport({ width: 390, height: 800 });
    renderApp(peer, '/login');
    const user = userEvent.setup();
    const burger = await screen.findByRole('button', { name: 'Открыть меню' });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Блог' })).not.toBeInTheDocument();
    await user.click(burger);
    expect(within(header).getByRole('link', { name: 'Блог' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
  });
});
