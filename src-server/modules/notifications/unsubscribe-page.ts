/**
 * The small HTML pages of the unsubscribe link: a mail's link opens a confirmation (GET never
 * changes anything, so a mail scanner that follows links unsubscribes nobody), its button posts
 * back to the same address (RFC 8058's one-click POST does the same without the page).
 */
import { UNSUBSCRIBED } from '../../../shared/api/notifications.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Maintenance Manager</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color-scheme:light dark}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** Which mails a link stops: a user's notification mails, or the mails about requests to an address given with one. */
export type UnsubscribeKind = 'notifications' | 'requests';

const CONFIRM: Record<UnsubscribeKind, { title: string; question: (email: string) => string }> = {
  notifications: { title: 'Stop notification mails', question: (email) => `Stop every notification mail to ${email}?` },
  requests: { title: 'Stop mails about your reports', question: (email) => `Stop every mail about the problems you report to ${email}?` },
};

export function confirmPage(email: string, action: string, kind: UnsubscribeKind = 'notifications'): string {
  return page(
    CONFIRM[kind].title,
    `<p>${escape(CONFIRM[kind].question(email))}</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(message: string = UNSUBSCRIBED): string {
  return page('Unsubscribed', `<p>${escape(message)}</p>`);
}

export function refusedPage(message: string): string {
  return page('Nothing was changed', `<p>${escape(message)}</p>`);
}
