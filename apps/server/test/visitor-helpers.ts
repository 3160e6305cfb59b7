import type { VisitorCreated, VisitorMessage } from '@otklik/contract';
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Events of a complete text/event-stream body (comments dropped). */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}

export async function newVisitor(app: FastifyInstance, assistantId: string, ip = '10.0.0.1'): Promise<VisitorCreated> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/assistants/${assistantId}/visitors`,
    remoteAddress: ip,
  });
  if (res.statusCode !== 201) throw new Error(`visitor not created: ${res.statusCode} ${res.body}`);
  return res.json() as VisitorCreated;
}

export interface SentMessage {
  status: number;
  events: SseEvent[];
  deltas: string;
  message?: VisitorMessage;
  body: string;
}

/** POST …/messages as the widget does, the event stream read to its end. */
export async function send(
  app: FastifyInstance,
  assistantId: string,
  token: string,
  content: string,
  ip = '10.0.0.1',
): Promise<SentMessage> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/assistants/${assistantId}/messages`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    payload: JSON.stringify({ content }),
    remoteAddress: ip,
  });
  const events = res.statusCode === 200 ? parseSse(res.body) : [];
  const deltas = events
    .filter((e) => e.event === 'delta')
    .map((e) => (e.data as { text: string }).text)
    .join('');
  const message = (events.find((e) => e.event === 'message')?.data as { message?: VisitorMessage } | undefined)
    ?.message;
  return { status: res.statusCode, events, deltas, message, body: res.body };
}
