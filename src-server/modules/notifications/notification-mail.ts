/**
 * The mails themselves: one notice alone, several as a digest, or a request's news to its sender;
 * plain text only (nothing a user or a visitor wrote is ever read as HTML), each with the
 * unsubscribe link in its text and in `List-Unsubscribe` with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058), so mail clients offer their own one-click button.
 * Each is composed inside `inLanguage(the recipient's language, …)` (dispatcher.ts), so its `t` says
 * the recipient's language.
 */
import { t } from '../../../shared/i18n/translate.js';
import type { Mail } from '../../mail/mailer.js';

export interface QueuedNotice {
  subject: string;
  body: string;
}

export interface Recipient {
  email: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

function footer(to: Recipient): string {
  return t('\n\n--\nYou get this mail because you chose it under Notifications: {settings}\nStop these mails with one click: {unsubscribe}\n', {
    settings: to.settingsUrl,
    unsubscribe: to.unsubscribeUrl,
  });
}

function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const headers = (to: Recipient) => unsubscribeHeaders(to.unsubscribeUrl);

export function singleMail(to: Recipient, notice: QueuedNotice): Mail {
  return { to: to.email, subject: notice.subject, text: notice.body + footer(to), headers: headers(to) };
}

export function digestMail(to: Recipient, notices: readonly QueuedNotice[]): Mail {
  const items = notices.map((n) => `* ${n.subject}\n  ${n.body.replace(/\n/g, '\n  ')}`).join('\n\n');
  const subject = t('Maintenance Manager: {count, plural, one {{count} notification} other {{count} notifications}}', { count: notices.length });
  return { to: to.email, subject, text: `${items}${footer(to)}`, headers: headers(to) };
}

/** What the mail to a request's sender says: the request's place and day, its reason when turned down, and its links. */
export interface SenderMailFacts {
  kind: 'accepted' | 'rejected' | 'completed';
  email: string;
  /** The location's name, and the asset's after a comma. */
  place: string;
  /** The day it was sent (TIME_ZONE). */
  sentOn: string;
  /** The reason it was turned down (a full-access user's words). */
  reason: string | null;
  statusUrl: string;
  unsubscribeUrl: string;
}

/**
 * The one mail of a decision or a completion to a request's sender, plain text only. It does not
 * repeat the request's description: the address was typed into a public form, maybe someone
 * else's, and the server would otherwise carry a stranger's words to it.
 */
export function senderMail(f: SenderMailFacts): Mail {
  const facts = { place: f.place, date: f.sentOn };
  const said = {
    accepted: () => ({ subject: t('Your report at {place} was accepted', facts), line: t('Thank you for reporting a problem at {place} on {date}. It was accepted and will be worked on.', facts) }),
    rejected: () => ({
      subject: t('Your report at {place} was turned down', facts),
      line: t('Thank you for reporting a problem at {place} on {date}. It was turned down, for this reason:\n\n{reason}', { ...facts, reason: f.reason ?? '' }),
    }),
    completed: () => ({ subject: t('Your report at {place} is done', facts), line: t('The work on the problem you reported at {place} on {date} is done.', facts) }),
  }[f.kind]();
  const text = t('{message}\n\nSee where it stands: {status}\n\n--\nYou get this mail because this address was given with the report.\nStop mails about your reports with one click: {unsubscribe}\n', {
    message: said.line,
    status: f.statusUrl,
    unsubscribe: f.unsubscribeUrl,
  });
  return { to: f.email, subject: said.subject, text, headers: unsubscribeHeaders(f.unsubscribeUrl) };
}
