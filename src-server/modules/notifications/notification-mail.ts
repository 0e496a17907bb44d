/**
 * The mails themselves: one notice alone, or several as a digest, each with the unsubscribe link in
 * its text and in `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058), so mail clients offer their own one-click button.
 */
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
  return `\n\n--\nYou get this mail because you chose it under Notifications: ${to.settingsUrl}\nStop these mails with one click: ${to.unsubscribeUrl}\n`;
}

function headers(to: Recipient): Record<string, string> {
  return { 'List-Unsubscribe': `<${to.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function singleMail(to: Recipient, notice: QueuedNotice): Mail {
  return { to: to.email, subject: notice.subject, text: notice.body + footer(to), headers: headers(to) };
}

export function digestMail(to: Recipient, notices: readonly QueuedNotice[]): Mail {
  const items = notices.map((n) => `* ${n.subject}\n  ${n.body.replace(/\n/g, '\n  ')}`).join('\n\n');
  const subject = `Maintenance Manager: ${notices.length} ${notices.length === 1 ? 'notification' : 'notifications'}`;
  return { to: to.email, subject, text: `${items}${footer(to)}`, headers: headers(to) };
}
