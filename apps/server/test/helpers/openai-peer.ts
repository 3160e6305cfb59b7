import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the peer answers the next chat-completion request. */
export type PeerReply =
  | { kind: 'stream'; chunks: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; retryAfter?: number }
  | { kind: 'hang' }
  | { kind: 'hang-after'; chunks: string[] }
  /** Never silent for long, never done soon: a chunk every `delayMs`. */
  | { kind: 'trickle'; chunks: string[]; delayMs: number };

/** How the peer answers an embeddings request. */
export type EmbeddingsReply = { kind: 'vectors' } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface OpenAiPeer {
  /** Base URL to use as OPENAI_BASE_URL (ends with /v1). */
  url: string;
  /** Bodies of the embeddings requests received (`{ model, input: string[] }`), in order. */
  embeddingRequests: { model: string; input: string[] }[];
  /** How embeddings requests are answered; vectors by default. */
  embeddings: EmbeddingsReply;
  /**
   * Word stems (lower case, matched at the start of a word) mapped to a shared meaning: words
   * of one meaning get the same vector component, so a paraphrase without a common word still
   * lands near its passage, as with a real embeddings model.
   */
  meanings: Record<string, string>;
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
    embeddingRequests: [] as { model: string; input: string[] }[],
    embeddings: { kind: 'vectors' } as EmbeddingsReply,
    meanings: {} as Record<string, string>,
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
    if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
      const raw: Buffer[] = [];
      for await (const c of req) raw.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as { model: string; input: string | string[] };
      const input = Array.isArray(body.input) ? body.input : [body.input];
      state.embeddingRequests.push({ model: body.model, input });
      const reply = state.embeddings;
      if (reply.kind === 'hang') {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      if (reply.kind === 'status') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `status ${reply.status}`, type: 'server_error' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: meaningVector(text, state.meanings),
          })),
          usage: { prompt_tokens: input.length * 10, total_tokens: input.length * 10 },
        }),
      );
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
      await new Promise((r) => setTimeout(r, reply.kind === 'trickle' ? reply.delayMs : 5));
      if (res.destroyed) return;
    }
    if (reply.kind === 'hang-after') return; // goes silent mid-answer
    const usage = (reply.kind === 'stream' ? reply.usage : undefined) ?? { prompt_tokens: 100, completion_tokens: 20 };
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

const DIMENSIONS = 64;

/**
 * A deterministic embedding: a hashed bag of words (words cut to their first 5 letters, so word
 * forms meet), where a word of a known meaning counts as that meaning; L2-normalised.
 */
export function meaningVector(text: string, meanings: Record<string, string>): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 3) continue;
    const meaning = Object.entries(meanings).find(([stem]) => word.startsWith(stem))?.[1];
    const token = meaning ? `meaning:${meaning}` : word.slice(0, 5);
    let h = 2166136261;
    for (const ch of token) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
    v[(h >>> 0) % DIMENSIONS] = (v[(h >>> 0) % DIMENSIONS] ?? 0) + (meaning ? 3 : 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
