/** Starts the server (after main.ts checked the Node.js version): configuration, database and migrations, demo data when asked, then listen. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { purgeIdempotencyKeys } from './http/idempotency.js';
import { TokenService } from './modules/auth/jwt.js';
import { seedDemoData } from './demo/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrate(database);
  const app = await buildApp({ config, database, logger: true });
  if (config.demoData) {
    const logins = await seedDemoData(database, config);
    if (logins) {
      const lines = logins.map((l) => `  ${l.role.padEnd(12)} ${l.email} / ${l.password}`);
      console.log(`\nDemo data created. Sign in with:\n${lines.join('\n')}\n`);
    }
  }
  // Hourly: drop idempotency records past their replay window and refresh tokens nobody can use.
  const tokens = new TokenService(config.secretKey, database.db);
  const housekeeping = () => Promise.all([purgeIdempotencyKeys(database.db), tokens.purge()]);
  const purge = setInterval(() => void housekeeping().catch((err: unknown) => app.log.error({ err }, 'housekeeping failed')), 60 * 60 * 1000);
  purge.unref();
  await housekeeping();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  console.log(`Maintenance Manager is running at ${config.publicUrl}/`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
