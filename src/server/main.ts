import { loadConfig } from './config';

const config = loadConfig();
// The business time zone, whatever the host's: set before the server's modules load (some read
// the zone once), so local dates (`dayOf`) and the database sessions count days alike.
process.env.TZ = config.timeZone;
const { buildApp } = await import('./app');
const { app } = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // app.close() stops accepting, waits for in-flight requests (their writes commit), then
    // runs onClose hooks, which close the database last.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
