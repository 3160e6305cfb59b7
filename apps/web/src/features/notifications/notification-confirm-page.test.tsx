import { NOTIFICATION_TEXTS } from '@otklik/contract';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiPeer, startApiPeer } from '@/test/api-peer';
import { apiCalls, renderApp } from '@/test/render-app';

const CONFIRM = '/api/notification/confirm';

let peer: ApiPeer;
beforeAll(async () => {
  peer = await startApiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.on('GET /api/check-auth', { status: 401, body: { message: 'Требуется авторизация' } });
});
afterEach(() => {
  peer.requests.length = 0;
});

const confirmCalls = () => apiCalls(peer).filter((r) => r.path === CONFIRM);

describe('the link of the notification e-mail confirmation mail (/notification/confirm)', () => {
  it('posts the token once, signed out, showing the wait and then the success with a way to the cabinet', async () => {
    peer.on(`POST ${CONFIRM}`, { delayMs: 150, body: { message: NOTIFICATION_TEXTS.confirmed } });
    renderApp(peer, '/notification/confirm?token=abc_DEF-123');
    expect(await screen.findByText('Подтверждаем адрес…', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('Адрес подтверждён: уведомления на почту можно включить.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Подтверждение почты для уведомлений' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в кабинет' })).toHaveAttribute('href', '/dashboard/assistants');
    const calls = confirmCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ token: 'abc_DEF-123' });
    // A single-use link is not a place to come back to after a login.
    expect(sessionStorage.getItem('redirectPath')).toBeNull();
  }, 15_000);

  it("shows the server's text when the link no longer works", async () => {
    peer.on(`POST ${CONFIRM}`, { status: 400, body: { message: NOTIFICATION_TEXTS.confirmInvalid } });
    localStorage.setItem('token', 'owner-token');
    peer.on('GET /api/check-auth', { body: { ok: true } });
    renderApp(peer, '/notification/confirm?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_TEXTS.confirmInvalid);
    expect(screen.getByRole('link', { name: 'Перейти в кабинет' })).toBeInTheDocument();
    expect(confirmCalls()).toHaveLength(1);
  });

  it('says the link is incomplete when it has no token, making no call', async () => {
    renderApp(peer, '/notification/confirm');
    expect(await screen.findByText(/Ссылка подтверждения неполная/)).toBeInTheDocument();
    expect(confirmCalls()).toHaveLength(0);
  });
});
