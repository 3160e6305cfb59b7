import type { AppContext } from '../../core/context';
import type { MailMessage } from '../../infra/mail';

const JOB = 'mail.send';

/** Mail leaves through the job queue, so a slow or failing SMTP server never holds up a request. */
export function registerMailJobs(ctx: AppContext): void {
  ctx.queue.process(JOB, async (data) => {
    await ctx.mailer.send(data as MailMessage);
  });
}

export async function sendMail(ctx: Pick<AppContext, 'queue'>, message: MailMessage): Promise<void> {
  await ctx.queue.add(JOB, message, { attempts: 5 });
}
