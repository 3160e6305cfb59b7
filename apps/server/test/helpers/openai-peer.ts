import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the peer answers the next chat-completion request. */
export type PeerReply =
  | { kind: 'stream'; chunks: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; retryAfter?: number }
  | { kind: 'hang' }
  | { kind: 'hang-after'; chunks: string[] };

export interface OpenAiPeer {
  /** Base URL to use as OPENAI_BASE_URL (ends with /v1). */
  url: string;
  /** Bodies of the chat-completion requests received, in order. */
  requests: Record<string, unknown>[];
  headers: IncomingMessage['headers'][];
  /** Replies for the next requests, in order; when empty, `fallback` answers. */
  replies: PeerReply[];
  fallback: PeerReply;
  close(): Promise<void>;
}

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null = null, usage?: unknown) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  })}\n\n`;

/**
 * A real HTTP server on 127.0.0.1 speaking OpenAI's streamed chat completions (the protocol of
 * OpenAI, YandexGPT's compatible API, vLLM and Ollama's /v1): the engine's model path is tested
 * against the wire format, not against a mock of our own code.
 */
export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  const open = new Set<ServerResponse>();
  const state = {
    requests: [] as Record<string, unknown>[],
    headers: [] as IncomingMessage['headers'][],
    replies: [] as PeerReply[],
    fallback: { kind: 'stream', chunks: ['Ответ модели.'] } as PeerReply,
  };
  const server = createServer(async (req, res) => {
    // GigaChat's OAuth endpoint (its SDK gets a token first); the chat API is OpenAI-shaped.
    if (req.method === 'POST' && req.url?.endsWith('/oauth')) {
      state.headers.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ access_token: 'giga-token', expires_at: Date.now() + 3_600_000 }));
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found' } }));
    }
    const raw: Buffer[] = [];
    for await (const c of req) raw.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as Record<string, unknown>;
    state.requests.push(body);
    state.headers.push(req.headers);
    const reply = state.replies.shift() ?? state.fallback;
    const model = String(body.model ?? 'model');
    if (reply.kind === 'status') {
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        ...(reply.retryAfter === undefined ? {} : { 'retry-after': String(reply.retryAfter) }),
      });
      return res.end(JSON.stringify({ error: { message: `status ${reply.status}`, type: 'server_error' } }));
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    if (reply.kind === 'hang') return; // never answers
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(model, { role: 'assistant', content: '' }));
    for (const text of reply.chunks) {
      res.write(chunk(model, { content: text }));
      await new Promise((r) => setTimeout(r, 5));
    }
    if (reply.kind === 'hang-after') return; // goes silent mid-answer
    const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
    res.write(chunk(model, {}, 'stop'));
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of open) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
