import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends now; callers normally go through the `mail.send` job instead. */
  send(message: MailMessage): Promise<void>;
  /** The dev mailbox folder, when mail is written to files instead of sent. */
  mailboxDir?: string;
  close(): void;
}

/**
 * nodemailer's transport, made by the first mail: an idle server (most of the time) does not
 * hold the library in memory.
 */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer));
      return transport;
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/** Real SMTP via SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  return {
    async send(m) {
      await (await transport.get()).sendMail({ from, ...m });
    },
    close: transport.close,
  };
}

/** Dev mailbox: every mail becomes DATA_DIR/mail/<time>-<id>.eml, listed at /dev/mail. */
export function devMailbox(dir: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    mailboxDir: dir,
    async send(m) {
      const info = await (await transport.get()).sendMail({ from, ...m });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(dir, name);
      // The folder is made when a write finds it missing (the first mail, or after it was
      // removed), not before every mail: a burst of alerts wrote hundreds.
      await writeFile(file, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
    },
    close: transport.close,
  };
}

export interface StoredMail {
  file: string;
  size: number;
  time: Date;
}

export async function listMailbox(dir: string): Promise<StoredMail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((n) => n.endsWith('.eml'))
      .map(async (file) => {
        const s = await stat(path.join(dir, file));
        return { file, size: s.size, time: s.mtime };
      }),
  );
  return mails.sort((a, b) => b.file.localeCompare(a.file));
}

export async function readMail(dir: string, file: string): Promise<Buffer | undefined> {
  if (!/^[\w.-]+\.eml$/.test(file)) return undefined;
  return readFile(path.join(dir, file)).catch(() => undefined);
}
