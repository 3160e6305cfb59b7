/**
 * Prometheus metrics (GET /metrics, modules/metrics). Off unless METRICS_TOKEN is set: then
 * prom-client is loaded and every count is kept in a registry of this app; otherwise each call
 * is a no-op and prom-client is never loaded (idle memory of the embedded mode).
 */
export type AnswerKind = 'corrected' | 'knowledge' | 'model' | 'handoff' | 'smalltalk' | 'trigger' | 'failed';

export interface Metrics {
  readonly enabled: boolean;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  visitorMessage(channel: string): void;
  answer(kind: AnswerKind): void;
  /** A value read at each scrape (queue depth, live sessions), by its gauge's name. */
  gauge(name: 'queue_depth' | 'live_sessions', read: () => number | Promise<number>): void;
  render(): Promise<{ contentType: string; body: string }>;
}

export const noMetrics: Metrics = {
  enabled: false,
  httpRequest() {},
  visitorMessage() {},
  answer() {},
  gauge() {},
  async render() {
    return { contentType: 'text/plain', body: '' };
  },
};

const GAUGE_HELP = {
  queue_depth: 'Background jobs waiting, delayed or running (mail, ingestion, Telegram sends)',
  live_sessions: 'Open live sessions (STOMP over SockJS) of this instance',
} as const;

export async function prometheusMetrics(): Promise<Metrics> {
  const client = await import('prom-client');
  const register = new client.Registry();
  register.setDefaultLabels({ service: 'otklik' });
  client.collectDefaultMetrics({ register, prefix: 'otklik_' });
  const requests = new client.Counter({
    name: 'otklik_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const durations = new client.Histogram({
    name: 'otklik_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (a streamed answer: to its end), by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  const visitorMessages = new client.Counter({
    name: 'otklik_visitor_messages_total',
    help: 'Messages of visitors, by channel',
    labelNames: ['channel'] as const,
    registers: [register],
  });
  const answers = new client.Counter({
    name: 'otklik_answers_total',
    help: 'Bot answers by kind: corrected answer, knowledge passage, model, hand-off to a person, small talk, trigger text, failed',
    labelNames: ['kind'] as const,
    registers: [register],
  });
  const readers = new Map<keyof typeof GAUGE_HELP, () => number | Promise<number>>();
  for (const name of Object.keys(GAUGE_HELP) as (keyof typeof GAUGE_HELP)[]) {
    new client.Gauge({
      name: `otklik_${name}`,
      help: GAUGE_HELP[name],
      registers: [register],
      async collect() {
        const read = readers.get(name);
        this.set(read ? await read() : 0);
      },
    });
  }
  return {
    enabled: true,
    httpRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
    visitorMessage: (channel) => visitorMessages.inc({ channel }),
    answer: (kind) => answers.inc({ kind }),
    gauge: (name, read) => {
      readers.set(name, read);
    },
    async render() {
      return { contentType: register.contentType, body: await register.metrics() };
    },
  };
}
