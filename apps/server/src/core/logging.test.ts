import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { maskTokens, secretScrubber } from './logging';

const scrub = secretScrubber(
  loadConfig({
    OPENAI_API_KEY: 'AQVNyandexKey-123456',
    DATABASE_URL: 'postgres://otklik:p%40ss-w0rd@db:5432/otklik',
    SMTP_URL: 'smtps://mailer:smtp-secret-9@smtp.example.ru',
  } as NodeJS.ProcessEnv),
);

describe('the log scrubber', () => {
  it('hides credential fields wherever they sit in a line', () => {
    const line = JSON.stringify({
      busboyOptions: { headers: { authorization: 'Bearer abc.def', 'content-type': 'multipart/form-data' } },
      body: { email: 'a@b.ru', password: 'Пароль "с кавычкой"', newPassword: 'x', telegramToken: 'y' },
    });
    const out = scrub(line);
    expect(JSON.parse(out)).toEqual({
      busboyOptions: { headers: { authorization: '***', 'content-type': 'multipart/form-data' } },
      body: { email: 'a@b.ru', password: '***', newPassword: '***', telegramToken: '***' },
    });
  });

  it('hides bearer credentials and bot tokens inside any text, and the configured secrets', () => {
    const out = scrub(
      JSON.stringify({
        msg: 'GET https://api.telegram.org/bot7123456789:AAFkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk/getMe failed; Authorization: Bearer s3cr3t-token-value',
        err: 'auth AQVNyandexKey-123456 refused by p@ss-w0rd and smtp-secret-9',
      }),
    );
    expect(out).not.toMatch(/7123456789:AAF|s3cr3t-token-value|AQVNyandexKey|p@ss-w0rd|smtp-secret-9/);
    expect(out).toContain('/bot***/getMe');
    expect(out).toContain('Bearer ***');
  });

  it('masks tokens in logged URLs', () => {
    expect(maskTokens('/api/public/assistants/a/events?token=abc&x=1')).toBe(
      '/api/public/assistants/a/events?token=***&x=1',
    );
    expect(maskTokens('/telegram/123:AAx/assistant/a')).toBe('/telegram/***/assistant/a');
  });
});
