import type { ChatMessage } from '@otklik/contract';
import { describe, expect, it } from 'vitest';
import { mergeHistory } from './messages';

const at = (seconds: number, over: Partial<ChatMessage & { local?: 'error' }> = {}) => ({
  id: crypto.randomUUID(),
  role: 'user' as const,
  content: `сообщение ${seconds}`,
  createdAt: seconds,
  author: 'visitor' as const,
  ...over,
});

describe('mergeHistory: a history loaded again', () => {
  it('is the loaded one when nothing is shown yet, or nothing is only on the screen', () => {
    const loaded = [at(1), at(2)];
    expect(mergeHistory(undefined, loaded)).toBe(loaded);
    expect(mergeHistory([...loaded], loaded)).toBe(loaded);
  });

  it('keeps the send-failure bubble and a message that came live after the newest one loaded', () => {
    const first = at(1);
    const failed = at(3, { role: 'assistant', author: 'operator', content: 'Произошла ошибка.', local: 'error' });
    const live = at(5, { content: 'Пока вы грузились' });
    const merged = mergeHistory([first, failed, live], [first, at(2)]);
    expect(merged.map((m) => m.createdAt)).toEqual([1, 2, 3, 5]);
    expect(merged).toContain(failed);
    expect(merged).toContain(live);
  });

  it('drops what the server no longer has from before the newest one loaded, and a bare push it has', () => {
    const gone = at(1, { content: 'было' });
    const loaded = [at(2), at(4, { content: 'Да, без выходных', role: 'assistant', author: 'bot' })];
    // Pushed with only role and content (spec §3): a local id and time, the server's text.
    const bare = at(6, { content: 'Да, без выходных', role: 'assistant', author: 'bot' });
    expect(mergeHistory([gone, bare], loaded)).toBe(loaded);
  });
});
