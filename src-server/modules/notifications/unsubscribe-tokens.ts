/**
 * The token of a notification mail's unsubscribe link: the user and their settings' current
 * `unsubscribe_version`, signed with the server's secret (HMAC-SHA256, its own purpose so no other
 * token of the server passes for it). Nothing is stored: a token is good while the version it names
 * is the user's, and every unsubscribe raises the version, so a link works once, and an old link
 * does not unsubscribe again after the user chose mails anew.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeUid, encodeUid } from '../auth/account-tokens.js';

export interface UnsubscribeClaim {
  userId: number;
  version: number;
}

export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private digest(userId: number, version: number): string {
    return createHmac('sha256', `${this.secret}:notifications-unsubscribe`).update(`${userId}|${version}`).digest('hex').slice(0, 40);
  }

  make(userId: number, version: number): string {
    return `${encodeUid(userId)}.${version.toString(36)}.${this.digest(userId, version)}`;
  }

  /** The user and version a token was signed for; null for anything this server did not sign. */
  read(token: string): UnsubscribeClaim | null {
    const match = /^([A-Za-z0-9_-]{1,20})\.([0-9a-z]{1,10})\.([0-9a-f]{40})$/.exec(token);
    if (!match) return null;
    const userId = decodeUid(match[1]!);
    const version = parseInt(match[2]!, 36);
    if (userId === null || !Number.isSafeInteger(version) || version < 1) return null;
    const expected = Buffer.from(this.digest(userId, version));
    return timingSafeEqual(expected, Buffer.from(match[3]!)) ? { userId, version } : null;
  }
}

/**
 * The token of the unsubscribe link in the mails to a request's sender, who has no account: the
 * request, signed under a purpose of its own (so neither kind of token passes for the other, and
 * its shape, one dot, tells them apart). It stops mails to the request's address, so it works once:
 * nothing stored but the stop itself.
 */
export class RequestUnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private digest(requestId: number): string {
    return createHmac('sha256', `${this.secret}:requests-unsubscribe`).update(String(requestId)).digest('hex').slice(0, 40);
  }

  make(requestId: number): string {
    return `r${requestId.toString(36)}.${this.digest(requestId)}`;
  }

  /** True for a token of this shape, signed or not (the link names a request's mail). */
  static shaped(token: string): boolean {
    return /^r[0-9a-z]{1,10}\.[0-9a-f]{40}$/.test(token);
  }

  /** The request a token was signed for; null for anything this server did not sign. */
  read(token: string): number | null {
    const match = /^r([0-9a-z]{1,10})\.([0-9a-f]{40})$/.exec(token);
    if (!match) return null;
    const requestId = parseInt(match[1]!, 36);
    if (!Number.isSafeInteger(requestId) || requestId < 1) return null;
    const expected = Buffer.from(this.digest(requestId));
    return timingSafeEqual(expected, Buffer.from(match[2]!)) ? requestId : null;
  }
}
