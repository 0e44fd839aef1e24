import type { FastifyInstance } from 'fastify';

/**
 * A job on a timer: first `firstAfterMs` after start (catching up on what changed while the
 * server was down), then every `minutes`; never two runs at once; stopped, and a running one
 * awaited, before the database closes. `minutes` 0: no schedule.
 */
export function scheduleJob(app: FastifyInstance, name: string, minutes: number, firstAfterMs: number, job: () => Promise<void>) {
  if (!minutes) return;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = job()
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => { running = null; });
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, minutes * 60_000);
  first.unref();
  every.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
