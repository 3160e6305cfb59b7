/**
 * A real HTTP server on 127.0.0.1 speaking the visitor API of ARCHITECTURE §3, for tests of the
 * live client and the live widget. Replies are built through the contract's zod schemas, so a
 * shape the contract does not allow fails the test here rather than in production.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PublicWidget,
  VisitorAttachmentReply,
  VisitorCreated,
  VisitorHistory,
  type VisitorMessage,
  VisitorPhoneRequest,
  VisitorPush,
  VisitorSendRequest,
} from '@otklik/contract';

export const ASSISTANT_ID = '6f1c1b1e-2f7a-4c54-9a53-3f1d2b9c0a11';

export const PUBLIC_DESIGN: PublicWidget = PublicWidget.parse({
  assistantId: ASSISTANT_ID,
  botName: 'Артем',
  botRole: 'Консультант',
  greeting: 'Здравствуйте, чем могу помочь?',
  backgroundColor: '#FF7F50',
  accentColor: '#1d4ed8',
  messageColor: '#e6e6e6',
  headerTextColor: '#000',
  messageTextColor: '#000',
  avatarUrl: '/avatars/avatar1.svg',
  brandLogoVisible: true,
  allowFileAttachment: true,
  predefinedQuestions: ['Здравствуйте', 'Сколько стоит доставка?'],
  headerPatternUrl: '/api/widget/patterns/p1/data',
  patternOpacity: 1,
  patternScale: 1,
});

/** How the next POST …/messages answers. */
export type SendBehaviour =
  | { kind: 'answer'; text: string }
  | { kind: 'error-event'; message: string }
  | { kind: 'paused' }
  | { kind: 'refuse'; status: number; message: string }
  | { kind: 'cut' };

export interface VisitorServer {
  url: string;
  /** Content of every message the visitors sent, in order. */
  sent: string[];
  phones: string[];
  files: { name: string; size: number }[];
  tokens: Set<string>;
  histories: Map<string, VisitorMessage[]>;
  next: SendBehaviour;
  /** Open event streams. */
  streams: () => number;
  push(push: VisitorPush): void;
  /** Drops every open event stream (a restart). */
  dropStreams(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startVisitorServer(): Promise<VisitorServer> {
  const streams = new Set<ServerResponse>();
  const state: Omit<VisitorServer, 'url' | 'close' | 'streams' | 'push' | 'dropStreams'> = {
    sent: [],
    phones: [],
    files: [],
    tokens: new Set(),
    histories: new Map(),
    next: { kind: 'answer', text: 'Доставка стоит **300 ₽**.' },
  };
  const cors = { 'access-control-allow-origin': '*' };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const token = (req: IncomingMessage, url: URL) => {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('token') ?? '';
    return state.tokens.has(t) ? t : null;
  };
  const message = (role: VisitorMessage['role'], content: string): VisitorMessage => ({
    id: randomUUID(),
    role,
    content,
    createdAt: new Date().toISOString(),
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const m = /^\/api\/public\/assistants\/([^/]+)\/(\w+)$/.exec(url.pathname);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-allow-methods': 'GET, POST',
      });
      return res.end();
    }
    if (!m || m[1] !== ASSISTANT_ID) return json(res, 404, { message: 'Ассистент не найден' });
    const call = `${req.method} ${m[2]}`;
    if (call === 'GET widget') return json(res, 200, PublicWidget.parse(PUBLIC_DESIGN));
    if (call === 'POST visitors') {
      const created = VisitorCreated.parse({ visitorId: randomUUID(), visitorToken: `tok-${randomUUID()}` });
      state.tokens.add(created.visitorToken);
      state.histories.set(created.visitorToken, []);
      return json(res, 201, created);
    }
    const t = token(req, url);
    if (!t) return json(res, 401, { message: 'Посетитель не найден' });
    const history = state.histories.get(t) ?? [];
    if (call === 'GET messages') return json(res, 200, VisitorHistory.parse({ messages: history }));
    if (call === 'POST messages') {
      const parsed = VisitorSendRequest.safeParse(JSON.parse((await body(req)).toString() || '{}'));
      if (!parsed.success) return json(res, 400, { message: parsed.error.issues[0]?.message });
      const next = state.next;
      if (next.kind === 'refuse') return json(res, next.status, { message: next.message });
      state.sent.push(parsed.data.content);
      history.push(message('user', parsed.data.content));
      res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let wire = '';
      if (next.kind === 'answer') {
        for (const word of next.text.match(/\S+\s*/g) ?? [])
          wire += `event: delta\ndata: ${JSON.stringify({ text: word })}\n\n`;
        const stored = message('assistant', next.text);
        history.push(stored);
        wire += `event: message\ndata: ${JSON.stringify({ message: stored })}\n\n`;
      } else if (next.kind === 'error-event') {
        wire += `event: delta\ndata: {"text":"Сейчас "}\n\nevent: error\ndata: ${JSON.stringify({ message: next.message })}\n\n`;
      } else if (next.kind === 'paused') wire += 'event: done\ndata: {}\n\n';
      else wire += 'event: delta\ndata: {"text":"Обрыв"}\n\n';
      // Odd-sized chunks with pauses: events and UTF-8 characters are cut mid-way on the wire.
      const bytes = Buffer.from(wire);
      for (let i = 0; i < bytes.length; i += 7) {
        res.write(bytes.subarray(i, i + 7));
        if (i % 49 === 0) await sleep(1);
      }
      return res.end();
    }
    if (call === 'GET events') {
      res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (call === 'POST attachments') {
      const form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: await body(req),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob)) return json(res, 400, { message: 'Файл не передан' });
      // Browsers put the file name in the part header as raw UTF-8; Node's parser reads it as latin1.
      const name = Buffer.from((file as File).name, 'latin1').toString('utf8');
      state.files.push({ name, size: file.size });
      const stored = message('user', `📎 [${name}](https://files.example/${encodeURIComponent(name)})`);
      history.push(stored);
      return json(res, 201, VisitorAttachmentReply.parse({ message: stored }));
    }
    if (call === 'POST phone') {
      const parsed = VisitorPhoneRequest.safeParse(JSON.parse((await body(req)).toString() || '{}'));
      if (!parsed.success) return json(res, 400, { message: parsed.error.issues[0]?.message });
      state.phones.push(parsed.data.phone);
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { message: 'Нет такого вызова' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    streams: () => streams.size,
    push(push: VisitorPush) {
      const data = `data: ${JSON.stringify(VisitorPush.parse(push))}\n\n`;
      for (const s of streams) s.write(data);
    },
    dropStreams() {
      for (const s of streams) s.destroy();
      streams.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
