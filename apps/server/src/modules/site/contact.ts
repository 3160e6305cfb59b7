import { type ContactRequestParsed, formatRussianPhone, isPhoneEmpty } from '@otklik/contract';
import type { AppContext } from '../../core/context';
import { contactRequests } from '../../infra/db/schema';
import { sendMail } from '../mail';
import { contactRequestMail } from './contact-mail';

/** Stores a contact request, then mails it to support; the row is kept even if the mail fails. */
export async function submitContactRequest(
  ctx: AppContext,
  request: ContactRequestParsed,
  ip: string | undefined,
): Promise<{ id: string }> {
  const phone = isPhoneEmpty(request.phone) ? '' : formatRussianPhone(request.phone);
  const [row] = await ctx.db
    .insert(contactRequests)
    .values({
      source: request.source,
      name: request.name,
      phone,
      email: request.email,
      message: request.message,
      ip: ip ?? null,
    })
    .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
  if (!row) throw new Error('contact request was not stored');
  await sendMail(
    ctx,
    contactRequestMail({
      to: ctx.config.SUPPORT_EMAIL,
      request: { ...request, phone },
      createdAt: row.createdAt,
      id: row.id,
    }),
  );
  return { id: row.id };
}
