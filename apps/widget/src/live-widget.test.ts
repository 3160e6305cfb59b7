import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { click, type Mounted, mount, typeText } from './test-utils';
import { ASSISTANT_ID, PUBLIC_DESIGN, startVisitorServer, type VisitorServer } from './test-visitor-server';
import { storageKey } from './visitor-credentials';

let server: VisitorServer;
let w: Mounted | null = null;

beforeEach(async () => {
  server = await startVisitorServer();
  localStorage.clear();
});
afterEach(async () => {
  w?.handle.destroy();
  w?.host.remove();
  w = null;
  await server.close();
});

const mountLive = () => {
  w = mount({ mode: 'live', assistantId: ASSISTANT_ID, apiBase: server.url, design: PUBLIC_DESIGN });
  return w;
};

async function until(check: () => unknown, what: string, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const texts = (m: Mounted, sel: string) => m.$$(sel).map((b) => b.textContent?.replace(/^Вы: /, ''));

describe('the live widget talking to the visitor API', () => {
  test('asks, streams a markdown answer, gets operator messages and the phone request, and restores on reload', async () => {
    const m = mountLive();
    expect(m.$('.root')?.classList.contains('floating')).toBe(true);
    expect(m.$('[role="dialog"]')).toBeNull();
    expect(server.tokens.size).toBe(0);
    // relative asset URLs resolve against the API, not the customer's page
    click(m.byLabel('Открыть чат'));
    expect(m.$('.head img')?.getAttribute('src')).toBe(`${server.url}/avatars/avatar1.svg`);

    click(m.byLabel('Сколько стоит доставка?'));
    await until(() => m.$('.from-bot strong'), 'the streamed answer');
    expect(m.$('.from-bot strong')?.textContent).toBe('300\u00a0₽');
    await until(() => !m.$('[aria-busy="true"]'), 'the stored message');
    expect(server.sent).toEqual(['Сколько стоит доставка?']);
    expect(localStorage.getItem(storageKey(ASSISTANT_ID))).toContain('tok-');

    await until(() => server.streams() === 1, 'the event stream');
    server.push({
      type: 'message',
      message: {
        id: 'op-1',
        role: 'assistant',
        content: 'Здравствуйте, я оператор Мария.',
        createdAt: new Date().toISOString(),
      },
    });
    await until(() => texts(m, '.from-bot').includes('Здравствуйте, я оператор Мария.'), 'the operator message');

    server.push({ type: 'phone-request' });
    await until(() => m.$('.phone-form'), 'the phone form');
    const phone = m.$<HTMLInputElement>('input[type="tel"]') as HTMLInputElement;
    typeText(phone, '123');
    click(m.byLabel('Отправить'));
    expect(m.$('.phone-error')?.textContent).toBe('Некорректный телефон');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    typeText(phone, '8 900 123-45-67');
    click(m.$('.phone-send') as Element);
    await until(() => m.$('.phone-done'), 'the thanks');
    expect(server.phones).toEqual(['8 900 123-45-67']);

    // closed window: a new operator message shows as unread on the launcher
    click(m.$('.close') as Element);
    server.push({
      type: 'message',
      message: { id: 'op-2', role: 'assistant', content: 'Вы здесь?', createdAt: new Date().toISOString() },
    });
    await until(() => m.$('.badge'), 'the unread badge');
    expect(m.$('.badge')?.textContent).toBe('1');
    click(m.byLabel('Открыть чат'));
    expect(m.$('.badge')).toBeNull();

    // reload: the same visitor, the history back, no question chips
    w?.handle.destroy();
    w?.host.remove();
    const again = mountLive();
    click(again.byLabel('Открыть чат'));
    await until(() => again.$$('.from-user').length === 1, 'the restored history');
    expect(texts(again, '.bubble')).toEqual([
      'Здравствуйте, чем могу помочь?',
      'Сколько стоит доставка?',
      'Доставка стоит 300\u00a0₽.',
    ]);
    await until(() => !again.$('.chips'), 'the chips to leave');
    expect(server.tokens.size).toBe(1);
  });

  test('shows the server text when a message is refused, and sends attachments', async () => {
    const m = mountLive();
    click(m.byLabel('Открыть чат'));
    server.next = { kind: 'refuse', status: 429, message: 'Слишком много сообщений. Подождите минуту.' };
    const input = m.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    typeText(input, 'Привет');
    click(m.byLabel('Отправить'));
    await until(() => m.$('.failed'), 'the error bubble');
    expect(m.$('.failed')?.textContent).toBe('Слишком много сообщений. Подождите минуту.');

    const file = new File(['%PDF-1.4'], 'price.pdf', { type: 'application/pdf' });
    const picker = m.$<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(picker, 'files', { value: [file], configurable: true });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => m.$('.from-user a'), 'the attachment message');
    expect(server.files).toEqual([{ name: 'price.pdf', size: 8 }]);
    expect(m.$('.from-user a')?.getAttribute('href')).toBe('https://files.example/price.pdf');
  });
});
