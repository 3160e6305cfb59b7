import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Secrets in a URL's query (`token=…`) or a Telegram path are never written to the log (ARCHITECTURE §6). */
export const maskTokens = (url: string) =>
  url
    .replace(/([?&](?:token|visitorToken)=)[^&#]*/gi, '$1***')
    .replace(/(\/telegram\/)[^/?#]+(\/assistant\/)/, '$1***$2');

/** JSON fields that hold a credential, wherever in a line they are (a library's options, an error's request). */
const SECRET_FIELDS =
  /("(?:authorization|cookie|password|oldPassword|newPassword|token|visitorToken|telegramToken|botToken|apiKey|api_key|secret|secretToken|x-telegram-bot-api-secret-token)":)"(?:[^"\\]|\\.)*"/gi;
/** Bearer credentials in any text (an error message quoting a header). */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
/** Telegram bot tokens (`123456789:AA…`), also inside Bot API URLs of a library's error. */
const BOT_TOKEN = /(?<!\d)\d{5,20}:[A-Za-z0-9_-]{30,100}/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The secrets of the configuration itself: provider keys and the passwords inside service URLs. */
function configSecrets(config: Config): string[] {
  const fromUrl = (url: string | undefined) => {
    if (!url) return [];
    try {
      const password = new URL(url).password;
      return password ? [password, decodeURIComponent(password)] : [];
    } catch {
      return [];
    }
  };
  return [
    config.OPENAI_API_KEY,
    config.GIGACHAT_CREDENTIALS,
    ...fromUrl(config.DATABASE_URL),
    ...fromUrl(config.REDIS_URL),
    ...fromUrl(config.SMTP_URL),
  ].filter((s): s is string => typeof s === 'string' && s.length >= 4);
}

/**
 * The last guard before a line is written: whatever a library put into it (busboy's options
 * with the request headers at trace level, an error carrying a request), credentials become ***.
 */
export function secretScrubber(config: Config): (line: string) => string {
  const known = configSecrets(config);
  const exact = known.length ? new RegExp(known.map(escapeRegExp).join('|'), 'g') : undefined;
  return (line) => {
    let out = line.replace(SECRET_FIELDS, '$1"***"').replace(BEARER, '$1 ***').replace(BOT_TOKEN, '***');
    if (exact) out = out.replace(exact, '***');
    return out;
  };
}

/**
 * pino through Fastify: JSON lines, each request's lines carrying its id (`reqId`, taken from
 * X-Request-Id when a proxy sends one), request URLs masked, credentials scrubbed.
 */
export function loggerOptions(
  config: Config,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream },
): FastifyServerOptions['logger'] {
  if (opts.logger === false || config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '***' },
    // The visitor's event stream carries its token in the query (EventSource sends no headers).
    serializers: { req: (req) => ({ method: req.method, url: maskTokens(req.url), reqId: req.id }) },
    hooks: { streamWrite: secretScrubber(config) },
    ...(opts.logStream ? { stream: opts.logStream } : {}),
  };
}
