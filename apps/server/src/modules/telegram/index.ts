/**
 * Telegram (issue #14, in progress): so far the answer formatting for the Bot API (HTML,
 * split below 4,096 characters). The customer and trainer bots are not built yet.
 */
export { escapeHtml, TELEGRAM_TEXT_LIMIT, telegramMessages, toTelegramHtml } from './format';
