/**
 * The small HTML pages of the unsubscribe link: a mail's link opens a confirmation (GET never
 * changes anything, so a mail scanner that follows links unsubscribes nobody), its button posts
 * back to the same address (RFC 8058's one-click POST does the same without the page). Said in the
 * language of the request (the browser's Accept-Language): the page is opened from a mail, signed out.
 */
import { UNSUBSCRIBED } from '../../../shared/api/notifications.js';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.js';
import { msg, t } from '../../../shared/i18n/translate.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, language: Language): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Maintenance Manager</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color-scheme:light dark}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** Which mails a link stops: a user's notification mails, or the mails about requests to an address given with one. */
export type UnsubscribeKind = 'notifications' | 'requests';

const CONFIRM: Record<UnsubscribeKind, { title: string; question: (email: string) => string }> = {
  notifications: { title: msg('Stop notification mails'), question: (email) => t('Stop every notification mail to {email}?', { email }) },
  requests: { title: msg('Stop mails about your reports'), question: (email) => t('Stop every mail about the problems you report to {email}?', { email }) },
};

/** `language`: the request's (http/request-language.ts), for the page's `lang`; its texts are said in it by `t`. */
export function confirmPage(email: string, action: string, kind: UnsubscribeKind = 'notifications', language: Language = SOURCE_LANGUAGE): string {
  return page(
    t(CONFIRM[kind].title),
    `<p>${escape(CONFIRM[kind].question(email))}</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(t('Unsubscribe'))}</button></form>`,
    language,
  );
}

/** `message`: English (marked with `msg` where defined), said here in the request's language. */
export function donePage(message: string = UNSUBSCRIBED, language: Language = SOURCE_LANGUAGE): string {
  return page(t('Unsubscribed'), `<p>${escape(t(message))}</p>`, language);
}

export function refusedPage(message: string, language: Language = SOURCE_LANGUAGE): string {
  return page(t('Nothing was changed'), `<p>${escape(t(message))}</p>`, language);
}
