/**
 * STOMP frames (https://stomp.github.io/stomp-specification-1.2.html), read and written by hand:
 * no maintained STOMP broker for Node exists (the npm packages that parse frames are abandoned
 * clients or full brokers over raw TCP), and the part a broker needs is this small file. It
 * behaves like Spring's simple broker, which the spec's client (@stomp/stompjs) was written for.
 */

export type StompVersion = '1.0' | '1.1' | '1.2';
export const SUPPORTED_VERSIONS: readonly StompVersion[] = ['1.2', '1.1', '1.0'];

/** Largest frame a client may send (and the largest buffered partial frame). */
export const MAX_FRAME_BYTES = 64 * 1024;

export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class FrameError extends Error {}

/** The ERROR text of a frame over MAX_FRAME_BYTES. */
export const FRAME_TOO_LARGE = `Кадр больше ${MAX_FRAME_BYTES / 1024} КБ`;

const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

/** Header values are escaped in 1.1 and 1.2, except in CONNECT and CONNECTED frames (spec "Value Encoding"). */
const escapes = (version: StompVersion, command: string) =>
  version !== '1.0' && command !== 'CONNECT' && command !== 'CONNECTED' && command !== 'STOMP';

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' })[c] ?? c);
}

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_, c: string) => {
    const out = { '\\': '\\', r: '\r', n: '\n', c: ':' }[c];
    if (out === undefined) throw new FrameError(`Недопустимая escape-последовательность в заголовке: \\${c}`);
    return out;
  });
}

export function serializeFrame(frame: StompFrame, version: StompVersion = '1.2'): string {
  const escaped = escapes(version, frame.command);
  let out = `${frame.command}\n`;
  for (const [name, value] of Object.entries(frame.headers))
    out += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  if (frame.body && !('content-length' in frame.headers))
    out += `content-length:${Buffer.byteLength(frame.body, 'utf8')}\n`;
  return `${out}\n${frame.body}\0`;
}

/**
 * Reads frames out of the text a client sent, keeping an unfinished frame for the next piece.
 * End-of-lines between frames are heart-beats. A frame larger than MAX_FRAME_BYTES, an unknown
 * command or a malformed header is a FrameError (the session answers ERROR and closes).
 */
export class FrameReader {
  private buffer = '';

  constructor(private readonly version: () => StompVersion) {}

  /** The complete frames in `chunk` (with what was buffered before); `beats` counts heart-beat EOLs. */
  push(chunk: string): { frames: StompFrame[]; beats: number } {
    this.buffer += chunk;
    const frames: StompFrame[] = [];
    let beats = 0;
    for (;;) {
      const lead = /^(?:\r?\n)+/.exec(this.buffer);
      if (lead) {
        beats += lead[0].split('\n').length - 1;
        this.buffer = this.buffer.slice(lead[0].length);
      }
      if (!this.buffer) break;
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    if (Buffer.byteLength(this.buffer, 'utf8') > MAX_FRAME_BYTES) throw new FrameError(FRAME_TOO_LARGE);
    return { frames, beats };
  }

  private next(): StompFrame | undefined {
    const headEnd = this.buffer.search(/\r?\n\r?\n/);
    if (headEnd < 0) return undefined;
    const sep = /\r?\n\r?\n/.exec(this.buffer.slice(headEnd))?.[0] ?? '\n\n';
    const lines = this.buffer.slice(0, headEnd).split(/\r?\n/);
    const command = lines.shift() ?? '';
    if (!CLIENT_COMMANDS.has(command)) throw new FrameError(`Неизвестная команда STOMP: ${command.slice(0, 40)}`);
    const escaped = escapes(this.version(), command);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('Некорректный заголовок кадра');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      // Repeated headers: the first one counts (spec "Repeated Header Entries").
      if (!(name in headers)) headers[name] = value;
    }
    const bodyStart = headEnd + sep.length;
    const lengthHeader = headers['content-length'];
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d+$/.test(lengthHeader)) throw new FrameError('Некорректный content-length');
      const length = Number(lengthHeader);
      if (length > MAX_FRAME_BYTES) throw new FrameError(FRAME_TOO_LARGE);
      // content-length counts bytes; the text is a JS string, so count through a buffer.
      const rest = Buffer.from(this.buffer.slice(bodyStart), 'utf8');
      if (rest.length < length + 1) return undefined;
      if (rest[length] !== 0) throw new FrameError('Кадр не завершён нулевым байтом');
      const body = rest.subarray(0, length).toString('utf8');
      bodyEnd = bodyStart + body.length;
      this.buffer = this.buffer.slice(bodyEnd + 1);
      return { command, headers, body };
    }
    bodyEnd = this.buffer.indexOf('\0', bodyStart);
    if (bodyEnd < 0) return undefined;
    const body = this.buffer.slice(bodyStart, bodyEnd);
    this.buffer = this.buffer.slice(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** The version both sides speak: the highest the client accepts (no header means 1.0), or undefined. */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | undefined {
  if (acceptVersion === undefined) return '1.0';
  const offered = new Set(acceptVersion.split(',').map((v) => v.trim()));
  return SUPPORTED_VERSIONS.find((v) => offered.has(v));
}

/** The heart-beat periods in ms: how often we send (0: never) and how long the client may stay silent (0: forever). */
export function heartBeats(clientHeader: string | undefined, server: { send: number; expect: number }) {
  const [cx = 0, cy = 0] = (clientHeader ?? '0,0').split(',').map((n) => Number.parseInt(n, 10) || 0);
  return {
    send: server.send > 0 && cy > 0 ? Math.max(server.send, cy) : 0,
    expect: server.expect > 0 && cx > 0 ? Math.max(server.expect, cx) : 0,
  };
}
