import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';

export interface GigaChatSettings {
  credentials: string;
  scope: string;
  baseUrl?: string;
  authUrl?: string;
}

type GigaChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The AI SDK prompt as GigaChat messages (text parts only: the engine sends nothing else). */
function toMessages(prompt: LanguageModelV3Prompt): GigaChatMessage[] {
  const out: GigaChatMessage[] = [];
  for (const m of prompt) {
    if (m.role === 'system') out.push({ role: 'system', content: m.content });
    else if (m.role === 'user' || m.role === 'assistant') {
      const text = m.content
        .map((p) => (p.type === 'text' ? p.text : ''))
        .join('')
        .trim();
      if (text) out.push({ role: m.role, content: text });
    }
  }
  return out;
}

/** Russian text runs about 3 characters a token; GigaChat's stream reports no usage. */
const estimateTokens = (text: string) => Math.ceil(text.length / 3);

function usage(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** The SDK throws axios-shaped errors; the engine retries on APICallError's isRetryable. */
function asApiError(err: unknown, url: string): unknown {
  const status = (err as { response?: { status?: number } })?.response?.status;
  if (typeof status !== 'number') return err;
  return new APICallError({
    message: `GigaChat replied ${status}`,
    url,
    requestBodyValues: {},
    statusCode: status,
    isRetryable: status === 429 || status >= 500,
    cause: err,
  });
}

/**
 * GigaChat behind the AI SDK's model interface, talking through the official `gigachat` SDK
 * (which gets and refreshes the OAuth token from the credentials). Only text chat is mapped.
 */
export function gigachatModel(modelId: string, settings: GigaChatSettings): LanguageModelV3 {
  let client: Promise<import('gigachat').GigaChat> | undefined;
  const sdk = () => {
    client ??= import('gigachat').then(
      ({ GigaChat }) =>
        new GigaChat({
          credentials: settings.credentials,
          scope: settings.scope,
          model: modelId,
          ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
          ...(settings.authUrl ? { authUrl: settings.authUrl } : {}),
        }),
    );
    return client;
  };
  const payload = (options: LanguageModelV3CallOptions) => ({
    model: modelId,
    messages: toMessages(options.prompt),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxOutputTokens === undefined ? {} : { max_tokens: options.maxOutputTokens }),
  });
  const url = settings.baseUrl ?? 'https://gigachat.devices.sberbank.ru/api/v1';

  return {
    specificationVersion: 'v3',
    provider: 'gigachat',
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const body = payload(options);
      try {
        const reply = await (await sdk()).chat(body);
        const text = reply.choices[0]?.message?.content ?? '';
        return {
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: reply.choices[0]?.finish_reason },
          usage: usage(reply.usage?.prompt_tokens ?? 0, reply.usage?.completion_tokens ?? 0),
          warnings: [],
        };
      } catch (err) {
        throw asApiError(err, url);
      }
    },
    async doStream(options) {
      const body = payload(options);
      const promptText = body.messages.map((m) => m.content).join('\n');
      const giga = await sdk();
      let iterator: AsyncIterator<{ choices: { delta?: { content?: string }; finish_reason?: string }[] }>;
      try {
        iterator = giga.stream(body, options.abortSignal)[Symbol.asyncIterator]();
      } catch (err) {
        throw asApiError(err, url);
      }
      let output = '';
      let started = false;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
        },
        // Each pull enqueues at least one part: a pull that returns empty-handed is not called again.
        async pull(controller) {
          try {
            for (;;) {
              const next = await iterator.next();
              if (next.done) {
                if (started) controller.enqueue({ type: 'text-end', id: '0' });
                controller.enqueue({
                  type: 'finish',
                  finishReason: { unified: 'stop', raw: 'stop' },
                  usage: usage(estimateTokens(promptText), estimateTokens(output)),
                });
                controller.close();
                return;
              }
              const delta = next.value.choices[0]?.delta?.content ?? '';
              if (!delta) continue;
              if (!started) {
                started = true;
                controller.enqueue({ type: 'text-start', id: '0' });
              }
              output += delta;
              controller.enqueue({ type: 'text-delta', id: '0', delta });
              return;
            }
          } catch (err) {
            controller.enqueue({ type: 'error', error: asApiError(err, url) });
            controller.close();
          }
        },
        async cancel() {
          await iterator.return?.();
        },
      });
      return { stream };
    },
  };
}
