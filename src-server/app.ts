/** Builds the HTTP application (no listen), so tests drive it with inject() and main.ts serves it. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/constants.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { requestScoped } from './db/request-transaction.js';
import type { AppDeps } from './deps.js';
import { registerAccessControl } from './http/access.js';
import { closeSilentBodies, httpServerOptions, limitConnectionsPerAddress } from './http/connection-limits.js';
import { frameworkError, registerErrorHandling } from './http/errors.js';
import { registerHostCheck } from './http/host-header.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerRequestLanguage } from './http/request-language.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerPublicOrigin } from './http/origin.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerTransportSecurity } from './http/transport-security.js';
import { registerApiDocs, registerOpenApi } from './http/openapi.js';
import type { FileStorage } from './http/file-storage.js';
import { LocalDiskStorage } from './http/local-storage.js';
import { registerMedia } from './http/media.js';
import { ServerMetrics } from './http/metrics.js';
import { idempotencyKeys } from './http/idempotency.repository.js';
import { registerOperations } from './http/operations.js';
import { registerShutdown } from './http/shutdown.js';
import { S3Storage } from './http/s3-storage.js';
import { registerUploadRateLimit, registerUploads } from './http/uploads.js';
import { countingMailer, createMailer, type Mailer } from './mail/mailer.js';
import { AccountTokens } from './modules/auth/account-tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { requestLogFields } from './modules/auth/link-redaction.js';
import { TokenService } from './modules/auth/jwt.js';
import { RememberedUsers } from './modules/users/remembered-users.js';
import { buildRepositories } from './db/repositories.js';
import { UploadStore } from './http/upload-store.js';
import { buildModels } from './models/index.js';
import { routeModules } from './modules/index.js';
import { registerCsvExports } from './exports/csv-export.js';
import { NotificationDispatcher } from './modules/notifications/dispatcher.js';
import { PdfPool } from './reports/pdf-pool.js';
import { t } from '../shared/i18n/translate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails the notifications users chose; server.ts ticks it in every serving process, tests call tick(). */
    notifications: NotificationDispatcher;
  }
}

export interface BuildOptions {
  config: Config;
  database: Db;
  /** Replaces the configured mailer (used by tests that need to observe failures). */
  mailer?: Mailer;
  /** Replaces the PDF threads' script (used by tests whose thread fails on purpose). */
  pdfScript?: URL;
  logger?: boolean;
}

export async function buildApp({ config, database, mailer, pdfScript, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: { req: requestLogFields } } : false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    http: httpServerOptions(config),
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    frameworkErrors: frameworkError,
  });

  // First, so every answer is counted and every connection is known to a stop's drain.
  const shutdown = registerShutdown(app);
  const metrics = new ServerMetrics({ database, idempotencyRecords: () => idempotencyKeys.count(database.db) });
  metrics.observe(app);
  metrics.answerPrimary(app);

  // The signed-in user's row, remembered between requests where every process hears of user changes.
  const remembered = new RememberedUsers(
    buildRepositories(database.db, database.dialect, config.site).users,
    database.dialect === 'postgres' && config.databaseUrl ? { connectionString: config.databaseUrl, schema: config.databaseSchema } : null,
    (err) => app.log.error({ err }, 'listening for user changes'),
  );
  app.addHook('onClose', () => remembered.close());
  // Every write of users through this app forgets the remembered rows at once, transactions included.
  const appDb = database.dialect === 'postgres' ? database.db.withPlugin(remembered.forgetOnUserWrites()) : database.db;
  // Handlers see the request's transaction while an idempotent write holds one.
  const db = requestScoped(appDb);
  const repositories = buildRepositories(db, database.dialect, config.site);
  // Several servers share uploads through S3-compatible storage; one keeps them on its own disk.
  const storage: FileStorage = config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.uploadsDir);
  const deps: AppDeps = {
    config,
    db,
    dialect: database.dialect,
    mailer: countingMailer(mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }), {
      sent: () => metrics.mailSent.inc(),
      failed: () => metrics.mailFailed.inc(),
    }),
    storage,
    tokens: new TokenService(config.secretKey, repositories),
    accountTokens: new AccountTokens(config.secretKey),
    repositories,
    models: buildModels(repositories),
    uploads: new UploadStore(repositories.uploadOwners, storage, config),
    metrics,
    pdf: new PdfPool({ threads: config.pdfThreads, queueLimit: config.pdfQueueLimit, ...(pdfScript ? { script: pdfScript } : {}) }),
  };

  // On the database itself, not the request-scoped view: its ticks run outside any request.
  app.decorate('notifications', new NotificationDispatcher({ db: database.db, mailer: deps.mailer, config, log: app.log }));
  // A stop waits for a tick under way, so the database is not closed under it.
  app.addHook('onClose', () => app.notifications.stop());
  // Runs after a stop's drain (server.ts), so the documents answers waited for are done; no thread outlives the app.
  app.addHook('onClose', () => deps.pdf.close());

  limitConnectionsPerAddress(app, config.maxConnectionsPerAddress);
  closeSilentBodies(app, config.bodyIdleTimeoutMs);
  registerRequestLanguage(app);
  registerErrorHandling(app);
  registerHostCheck(app);
  registerPublicOrigin(app, config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // PrimeReact positions overlays with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        // Installs on a plain-HTTP address must not have their own requests rewritten to https.
        upgradeInsecureRequests: null,
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS (http/transport-security.ts), not on every answer.
    hsts: false,
  });
  registerTransportSecurity(app);
  registerUploadRateLimit(app, config.uploadRateLimit);
  await registerRateLimits(app, config);
  await registerUploads(app);
  registerMedia(app, storage);
  registerAccessControl(app, { tokens: deps.tokens, users: remembered, operatorToken: config.metricsToken });
  registerInputGuard(app);
  registerIdempotency(app, appDb);
  await registerOpenApi(app);
  await registerApiDocs(app);
  registerOperations(app, { database, storage, metrics, shutdown });

  await app.register(
    async (versioned) => {
      await authRoutes(versioned, deps);
      for (const register of routeModules) await register(versioned, deps);
      registerCsvExports(versioned, deps);
    },
    { prefix: API_BASE },
  );

  await registerClient(app, config.clientDir);
  return app;
}

/** Serves the built client with an SPA fallback: any GET outside /api and /media that is not a file gets index.html. */
async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = join(clientDir, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: true,
      // The build writes .gz copies of text files; clients that accept gzip get those.
      preCompressed: true,
      // Otherwise send's own "public, max-age=0" replaces the header setHeaders chooses.
      cacheControl: false,
      setHeaders(reply, path) {
        // Hashed assets never change; the shell and the service worker must always be revalidated.
        reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Any spelling of the API's or the files' paths (/api, /API/v1/…, /api/v2/…) is not a page of the app.
    const isApi = /^\/(api|media)(\/|$)/i.test(path);
    if (request.method === 'GET' && !isApi && hasClient && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: t('Not found.') });
  });
}
