import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, startTestServer, type TestServer } from './helpers/server';
import { linkFrom, recipients, type SmtpPeer, startSmtpPeer } from './helpers/smtp-peer';

let server: TestServer;
let smtp: SmtpPeer;
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.ru`;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Отклик <noreply@otklik.test>' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });
// Each test speaks from its own address so the rate limits of one test do not spill into another.
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('signup', () => {
  it('creates the account, signs it in and mails a confirmation link in Russian (text and HTML)', async () => {
    const address = email();
    const res = await post('/api/signup', { username: 'Анна', email: address, password: 'секрет1' }, from('10.0.0.1'));
    expect(res.statusCode).toBe(200);
    const { token } = json<{ token: string }>(res);
    expect(token).toMatch(/^[\w-]{32,}$/);

    const check = await server.app.inject({ url: '/api/check-auth', headers: bearer(token) });
    expect(check.statusCode).toBe(200);

    const mail = await smtp.waitFor(address);
    expect(mail.subject).toBe('Подтверждение почты в Отклике');
    expect(mail.text).toContain('Здравствуйте, Анна!');
    expect(mail.html).toContain('Подтвердить почту');
    const link = linkFrom(mail, '/confirm-email');
    expect(link.origin).toBe('http://localhost:3000');

    const confirm = await post('/api/confirm-email', { token: link.searchParams.get('token') }, from('10.0.0.1'));
    expect(confirm.statusCode).toBe(200);
    const profile = await server.app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(json(profile)).toMatchObject({ email: address, username: 'Анна', isEmailConfirmed: true });

    const again = await post('/api/confirm-email', { token: link.searchParams.get('token') }, from('10.0.0.1'));
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('Ссылка недействительна или устарела. Запросите новую.');
  });

  it('answers 409 with the spec text for an existing e-mail, whatever its letter case', async () => {
    const address = email();
    await post('/api/signup', { username: 'Иван', email: address, password: 'секрет1' }, from('10.0.0.2'));
    const res = await post(
      '/api/signup',
      { username: 'Иван', email: address.toUpperCase(), password: 'другой1' },
      from('10.0.0.2'),
    );
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ message: 'Пользователь с таким email уже существует' });
  });

  it('rejects a bad e-mail, a short password and a missing name with Russian messages', async () => {
    const ip = from('10.0.0.3');
    const badEmail = await post('/api/signup', { username: 'Оля', email: 'оля@', password: 'секрет1' }, ip);
    expect(badEmail.statusCode).toBe(400);
    expect(json(badEmail).message).toContain('Некорректная почта');

    const short = await post('/api/signup', { username: 'Оля', email: email(), password: '12345' }, ip);
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toContain('Пароль должен содержать не менее 6 символов');

    const missing = await post('/api/signup', { email: email(), password: '123456' }, ip);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe('Не заполнено поле «имя пользователя»');

    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json', ...ip },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).message).toMatch(/[а-я]/i);
  });

  it('is rate-limited with a Russian 429', async () => {
    const ip = from('10.0.0.4');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/signup', { username: 'Бот', email: 'не-почта', password: '1' }, ip);
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(json(res).message).toMatch(/^Слишком много запросов/);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('login, check-auth and logout', () => {
  it('logs in by e-mail and password, and logout revokes only that token', async () => {
    const ip = from('10.0.1.1');
    const address = email();
    const signup = json<{ token: string }>(
      await post('/api/signup', { username: 'Пётр', email: address, password: 'пароль-1' }, ip),
    );
    const login = await post('/api/login', { username: 'Пётр', email: address, password: 'пароль-1' }, ip);
    expect(login.statusCode).toBe(200);
    const { token } = json<{ token: string }>(login);
    expect(token).not.toBe(signup.token);

    expect((await post('/api/logout', {}, bearer(token))).statusCode).toBe(200);
    const after = await server.app.inject({ url: '/api/check-auth', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toMatch(/[а-я]/i);
    expect((await server.app.inject({ url: '/api/check-auth', headers: bearer(signup.token) })).statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown e-mail and a missing or forged token with 401', async () => {
    const ip = from('10.0.1.2');
    const address = email();
    await post('/api/signup', { username: 'Вера', email: address, password: 'пароль-1' }, ip);
    const wrong = await post('/api/login', { email: address, password: 'пароль-2' }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ message: 'Неверная почта или пароль' });
    const unknown = await post('/api/login', { email: email(), password: 'пароль-1' }, ip);
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual({ message: 'Неверная почта или пароль' });

    expect((await server.app.inject({ url: '/api/check-auth' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/check-auth', headers: bearer('forged') })).statusCode).toBe(401);
  });

  it('is rate-limited after 10 attempts a minute from one address', async () => {
    const ip = from('10.0.1.3');
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/api/login', { email: email(), password: 'x' }, ip)).statusCode;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await post('/api/login', { email: email(), password: 'x' }, from('10.0.1.4'))).statusCode).toBe(401);
  });

  it('counts attempts by the connection, not by a forged X-Forwarded-For, unless a proxy is trusted', async () => {
    const direct = await startTestServer({ TRUST_PROXY: undefined });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: email(), password: 'x' },
          headers: from(`10.0.2.${i + 1}`),
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('password reset', () => {
  async function account(ip: Record<string, string>) {
    const address = email();
    const { token } = json<{ token: string }>(
      await post('/api/signup', { username: 'Гоша', email: address, password: 'старый-1' }, ip),
    );
    return { address, token };
  }

  it('answers the same for known and unknown e-mails and mails only the known one', async () => {
    const ip = from('10.0.2.1');
    const { address } = await account(ip);
    const known = await post('/api/forgot-password', { email: address }, ip);
    const unknownAddress = email();
    const unknown = await post('/api/forgot-password', { email: unknownAddress }, ip);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await smtp.waitFor(address, (m) => m.subject === 'Восстановление пароля в Отклике');
    // Both requests returned, so any mail they meant to send is a queued job: once the queue is idle, it was sent.
    await server.app.ctx.queue.drain();
    expect(smtp.mails.flatMap(recipients)).not.toContain(unknownAddress);
  });

  it('sets a new password once through the mailed link, and ends every session', async () => {
    const ip = from('10.0.2.2');
    const { address, token } = await account(ip);
    await post('/api/forgot-password', { email: address }, ip);
    const mail = await smtp.waitFor(address, (m) => m.subject === 'Восстановление пароля в Отклике');
    expect(mail.text).toContain('30 минут');
    const link = linkFrom(mail, '/reset-password');
    const resetToken = link.searchParams.get('token');

    const reset = await post('/api/reset-password', { token: resetToken, newPassword: 'новый-12' }, ip);
    expect(reset.statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/check-auth', headers: bearer(token) })).statusCode).toBe(401);
    expect((await post('/api/login', { email: address, password: 'старый-1' }, ip)).statusCode).toBe(401);
    expect((await post('/api/login', { email: address, password: 'новый-12' }, ip)).statusCode).toBe(200);

    const reuse = await post('/api/reset-password', { token: resetToken, newPassword: 'третий-1' }, ip);
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).message).toBe('Ссылка недействительна или устарела. Запросите новую.');
  });

  it('makes every earlier reset link worthless once the password is set again', async () => {
    const ip = from('10.0.2.4');
    const { address, token } = await account(ip);
    const requestLink = async () => {
      const before = smtp.mails.length;
      await post('/api/forgot-password', { email: address }, ip);
      const mail = await smtp.waitFor(
        address,
        (m) => m.subject === 'Восстановление пароля в Отклике' && smtp.mails.indexOf(m) >= before,
      );
      return linkFrom(mail, '/reset-password').searchParams.get('token');
    };
    const first = await requestLink();
    const second = await requestLink();
    expect(first).not.toBe(second);
    expect((await post('/api/reset-password', { token: second, newPassword: 'новый-12' }, ip)).statusCode).toBe(200);
    const stale = await post('/api/reset-password', { token: first, newPassword: 'чужой-12' }, ip);
    expect(stale.statusCode).toBe(400);

    // A change of password in the profile ends pending links too.
    const third = await requestLink();
    const signedIn = json<{ token: string }>(await post('/api/login', { email: address, password: 'новый-12' }, ip));
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { oldPassword: 'новый-12', newPassword: 'третий-12' },
      headers: bearer(signedIn.token),
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/reset-password', { token: third, newPassword: 'чужой-12' }, ip)).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/api/check-auth', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses an expired reset link (older than 30 minutes)', async () => {
    const ip = from('10.0.2.3');
    const { address } = await account(ip);
    await post('/api/forgot-password', { email: address }, ip);
    const mail = await smtp.waitFor(address, (m) => m.subject === 'Восстановление пароля в Отклике');
    const resetToken = linkFrom(mail, '/reset-password').searchParams.get('token');
    await server.app.ctx.database.query(
      `update one_time_tokens set expires_at = now() - interval '1 second'
        where purpose = 'reset' and user_id = (select id from users where email = $1)`,
      [address],
    );
    const res = await post('/api/reset-password', { token: resetToken, newPassword: 'новый-12' }, ip);
    expect(res.statusCode).toBe(400);
    expect((await post('/api/login', { email: address, password: 'старый-1' }, ip)).statusCode).toBe(200);
  });

  it('rate-limits forgot-password', async () => {
    const ip = from('10.0.2.4');
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await post('/api/forgot-password', { email: email() }, ip)).statusCode;
    expect(last).toBe(429);
  });
});

describe('errors of the API as a whole', () => {
  it('answers unknown /api paths with 404 JSON in Russian', async () => {
    const res = await server.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toMatch(/[а-я]/i);
  });

  it('serves health and the OpenAPI document', async () => {
    expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(
      await server.app.inject({ url: '/api/docs/json' }),
    );
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/signup', '/api/login', '/api/user/profile']));
  });
});
