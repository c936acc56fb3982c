// Starts the service: configuration, context, app, listen; graceful shutdown
// on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close DB).
// A port that cannot be bound ends start-up with one line and exit code 1.
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { createContext } from './context.js';
import { createHttpServer } from './http/httpServer.js';
import { listen, PortUnavailableError } from './http/listen.js';
import { startEventLoopReport } from './logging/eventLoopDelay.js';
import { createProcessLogger, flushLogger } from './logging/logger.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createProcessLogger(config.logLevel);
  const ctx = await createContext(config, { logger });
  startEventLoopReport(logger, config.eventLoopReportMs);
  const server = createHttpServer(config.http, createApp(ctx));
  try {
    await listen(server, config.port);
  } catch (err) {
    await ctx.close().catch(() => undefined);
    await flushLogger(logger);
    throw err;
  }
  ctx.logger.info({ port: config.port, baseUrl: config.baseUrl }, 'listening');
  // The one line a person starting the service reads among the JSON logs.
  process.stdout.write(
    `Bereit: ${config.baseUrl}/signup, API-Dokumentation: ${config.baseUrl}/docs\n`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    server.close(() => {
      ctx
        .close()
        .then(
          () => 0,
          () => 1,
        )
        .then(async (code) => {
          await flushLogger(logger);
          process.exit(code);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof PortUnavailableError) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', err);
  }
  process.exit(1);
});
