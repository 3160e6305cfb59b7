import type { AppContext } from '../../core/context';
import { classifyFailure, rawApi, scrubTokens } from './client';

/** Telegram refuses buttons that open a local or private address ("Wrong HTTP URL"): such a link goes in the text. */
const publicLink = (link: string) => {
  try {
    const { hostname } = new URL(link);
    return (
      !/^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$)/.test(hostname) &&
      hostname.includes('.')
    );
  } catch {
    return false;
  }
};

/**
 * An alert to the owner's notification chat (notifications module): HTML (already escaped by its
 * maker) with an 'Открыть чат' button to the conversation; where Telegram would refuse the
 * button, the link goes in the text. Errors are thrown to the caller's queue, which retries.
 */
export async function sendTelegramAlert(
  ctx: Pick<AppContext, 'config'>,
  alert: { token: string; chatId: number; html: string; link: string },
): Promise<{ messageId: number }> {
  const api = rawApi(ctx.config, alert.token);
  const options = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };
  const withLink = `${alert.html}\n\n<a href="${alert.link.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Открыть чат</a>`;
  if (!publicLink(alert.link))
    return { messageId: (await api.sendMessage(alert.chatId, withLink, options)).message_id };
  try {
    const sent = await api.sendMessage(alert.chatId, alert.html, {
      ...options,
      reply_markup: { inline_keyboard: [[{ text: 'Открыть чат', url: alert.link }]] },
    });
    return { messageId: sent.message_id };
  } catch (err) {
    const failure = classifyFailure(err);
    if (failure.kind !== 'bad-request' || !/button|url/i.test(failure.description)) throw err;
    return { messageId: (await api.sendMessage(alert.chatId, withLink, options)).message_id };
  }
}

/** A delivery failure as the owner may read it in the tab (Telegram's description without any token, or the error's message). */
export function telegramFailureText(err: unknown): string {
  return scrubTokens(classifyFailure(err).description).slice(0, 500);
}
