import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from './helpers/factories';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { linkFrom, type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';
import { createAssistant, upload } from './knowledge-helpers';
import { newVisitor, send } from './visitor-helpers';

let server: TestServer;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('profile', () => {
  it('reads and updates the profile; a new e-mail must be confirmed again', async () => {
    const owner = await createOwner(server.app, { username: 'Мария' });
    const confirmMail = await smtp.waitFor(owner.email);
    await server.app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      payload: { token: linkFrom(confirmMail, '/confirm-email').searchParams.get('token') },
    });
    const before = json(await call('GET', '/api/user/profile', owner.token));
    expect(before).toEqual({
      id: owner.userId,
      username: 'Мария',
      email: owner.email,
      // Alerts are on for a new account (the master switch of the notifications).
      isAllowedNotify: true,
      isEmailConfirmed: true,
    });

    const same = await call('PUT', '/api/user/profile', owner.token, {
      username: 'Мария Петровна',
      email: owner.email,
      isAllowedNotify: false,
    });
    expect(json(same)).toMatchObject({ username: 'Мария Петровна', isAllowedNotify: false, isEmailConfirmed: true });

    const newEmail = `new-${owner.email}`;
    const changed = await call('PUT', '/api/user/profile', owner.token, {
      username: 'Мария Петровна',
      email: newEmail,
      isAllowedNotify: true,
    });
    expect(json(changed)).toMatchObject({ email: newEmail, isEmailConfirmed: false });

    // The old confirmation link no longer confirms anything: it was for the old address.
    expect((await call('POST', '/api/user/send-confirmation', owner.token)).statusCode).toBe(200);
    const mail = await smtp.waitFor(newEmail);
    const token = linkFrom(mail, '/confirm-email').searchParams.get('token');
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/confirm-email', payload: { token } })).statusCode,
    ).toBe(200);
    expect(json(await call('GET', '/api/user/profile', owner.token))).toMatchObject({ isEmailConfirmed: true });
    const again = await call('POST', '/api/user/send-confirmation', owner.token);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ message: 'Почта уже подтверждена' });
  });

  it('refuses an e-mail that belongs to another account with 409, and bad fields with 400', async () => {
    const a = await createOwner(server.app);
    const b = await createOwner(server.app);
    const taken = await call('PUT', '/api/user/profile', a.token, {
      username: 'А',
      email: b.email.toUpperCase(),
      isAllowedNotify: false,
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toEqual({ message: 'Пользователь с таким email уже существует' });
    const bad = await call('PUT', '/api/user/profile', a.token, { username: 'А', email: 'плохая', isAllowedNotify: 1 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/[а-я]/i);
    expect(json(await call('GET', '/api/user/profile', a.token))).toMatchObject({ email: a.email });
  });

  it('toggles notifications', async () => {
    const owner = await createOwner(server.app);
    const on = await call('PATCH', '/api/user/notify', owner.token, { isAllowedNotify: true });
    expect(json(on)).toMatchObject({ isAllowedNotify: true });
    const off = await call('PATCH', '/api/user/notify', owner.token, { isAllowedNotify: false });
    expect(json(off)).toMatchObject({ isAllowedNotify: false });
  });

  it('requires a token for every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/profile'],
      ['PUT', '/api/user/profile'],
      ['PATCH', '/api/user/notify'],
      ['POST', '/api/user/change-password'],
      ['POST', '/api/user/send-confirmation'],
      ['DELETE', '/api/user'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(json(res).message).toMatch(/[а-я]/i);
    }
  });
});

describe('change password', () => {
  it('checks the old password, ends every session and gives this one a new token', async () => {
    const owner = await createOwner(server.app, { password: 'старый-1' });
    const other = json<{ token: string }>(
      await server.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: owner.email, password: 'старый-1' },
        headers: { 'x-forwarded-for': '10.9.0.1' },
      }),
    ).token;

    const wrong = await call('POST', '/api/user/change-password', owner.token, {
      oldPassword: 'не-тот',
      newPassword: 'новый-12',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ message: 'Неверный текущий пароль' });

    const short = await call('POST', '/api/user/change-password', owner.token, {
      oldPassword: 'старый-1',
      newPassword: '123',
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toContain('Пароль должен содержать не менее 6 символов');

    const ok = await call('POST', '/api/user/change-password', owner.token, {
      oldPassword: 'старый-1',
      newPassword: 'новый-12',
    });
    expect(ok.statusCode).toBe(200);
    const { token } = json<{ ok: true; token: string }>(ok);
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect((await call('GET', '/api/check-auth', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/check-auth', owner.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/check-auth', other)).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'новый-12' },
      headers: { 'x-forwarded-for': '10.9.0.1' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('delete account', () => {
  it('deletes the account with its data and revokes its tokens; others are untouched', async () => {
    const owner = await createOwner(server.app);
    const bystander = await createOwner(server.app);
    await server.app.ctx.storage.put(`owners/${owner.userId}/probe.txt`, Buffer.from('данные'));
    await server.app.ctx.storage.put(`owners/${bystander.userId}/probe.txt`, Buffer.from('данные'));

    expect((await call('DELETE', '/api/user', owner.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/check-auth', owner.token)).statusCode).toBe(401);
    const rows = await server.app.ctx.database.query('select count(*)::int as n from users where id = $1', [
      owner.userId,
    ]);
    expect(rows[0]).toEqual({ n: 0 });
    const tokens = await server.app.ctx.database.query(
      'select count(*)::int as n from auth_tokens where user_id = $1',
      [owner.userId],
    );
    expect(tokens[0]).toEqual({ n: 0 });
    const readAll = async (key: string) => Buffer.concat(await server.app.ctx.storage.read(key).toArray()).toString();
    await expect(readAll(`owners/${owner.userId}/probe.txt`)).rejects.toThrow();
    expect(await readAll(`owners/${bystander.userId}/probe.txt`)).toBe('данные');
    expect((await call('GET', '/api/check-auth', bystander.token)).statusCode).toBe(200);

    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: owner.password },
      headers: { 'x-forwarded-for': '10.9.0.2' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('deletes an owner with an assistant, its widget, knowledge files and a conversation', async () => {
    const owner = await createOwner(server.app);
    const bystander = await createOwner(server.app);
    const assistantId = await createAssistant(server.app, owner.userId, 'Пекарня');
    const file = await upload(
      server.app,
      owner.token,
      assistantId,
      'цены.txt',
      Buffer.from('Батон стоит 65 рублей, круассан стоит 120 рублей.'),
    );
    expect(file.statusCode, file.body).toBe(200);
    await server.app.ctx.queue.drain();
    const visitor = await newVisitor(server.app, assistantId);
    expect((await send(server.app, assistantId, visitor.visitorToken, 'Сколько стоит круассан?')).status).toBe(200);
    const kept = await createAssistant(server.app, bystander.userId, 'Чужой');

    const count = async (table: string, column: string, id: string) =>
      (
        await server.app.ctx.database.query<{ n: number }>(
          `select count(*)::int as n from ${table} where ${column} = $1`,
          [id],
        )
      )[0]?.n;
    // Everything the test is about exists before the deletion.
    expect(await count('widgets', 'user_id', owner.userId)).toBe(1);
    expect(await count('knowledge_files', 'assistant_id', assistantId)).toBe(1);
    expect(await count('knowledge_chunks', 'assistant_id', assistantId)).toBeGreaterThan(0);
    expect(await count('visitors', 'assistant_id', assistantId)).toBe(1);
    expect(await count('messages', 'assistant_id', assistantId)).toBeGreaterThan(0);

    const res = await call('DELETE', '/api/user', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('users', 'id', owner.userId)).toBe(0);
    expect(await count('assistants', 'user_id', owner.userId)).toBe(0);
    expect(await count('widgets', 'user_id', owner.userId)).toBe(0);
    for (const table of ['knowledge_files', 'knowledge_chunks', 'visitors', 'messages'])
      expect([table, await count(table, 'assistant_id', assistantId)]).toEqual([table, 0]);
    expect(existsSync(path.join(server.config.dataDir, 'files', 'owners', owner.userId))).toBe(false);
    expect(await count('assistants', 'id', kept)).toBe(1);
  });
});
