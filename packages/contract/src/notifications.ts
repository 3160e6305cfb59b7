import { z } from 'zod';
import { NotificationSettings } from './assistants';
import { Email } from './auth';

/**
 * The owner's notifications of an assistant (spec §2.11 "Notifications", §3 "Notification
 * settings", §4 "E-mail notification", §7, §8): a notification e-mail that must be confirmed
 * before its switch turns on, and a Telegram chat found through a bot's updates.
 */

/** How long the confirmation link of a notification e-mail works. */
export const NOTIFICATION_CONFIRM_TTL_HOURS = 48;

export const NOTIFICATION_TEXTS = {
  /** The server's refusal; the spec's client looks for 'Email not confirmed yet'. */
  emailNotConfirmed: 'Email not confirmed yet: откройте ссылку из письма, чтобы подтвердить адрес.',
  /** Spec §8: what the cabinet says when it sees that refusal. */
  confirmEmailFirst: 'Подтвердите почту, чтобы включить уведомления',
  emailRequired: 'Введите e-mail для уведомлений',
  confirmationSent: (email: string) => `Письмо для подтверждения отправлено на ${email}. Откройте ссылку из него.`,
  alreadyConfirmed: 'Этот адрес уже подтверждён',
  confirmed: 'Адрес подтверждён: уведомления на почту можно включить.',
  confirmInvalid:
    'Ссылка недействительна: она уже использована, устарела или адрес уведомлений с тех пор изменён. Отправьте письмо ещё раз.',
  emailEnabled: 'Уведомления на почту включены',
  emailDisabled: 'Уведомления на почту выключены',
  telegramNotReady: 'Сначала укажите токен бота и найдите чат: напишите боту любое сообщение и нажмите «Найти чат».',
  telegramEnabled: 'Уведомления в Телеграм включены',
  telegramDisabled: 'Уведомления в Телеграм выключены',
  mailSubject: 'Подтвердите адрес для уведомлений',
  testNowhere:
    'Уведомлениям некуда идти: подтвердите почту и включите уведомления на почту или подключите Телеграм (и проверьте переключатель в профиле).',
  testSent: (where: string) => `Тестовое уведомление отправлено: ${where}`,
  eventsSaved: 'Настройки уведомлений сохранены',
} as const;

/** POST /api/assistant/{id}/notification/send-confirmation (spec §7). */
export const SendNotificationConfirmationRequest = z.object({
  email: z
    .string({ message: NOTIFICATION_TEXTS.emailRequired })
    .trim()
    .min(1, NOTIFICATION_TEXTS.emailRequired)
    .pipe(Email),
});
export type SendNotificationConfirmationRequest = z.infer<typeof SendNotificationConfirmationRequest>;

/** POST /api/assistant/{id}/notification/toggle-email|toggle-telegram?enable=bool (spec §7). */
export const NotificationToggleQuery = z.object({
  enable: z.enum(['true', 'false'], { message: 'enable: ожидается true или false' }).transform((v) => v === 'true'),
});

/** The reply of the notification calls: a message for the owner and the settings as they now are. */
export const NotificationReply = z.object({ message: z.string(), notification: NotificationSettings });
export type NotificationReply = z.infer<typeof NotificationReply>;

/** POST /api/notification/confirm: the token of the link in the confirmation mail. */
export const ConfirmNotificationRequest = z.object({ token: z.string().min(1).max(200) });
