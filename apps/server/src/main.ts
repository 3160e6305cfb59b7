import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { answerBackupRequests } from './infra/online-backup';
import { ensureWritableDir, errorReason, lockDataDir, probePort, StartupError } from './infra/startup';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  const taken = await probePort(config.PORT, config.HOST);
  if (taken) throw new StartupError(listenFailure(taken, config));
  // The embedded database is opened by one process at a time (PostgreSQL needs no such guard).
  let app: FastifyInstance | undefined;
  if (!config.DATABASE_URL) {
    await ensureWritableDir(config.dataDir);
    process.on('exit', await lockDataDir(config.dataDir));
    // `npm run backup` asks this process for a copy of its database (from the moment the pid file names it).
    answerBackupRequests(config.dataDir, () => app && { database: app.ctx.database, log: app.log });
  }
  app = await buildApp(config);
  await listen(app, config);
  app.log.info(
    { ms: Math.round(performance.now() - started), database: app.ctx.database.kind },
    `Отклик работает: http://localhost:${config.PORT}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const begun = performance.now();
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    // app.close(): new connections are refused and requests on kept-alive ones get 503; live
    // sessions get an ERROR frame asking to reconnect and visitors' event streams end (preClose);
    // requests in flight, streamed answers among them, run to their end; then the job queue
    // drains and the database closes (onClose). Past the bound the process leaves, exit code 1.
    const force = setTimeout(() => {
      app.log.error({ ms: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting with work unfinished');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info({ ms: Math.round(performance.now() - begun) }, 'shut down');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Listens, or closes what the app opened and says in Russian why the address cannot be had. */
async function listen(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // Bounded: a close that hangs must not keep a failed start alive.
    await Promise.race([app.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000).unref())]);
    throw new StartupError(listenFailure(err, config));
  }
}

function listenFailure(err: unknown, config: Config): string {
  const code = (err as { code?: string }).code;
  const why =
    code === 'EADDRINUSE'
      ? `порт ${config.PORT} уже занят другим процессом (задайте другой в PORT)`
      : code === 'EACCES'
        ? `нет прав слушать порт ${config.PORT} (порты ниже 1024 — только для root)`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `адреса HOST=${config.HOST} нет на этой машине`
          : errorReason(err);
  return `Не удалось открыть ${config.HOST}:${config.PORT}: ${why}`;
}

// One line on stderr, whatever failed: a StartupError says what to fix; anything else by its innermost reason.
main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : `Не удалось запустить сервер: ${errorReason(err)}`);
  process.exit(1);
});
