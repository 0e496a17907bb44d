/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as
 * an .eml file under DATA_DIR/outbox so a single-machine install needs no mail server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import { isPlainEmailAddress } from '../../shared/rules/email-address.js';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../private-files.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra header lines (notification mails: List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Counts every mail sent and every one that failed (the metrics' mail counters), whichever transport sends it. */
export function countingMailer(mailer: Mailer, count: { sent(): void; failed(): void }): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        count.failed();
        throw err;
      }
      count.sent();
    },
  };
}

/** A mail whose recipient is not one plain address; nothing was sent. */
export class UnsafeRecipientError extends Error {
  constructor(to: string) {
    super(`Refusing to mail anything but one plain address: ${JSON.stringify(to)}`);
  }
}

/**
 * The message as nodemailer is given it. The recipient must be one plain address
 * (shared/rules/email-address.ts) and is handed over as an address object: given text, nodemailer
 * reads display names and lists out of it (`boss.example.com<attacker@evil.test>` goes to the
 * attacker, `a,b@c.de` to two mailboxes). Every caller has checked its address already; this is
 * the last line, for whatever address reaches it by another way (one stored before the rule).
 */
function message(from: string, mail: Mail): SendMailOptions {
  if (typeof mail.to !== 'string' || !isPlainEmailAddress(mail.to)) throw new UnsafeRecipientError(String(mail.to));
  return { from, ...mail, to: { name: '', address: mail.to } };
}

export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits, so a hung mail server fails a request well inside the idempotency in-flight window.
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 });
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
      },
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  makePrivateDir(outbox);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 100);
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}-${safeTo}.eml`);
      // Live activation and reset links: readable by the server's account only.
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
      // Activation and reset links are credentials: only an operator who asks for debug output sees them.
      opts.log.debug({ to: mail.to, links: mail.text.match(/https?:\/\/\S+/g) ?? [] }, 'links in the mail');
    },
  };
}
