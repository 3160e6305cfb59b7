import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHIPS_DELAY_MS, CHIPS_SLIDE_MS } from './components/suggested-questions';
import { click, DESIGN, type Mounted, mount, pointerDown, press, run, tick, typeText } from './test-utils';
import { EMOJI } from './texts';
import { DEFAULT_DEMO, DEMO_FIRST_MS, DEMO_RESTART_MS, DEMO_STEP_MS } from './use-demo';

let w: Mounted | null = null;
const open = (config = {}) => {
  w = mount(config);
  return w;
};
afterEach(() => {
  run(() => w?.handle.destroy());
  w?.host.remove();
  w = null;
  vi.useRealTimers();
});

const input = (m: Mounted) => m.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
const bubbles = (m: Mounted) => m.$$('.bubble:not(.typing)').map((b) => b.textContent?.replace(/^Вы: /, ''));

describe('design', () => {
  test('renders the owner design: name, role, greeting, avatar, pattern, brand line, chips, attachment', () => {
    const m = open();
    expect(m.$('.bot-name')?.textContent).toBe('Артем');
    expect(m.$('.bot-role')?.textContent).toBe('Консультант');
    expect(bubbles(m)).toEqual(['Здравствуйте, чем могу помочь?']);
    expect(m.$<HTMLImageElement>('.head img')?.getAttribute('src')).toBe('http://localhost:3000/avatars/avatar3.svg');
    const pattern = m.$('[data-testid="pattern"]') as HTMLElement;
    expect(pattern.style.backgroundImage).toContain('http://localhost:3000/api/widget/patterns/dots/data');
    expect(pattern.style.opacity).toBe('0.4');
    expect(pattern.style.transform).toBe('scale(1.5)');
    expect(m.$('.brand')?.textContent).toBe('Работает на «Отклик»');
    expect(m.$$('.chip').map((c) => c.textContent)).toEqual(['Здравствуйте', 'Сколько стоит доставка?']);
    expect(m.byLabel('Прикрепить файл')).toBeTruthy();
    // preview: window open, inline
    expect(m.$('.root')?.classList.contains('inline')).toBe(true);
    expect(m.$('[role="dialog"]')).not.toBeNull();
  });

  test('derives the text colours from the surfaces and ignores stale stored ones', () => {
    const m = open({
      design: {
        ...DESIGN,
        backgroundColor: '#1F2430',
        messageColor: '#FFF4CC',
        headerTextColor: '#000000',
        messageTextColor: '#ffffff',
      },
    });
    const style = (m.$('.root') as HTMLElement).style;
    expect(style.getPropertyValue('--bg')).toBe('#1F2430');
    expect(style.getPropertyValue('--on-bg')).toBe('#ffffff');
    expect(style.getPropertyValue('--msg')).toBe('#FFF4CC');
    expect(style.getPropertyValue('--on-msg')).toBe('#000000');
    expect(style.getPropertyValue('--accent')).toBe('#1d4ed8');
    expect(style.getPropertyValue('--on-accent')).toBe('#ffffff');
    expect(style.getPropertyValue('--bottom')).toBe('40px');
  });

  test('hides the brand line, the attachment button and the pattern when the design says so', () => {
    const m = open({
      design: { ...DESIGN, brandLogoVisible: false, allowFileAttachment: false, headerPatternUrl: null },
    });
    expect(m.$('.brand')).toBeNull();
    expect(m.$('[aria-label="Прикрепить файл"]')).toBeNull();
    expect(m.$('[data-testid="pattern"]')).toBeNull();
  });

  test('shows the initial of the bot when there is no avatar, and refuses javascript: picture URLs', () => {
    const m = open({
      design: { ...DESIGN, avatarUrl: 'javascript:alert(1)', headerPatternUrl: 'javascript:alert(1)' },
    });
    expect(m.$('.head img')).toBeNull();
    expect(m.$('.avatar-letter')?.textContent).toBe('А');
    expect(m.$('[data-testid="pattern"]')).toBeNull();
  });

  test('update() re-renders with the new design at once and destroy() removes everything', () => {
    const m = open();
    run(() => m.handle.update({ mode: 'preview', design: { ...DESIGN, botName: 'Мария', greeting: 'Добрый день!' } }));
    expect(m.$('.bot-name')?.textContent).toBe('Мария');
    expect(bubbles(m)).toEqual(['Добрый день!']);
    run(() => m.handle.destroy());
    expect(m.root.childNodes).toHaveLength(0);
  });

  test('fills missing design fields with the defaults of spec §3', () => {
    const m = open({ design: { botName: 'Бот' } as never });
    expect(m.$('.bot-role')?.textContent).toBe('Онлайн');
    expect(bubbles(m)).toEqual(['Привет! Как я могу помочь?']);
    expect(m.$$('.chip').map((c) => c.textContent)).toEqual([
      'Здравствуйте',
      'Добрый день! У меня вопрос',
      'Мне нужна помощь',
    ]);
  });
});

describe('suggested questions', () => {
  beforeEach(() => vi.useFakeTimers());

  test('picking one sends it and the chips slide out 0.5 s later', () => {
    const m = open();
    click(m.byLabel('Сколько стоит доставка?'));
    expect(bubbles(m)).toContain('Сколько стоит доставка?');
    tick(CHIPS_DELAY_MS - 1);
    expect(m.$('.chips')?.classList.contains('leaving')).toBe(false);
    tick(1);
    expect(m.$('.chips')?.classList.contains('leaving')).toBe(true);
    expect(m.$('.chips')?.getAttribute('aria-hidden')).toBe('true');
    tick(CHIPS_SLIDE_MS);
    expect(m.$('.chips')).toBeNull();
  });

  test('typing makes them leave 0.5 s later too; blank input does not', () => {
    const m = open();
    typeText(input(m), '   ');
    tick(2000);
    expect(m.$('.chips')).not.toBeNull();
    typeText(input(m), 'Д');
    tick(CHIPS_DELAY_MS - 1);
    expect(m.$('.chips.leaving')).toBeNull();
    tick(1 + CHIPS_SLIDE_MS);
    expect(m.$('.chips')).toBeNull();
  });

  test('come back in the preview when the owner edits them', () => {
    const m = open();
    click(m.byLabel('Здравствуйте'));
    tick(5000);
    expect(m.$('.chips')).toBeNull();
    run(() => m.handle.update({ mode: 'preview', design: { ...DESIGN, predefinedQuestions: ['Новый вопрос'] } }));
    expect(m.$$('.chip').map((c) => c.textContent)).toEqual(['Новый вопрос']);
    expect(bubbles(m)).toEqual(['Здравствуйте, чем могу помочь?']);
  });
});

describe('input', () => {
  beforeEach(() => vi.useFakeTimers());

  test('Enter sends, Shift+Enter does not, and the preview echoes an answer locally', () => {
    const m = open();
    typeText(input(m), 'Первая строка');
    press(input(m), 'Enter', { shiftKey: true });
    expect(bubbles(m)).toHaveLength(1);
    press(input(m), 'Enter');
    expect(bubbles(m)).toEqual(['Здравствуйте, чем могу помочь?', 'Первая строка']);
    expect(input(m).value).toBe('');
    expect(m.$('.typing')).not.toBeNull();
    tick(1000);
    expect(m.$('.typing')).toBeNull();
    expect(m.$$('.from-bot')).toHaveLength(2);
  });

  test('the send button is disabled for an empty message', () => {
    const m = open();
    const send = m.byLabel('Отправить');
    expect(send.disabled).toBe(true);
    typeText(input(m), 'Привет');
    expect(send.disabled).toBe(false);
  });
});

describe('emoji panel', () => {
  test('holds 20 emoji, toggles, and inserts the picked one into the message', () => {
    const m = open();
    const toggle = m.byLabel('Эмодзи');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const emoji = m.$$('.emoji-panel button');
    expect(emoji).toHaveLength(20);
    expect(EMOJI).toHaveLength(20);
    typeText(input(m), 'Спасибо ');
    click(toggle);
    click(m.byLabel('👍'));
    expect(input(m).value).toBe('Спасибо 👍');
    // picking is not typing: the panel stays for another pick
    expect(m.$('.emoji-panel')).not.toBeNull();
    click(toggle);
    expect(m.$('.emoji-panel')).toBeNull();
  });

  test('closes on a click outside, not on a click inside', () => {
    const m = open();
    click(m.byLabel('Эмодзи'));
    pointerDown(m.$('.emoji-panel') as Element);
    expect(m.$('.emoji-panel')).not.toBeNull();
    pointerDown(m.$('.body') as Element);
    expect(m.$('.emoji-panel')).toBeNull();
    click(m.byLabel('Эмодзи'));
    pointerDown(document.body);
    expect(m.$('.emoji-panel')).toBeNull();
  });

  test('closes when the visitor types, and on Escape without closing the window', () => {
    const m = open();
    click(m.byLabel('Эмодзи'));
    typeText(input(m), 'a');
    expect(m.$('.emoji-panel')).toBeNull();
    click(m.byLabel('Эмодзи'));
    press(m.$('.emoji-panel button') as Element, 'Escape');
    expect(m.$('.emoji-panel')).toBeNull();
    expect(m.$('[role="dialog"]')).not.toBeNull();
  });
});

describe('window and keyboard', () => {
  test('the floating launcher opens the window, Escape closes it and focus returns to the launcher', () => {
    const m = open({ mode: 'live', assistantId: 'a1', inline: false, bottomMargin: 100, storage: new Map() as never });
    expect(m.$('.root')?.classList.contains('floating')).toBe(true);
    expect((m.$('.root') as HTMLElement).style.getPropertyValue('--bottom')).toBe('100px');
    expect(m.$('[role="dialog"]')).toBeNull();
    const launcher = m.byLabel('Открыть чат');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    click(launcher);
    const dialog = m.$('[role="dialog"]') as HTMLElement;
    expect(dialog).not.toBeNull();
    expect(m.root.getElementById(dialog.getAttribute('aria-labelledby') as string)?.textContent).toBe('Артем');
    expect(launcher.getAttribute('aria-label')).toBe('Закрыть чат');
    expect(m.root.activeElement).toBe(input(m));
    press(input(m), 'Escape');
    expect(m.$('[role="dialog"]')).toBeNull();
    expect(m.root.activeElement).toBe(launcher);
  });

  test('the header close button closes the window', () => {
    const m = open();
    click(m.$('.close') as Element);
    expect(m.$('[role="dialog"]')).toBeNull();
    expect(m.byLabel('Открыть чат')).toBeTruthy();
  });

  test('the message list is a polite live region and the user is announced', () => {
    const m = open();
    const log = m.$('[role="log"]') as HTMLElement;
    expect(log.getAttribute('aria-live')).toBe('polite');
    typeText(input(m), 'Вопрос');
    press(input(m), 'Enter');
    expect(m.$('.from-user')?.textContent).toBe('Вы: Вопрос');
  });
});

describe('demo', () => {
  test('shows the scripted messages at 0.5 s + 2 s per step and restarts 3 s after the last', () => {
    vi.useFakeTimers();
    const m = open({ mode: 'demo' });
    const count = () => m.$$('.bubble:not(.typing)').length - 1;
    expect(count()).toBe(0);
    tick(DEMO_FIRST_MS);
    expect(count()).toBe(1);
    expect(bubbles(m)[1]).toBe(DEFAULT_DEMO[0]?.content);
    tick(DEMO_STEP_MS - 1);
    expect(count()).toBe(1);
    // the assistant is "typing" before its message
    expect(m.$('.typing')).not.toBeNull();
    tick(1);
    expect(count()).toBe(2);
    tick(DEMO_STEP_MS * 2);
    expect(count()).toBe(4);
    tick(DEMO_RESTART_MS - 1);
    expect(count()).toBe(4);
    tick(1);
    expect(count()).toBe(0);
    // chips came back with the fresh start
    expect(m.$('.chips')).not.toBeNull();
    tick(DEMO_FIRST_MS);
    expect(count()).toBe(1);
  });
});
