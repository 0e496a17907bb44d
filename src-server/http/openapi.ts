/**
 * The API described from the routes' own TypeBox schemas: an OpenAPI 3 document at
 * `/api/v1/docs/json` and a browsable page at `/api/v1/docs/`, both public, as the original
 * stack's browsable API was for its integrators. Each operation says who may call it (from the
 * route's `config.access`) and that writes take an Idempotency-Key.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_BASE, APP_VERSION } from '../../shared/constants.js';
import { OPERATIONS_PATHS, isDeclaredRoute, type Access } from './access.js';

export const DOCS_PREFIX = `${API_BASE}/docs`;

/** One API route as the router holds it: what the document must describe, and what tests drive. */
export interface ApiRoute {
  method: string;
  /** Fastify's form, e.g. /api/v1/workorders/:id/claim/ */
  url: string;
  access: Access;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

const WHO: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user.',
  full: 'Users with full_feature_access (or staff).',
  staff: 'Staff users.',
  operator: 'The operator: `Authorization: Bearer <METRICS_TOKEN>`; refused (403) to everyone while METRICS_TOKEN is unset. No user session opens it.',
};

/** Registers the document's collector: call before any route, so every route is seen. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!isDeclaredRoute(route.url) || route.url.startsWith(DOCS_PREFIX)) return;
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access ?? 'full', schema: route.schema });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Maintenance Manager API',
        version: APP_VERSION,
        description:
          'Errors are DRF-shaped: {"detail": "…"} or {"field": ["message"]}. Lists are pages of 10: {count, next, previous, results}. ' +
          'Every POST, PUT and PATCH may carry an Idempotency-Key (8 to 255 letters, digits, dots, dashes, underscores or colons): ' +
          'a repeat gets the first answer again, the same key with another body is 422, one still running is 409.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN the server was started with.' },
        },
      },
    },
    transform({ schema, url, route }) {
      const access: Access = route.config?.access ?? 'full';
      const methods = ([] as string[]).concat(route.method);
      const writes = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
      return {
        url,
        schema: {
          ...schema,
          // Grouped by area: the first path segment after the base (auth, workorders, maintenance, …).
          tags: [OPERATIONS_PATHS.has(url) ? 'operations' : url.slice(API_BASE.length + 1).split('/')[0] || 'api'],
          description: [schema?.description, `Who may call it: ${WHO[access]}`].filter(Boolean).join('\n\n'),
          ...(access === 'public' ? {} : { security: [access === 'operator' ? { metricsToken: [] } : { bearerAuth: [] }] }),
          ...(writes && access !== 'public'
            ? {
                headers: {
                  type: 'object',
                  properties: { 'idempotency-key': { type: 'string', description: 'Makes a retried write take effect once.' } },
                },
              }
            : {}),
        },
      };
    },
  });
}

/** The document and its page, reachable by anyone. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    // The app's own CSP (helmet) covers the page; the plugin's would add upgrade-insecure-requests,
    // which breaks plain-HTTP installs. No outside validator is called.
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });
  });
}
