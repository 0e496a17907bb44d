/** What every route module receives: the database, configuration and shared services. */
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DialectName } from './db/dialect.js';
import type { FileStorage } from './http/file-storage.js';
import type { ServerMetrics } from './http/metrics.js';
import type { Database } from './db/schema.js';
import type { Mailer } from './mail/mailer.js';
import type { AccountTokens } from './modules/auth/account-tokens.js';
import type { PdfPool } from './reports/pdf-pool.js';
import type { TokenService } from './modules/auth/jwt.js';
import type { Repositories } from './db/repositories.js';
import type { UploadStore } from './http/upload-store.js';
import type { Models } from './models/index.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  mailer: Mailer;
  /** Where uploaded files are kept (local disk or S3-compatible storage). */
  storage: FileStorage;
  tokens: TokenService;
  accountTokens: AccountTokens;
  /** Every repository, built once (db/repositories.ts). */
  repositories: Repositories;
  /** Every model's record (models/index.ts): sync, history and exports go through them. */
  models: Models;
  /** Checks and keeps uploaded files, counting each owner's quota. */
  uploads: UploadStore;
  /** The figures /metrics serves, for modules that count their own (open sync streams). */
  metrics: ServerMetrics;
  /** Builds label sheets and reports off the event loop. */
  pdf: PdfPool;
}
