import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  url: string;
  mails: ParsedMail[];
  /** Waits for a mail to the address (and matching the predicate) and returns it. */
  waitFor(to: string, predicate?: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** The next mails are refused with a temporary failure (451), as a server that is down for a while. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** Lower-cased addresses a mail was sent to. */
export const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

/**
 * A real SMTP server on 127.0.0.1 that parses and keeps every mail it receives. A mail is in
 * `mails` before the sender hears it was accepted, so once the app's queue is idle
 * (`app.ctx.queue.drain()`) every mail it sent is there: the wait before asserting that none was.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ParsedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing > 0) {
        refusing--;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Временный сбой, попробуйте позже'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no smtp address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    async waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => recipients(m).includes(to.toLowerCase()) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    refuseNext: (count) => {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that contains `part`. */
export function linkFrom(mail: ParsedMail, part: string): URL {
  const match = (mail.text ?? '').match(new RegExp(`https?://\\S*${part}\\S*`));
  if (!match) throw new Error(`no link with ${part} in mail "${mail.subject}"`);
  return new URL(match[0]);
}
