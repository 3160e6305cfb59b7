/**
 * Notifications of the owner (spec §2.11, §3, §4, §7): per assistant, a notification e-mail
 * confirmed by a single-use link and a Telegram chat, each with its switch.
 */
export { notificationRoutes } from './routes';
export { notificationRow, presentNotification } from './service';
