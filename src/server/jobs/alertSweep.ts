import type { FastifyInstance } from 'fastify';
import { judgeStock } from '../modules/stock/alerts';
import type { Services } from '../services';

/** Judges every warehouse and material against its thresholds once: alerts a threshold change (or a missed push) calls for. */
export async function sweepStockAlerts(services: Services) {
  const raised = await services.db.transaction((tx) => judgeStock(tx, 'all'));
  services.realtime.alertsRaised(raised);
  return raised;
}

/**
 * The scheduled sweep: soon after start (catching up on thresholds changed while the server
 * was down), then every ALERT_SWEEP_MINUTES. Stopped before the database closes.
 */
export function scheduleAlertSweep(app: FastifyInstance, services: Services) {
  const minutes = services.config.ALERT_SWEEP_MINUTES;
  if (!minutes) return;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = sweepStockAlerts(services)
      .then((raised) => { if (raised.length) app.log.info({ raised: raised.length }, 'stock alert sweep raised alerts'); })
      .catch((err: unknown) => app.log.error({ err }, 'stock alert sweep failed'))
      .finally(() => { running = null; });
  };
  const first = setTimeout(run, 5_000);
  const every = setInterval(run, minutes * 60_000);
  first.unref();
  every.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
