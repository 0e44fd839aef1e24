import type { FastifyInstance } from 'fastify';
import { judgeStock } from '../modules/stock/alerts';
import type { Services } from '../services';
import { scheduleJob } from './schedule';

/** Judges every warehouse and material against its thresholds once: alerts a threshold change (or a missed push) calls for. */
export async function sweepStockAlerts(services: Services) {
  const raised = await services.db.transaction((tx) => judgeStock(tx, 'all'));
  services.realtime.alertsRaised(raised);
  // The raised and cleared alerts' webhooks leave at once.
  services.outbox.wake();
  return raised;
}

/**
 * The scheduled sweep, by one node at a time: soon after start when due (catching up on thresholds
 * changed while the servers were down), then every ALERT_SWEEP_MINUTES.
 */
export function scheduleAlertSweep(app: FastifyInstance, services: Services) {
  scheduleJob(app, services.db, {
    name: 'alertSweep', title: 'stock alert sweep', lane: 'long', minutes: services.config.ALERT_SWEEP_MINUTES, firstAfterMs: 5_000,
    run: async () => {
      const raised = await sweepStockAlerts(services);
      if (raised.length) app.log.info({ raised: raised.length }, 'stock alert sweep raised alerts');
    },
  });
}
