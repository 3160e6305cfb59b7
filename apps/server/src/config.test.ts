import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings from the environment', () => {
  it('has the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
  });

  it('stops on a wrong value with one readable Russian line naming the setting', () => {
    const attempt = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('no error');
    };
    const port = attempt({ PORT: 'восемь' });
    expect(port).toMatch(/^Неверная настройка PORT="восемь": /);
    expect(port).not.toContain('\n');
    expect(attempt({ DATABASE_URL: 'mysql://x' })).toContain('ожидается адрес вида postgres://… или postgresql://…');
    expect(attempt({ LOG_LEVEL: 'loud' })).toMatch(/^Неверная настройка LOG_LEVEL/);
  });

  it('believes no X-Forwarded-For by default and reads TRUST_PROXY as a flag or proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/^Неверная настройка TRUST_PROXY="2"/);
    expect(() => loadConfig({ TRUST_PROXY: 'всем' })).toThrow(/^Неверная настройка TRUST_PROXY="всем"/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });
});
