import { describe, expect, it } from 'vitest';
import { parseContent, plainText } from './message-content';
import { questionFor } from './messages';
import { sortVisitors, upsertVisitor, visitorName } from './visitors';

const base = {
  type: 'web' as const,
  name: null,
  firstName: null,
  lastName: null,
  tgUsername: null,
  email: null,
  phone: null,
  isPaused: false,
  messageCount: 1,
};

describe('message content', () => {
  it('turns attachment links into links and keeps everything else as text', () => {
    expect(parseContent('📎 [счёт.pdf](https://files.example.ru/a.pdf) готов')).toEqual([
      { type: 'text', text: '📎 ' },
      { type: 'link', text: 'счёт.pdf', href: 'https://files.example.ru/a.pdf' },
      { type: 'text', text: ' готов' },
    ]);
  });

  it('leaves unsafe and protocol-relative addresses as text', () => {
    for (const raw of ['[x](javascript:alert(1))', '[x](data:text/html,hi)', '[x](//evil.example)']) {
      expect(
        parseContent(raw).every((p) => p.type === 'text'),
        raw,
      ).toBe(true);
    }
    expect(plainText('📎 [a.png](/api/files/1)')).toBe('📎 a.png');
  });
});

describe('visitors', () => {
  it('names a visitor by name, first and last name, or Visitor [id]', () => {
    expect(visitorName({ ...base, id: 'x', name: 'Анна', lastMessageAt: null })).toBe('Анна');
    expect(visitorName({ ...base, id: 'x', firstName: 'Иван', lastName: 'Петров', lastMessageAt: null })).toBe(
      'Иван Петров',
    );
    expect(visitorName({ ...base, id: 'abc', lastMessageAt: null })).toBe('Visitor abc');
  });

  it('sorts by last activity and moves an updated visitor up', () => {
    const a = { ...base, id: 'a', lastMessageAt: '2026-03-14T09:00:00Z' };
    const b = { ...base, id: 'b', lastMessageAt: '2026-03-14T10:00:00Z' };
    const c = { ...base, id: 'c', lastMessageAt: null };
    expect(sortVisitors([c, a, b]).map((v) => v.id)).toEqual(['b', 'a', 'c']);
    const next = upsertVisitor(
      [b, a, c],
      { ...c, lastMessageAt: '2026-03-14T11:00:00Z' },
      {
        id: '00000000-0000-4000-8000-000000000000',
        role: 'user',
        content: 'Привет',
        createdAt: 0,
        author: 'visitor',
      },
    );
    expect(next.map((v) => v.id)).toEqual(['c', 'b', 'a']);
    expect(next[0]?.lastMessage).toEqual({ content: 'Привет', author: 'visitor' });
  });
});

describe('the question of an answer', () => {
  it('is the nearest earlier user message', () => {
    const m = (id: string, role: 'user' | 'assistant', content: string) => ({
      id,
      role,
      content,
      createdAt: 0,
      author: role === 'user' ? ('visitor' as const) : ('bot' as const),
    });
    const list = [
      m('1', 'user', 'первый'),
      m('2', 'user', 'второй'),
      m('3', 'assistant', 'ответ'),
      m('4', 'assistant', 'ещё'),
    ];
    expect(questionFor(list, '4')).toBe('второй');
    expect(questionFor([m('1', 'assistant', 'привет')], '1')).toBe('');
  });
});
