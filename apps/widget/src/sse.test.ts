import { describe, expect, test } from 'vitest';
import { createSseParser, readSse, type SseEvent } from './sse';

const STREAM =
  ': comment\r\nevent: delta\r\ndata: {"text":"При"}\r\n\r\n' +
  'event: delta\ndata: {"text":"вет 👋"}\n\n' +
  'data: line one\ndata: line two\nid: 7\n\n' +
  'event: message\rdata: {"message":{"id":"1"}}\r\r' +
  'data\n\nevent: empty\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'delta', data: '{"text":"При"}' },
  { event: 'delta', data: '{"text":"вет 👋"}' },
  { event: 'message', data: 'line one\nline two', id: '7' },
  { event: 'message', data: '{"message":{"id":"1"}}', id: '7' },
  { event: 'message', data: '', id: '7' },
];

describe('SSE parser', () => {
  test('parses a whole stream with LF, CRLF and CR line ends, comments, multi-line data and ids', () => {
    const events: SseEvent[] = [];
    createSseParser((e) => events.push(e)).push(STREAM);
    expect(events).toEqual(EXPECTED);
  });

  test('gives the same events however the text is chunked, even between CR and LF', () => {
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const events: SseEvent[] = [];
      const parser = createSseParser((e) => events.push(e));
      for (let i = 0; i < STREAM.length; i += size) parser.push(STREAM.slice(i, i + size));
      expect(events, `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  test('decodes UTF-8 split across network chunks', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // single bytes cut every multi-byte character (Cyrillic, emoji) in the middle
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(body, (e) => events.push(e));
    expect(events).toEqual(EXPECTED);
  });

  test('does not dispatch an event that the stream cut off before its blank line', () => {
    const events: SseEvent[] = [];
    createSseParser((e) => events.push(e)).push('event: delta\ndata: {"text":"a"}\n\nevent: delta\ndata: {"text":"b"}');
    expect(events).toHaveLength(1);
  });
});
