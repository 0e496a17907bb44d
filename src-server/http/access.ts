/**
 * Authentication and permissions, enforced for every route by one hook. Each route declares who may
 * call it in `config.access`; a route that says nothing needs a full-access user, so a forgotten
 * declaration fails closed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCurrentAccess, type TokenService } from '../modules/auth/jwt.js';
import { hasFullAccess } from '../modules/users/full-access.js';
import type { UserLookup } from '../modules/users/remembered-users.js';
import type { UserRow } from '../modules/users/users.repository.js';
import { API_BASE } from '../../shared/constants.js';
import type { Access as SharedAccess } from '../../shared/rules/access.js';
import { forbidden, unauthorized } from './errors.js';
import { t } from '../../shared/i18n/translate.js';

/**
 * The access words the screens use too (shared/rules/access.ts; `full` here lets staff through as
 * well), and operator: whoever holds METRICS_TOKEN (no user, staff included, reaches it with a session).
 */
export type Access = SharedAccess | 'operator';

/** The operations endpoints (http/operations.ts): outside the API, yet declared, checked and documented like it. */
export const OPERATIONS_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** The routes the access rules and the API document cover: the API's and the operations endpoints. */
export function isDeclaredRoute(url: string): boolean {
  return url.startsWith(`${API_BASE}/`) || OPERATIONS_PATHS.has(url);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

interface AccessDeps {
  tokens: TokenService;
  /** The signed-in user's row: remembered between requests on PostgreSQL (modules/users/remembered-users.ts). */
  users: UserLookup;
  /** METRICS_TOKEN; null: no request is the operator's. */
  operatorToken: string | null;
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDeps): void {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    // Decided by the route that matched, never by the raw URL: encoded or absolute-form URLs
    // (`/%61pi/…`, `http://host/api/…`) reach the same routes. An unknown path answers 404 to
    // everyone, as in DRF: nothing behind it needs protecting.
    const route = request.routeOptions.url;
    if (request.is404 || !route || !isDeclaredRoute(route)) return;
    const access: Access = request.routeOptions.config.access ?? 'full';
    if (access === 'operator') {
      // The same refusal whether a token is configured or not: closed by default, and nothing told.
      if (!isOperator(request, deps.operatorToken)) throw forbidden();
      return;
    }
    if (access === 'public') {
      // A stale token must not lock anyone out of signing in again.
      request.user = await authenticate(request, deps).catch(() => null);
      return;
    }
    const user = await authenticate(request, deps);
    request.user = user;
    if (!user) throw unauthorized();
    if (access === 'full' && !hasFullAccess(user)) throw forbidden();
    if (access === 'staff' && user.is_staff !== 1) throw forbidden();
  });
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (as digests, so the length is not told either). */
function isOperator(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** The user a Bearer token names, null without one; a bad or expired token is a 401. */
async function authenticate(request: FastifyRequest, deps: { tokens: TokenService; users: UserLookup }): Promise<UserRow | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' && scheme !== 'JWT') return null;
  if (!token) throw unauthorized(t('Invalid token header. No credentials provided.'));
  const claims = await deps.tokens.verify(token, 'access');
  if (!claims) throw unauthorized(t('Given token not valid for any token type'), 'token_not_valid');
  const user = await deps.users.findById(claims.user_id);
  if (!user) throw unauthorized(t('User not found'), 'user_not_found');
  if (user.is_active !== 1) throw unauthorized(t('User is inactive'), 'user_inactive');
  // Issued before the user's logins were ended (a new password): refused, as a refresh would be.
  if (!isCurrentAccess(claims, user)) throw unauthorized(t('Given token not valid for any token type'), 'token_not_valid');
  return user;
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
