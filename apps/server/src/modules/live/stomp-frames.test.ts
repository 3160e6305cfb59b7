import { describe, expect, it } from 'vitest';
import { FrameError, FrameReader, heartBeats, negotiateVersion, serializeFrame } from './stomp-frames';

const reader = (version: '1.0' | '1.1' | '1.2' = '1.2') => new FrameReader(() => version);

describe('STOMP frames', () => {
  it('reads frames split across messages, several in one message, and heart-beats between them', () => {
    const r = reader();
    expect(r.push('SUBSCRIBE\nid:0\ndest').frames).toEqual([]);
    const { frames, beats } = r.push('ination:/topic/a\n\n\0\n\nUNSUBSCRIBE\nid:0\n\n\0\r\n');
    expect(frames.map((f) => [f.command, f.headers])).toEqual([
      ['SUBSCRIBE', { id: '0', destination: '/topic/a' }],
      ['UNSUBSCRIBE', { id: '0' }],
    ]);
    expect(beats).toBe(3);
  });

  it('honours content-length in bytes (Cyrillic bodies, a NUL inside the body)', () => {
    const body = 'привет\0мир';
    const bytes = Buffer.byteLength(body, 'utf8');
    const { frames } = reader().push(`SEND\ndestination:/x\ncontent-length:${bytes}\n\n${body}\0`);
    expect(frames[0]?.body).toBe(body);
    expect(() => reader().push('SEND\ncontent-length:2\n\nabc\0')).toThrow(FrameError);
  });

  it('unescapes header values in 1.1 and 1.2 but not in CONNECT, and refuses undefined escapes', () => {
    expect(reader().push('SUBSCRIBE\nid:a\\cb\\n\\\\\n\n\0').frames[0]?.headers.id).toBe('a:b\n\\');
    expect(reader('1.0').push('SUBSCRIBE\nid:a\\cb\n\n\0').frames[0]?.headers.id).toBe('a\\cb');
    expect(reader().push('CONNECT\npasscode:a\\cb\n\n\0').frames[0]?.headers.passcode).toBe('a\\cb');
    expect(() => reader().push('SUBSCRIBE\nid:a\\t\n\n\0')).toThrow(/escape/);
  });

  it('writes escaped headers and a content-length, CONNECTED unescaped', () => {
    const text = serializeFrame({ command: 'MESSAGE', headers: { destination: '/a:b' }, body: 'ё' });
    expect(text).toBe('MESSAGE\ndestination:/a\\cb\ncontent-length:2\n\nё\0');
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', server: 'a:b' }, body: '' })).toBe(
      'CONNECTED\nversion:1.2\nserver:a:b\n\n\0',
    );
  });

  it('refuses unknown commands, header lines without a colon and frames over 64 KB', () => {
    expect(() => reader().push('PING\n\n\0')).toThrow(/Неизвестная команда/);
    expect(() => reader().push('SEND\nnocolon\n\n\0')).toThrow(/заголовок/);
    expect(() => reader().push(`SEND\n\n${'a'.repeat(70_000)}`)).toThrow(/64 КБ/);
  });

  it('negotiates the highest common version and the heart-beat periods', () => {
    expect(negotiateVersion('1.0,1.1,1.2')).toBe('1.2');
    expect(negotiateVersion('1.1')).toBe('1.1');
    expect(negotiateVersion(undefined)).toBe('1.0');
    expect(negotiateVersion('2.0')).toBeUndefined();
    expect(heartBeats('4000,20000', { send: 10_000, expect: 10_000 })).toEqual({ send: 20_000, expect: 10_000 });
    expect(heartBeats('0,0', { send: 10_000, expect: 10_000 })).toEqual({ send: 0, expect: 0 });
    expect(heartBeats(undefined, { send: 10_000, expect: 10_000 })).toEqual({ send: 0, expect: 0 });
  });
});
