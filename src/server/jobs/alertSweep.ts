import type { FastifyInstance } from 'fastify';
import { judgeStock } from '../modules/stock/alerts';
import type { Services } from '../services';
import { scheduleJob } from './schedule';

/** Judges every warehouse and material against its thresholds once: alerts a threshold change (or a missed push) calls for. */
export async function sweepStockAlerts(services: Services) {
  const raised = await services.db.transaction((tx) => judgeStock(tx, 'all'));
  services.realtime.alertsRaised(raised);
  return raised;
}

/** The scheduled sweep: soon after start (catching up on thresholds changed while the server was down), then every ALERT_SWEEP_MINUTES. */
export function scheduleAlertSweep(app: FastifyInstance, services: Services) {
  scheduleJob(app, 'stock alert sweep', services.config.ALERT_SWEEP_MINUTES, 5_000, async () => {
    const raised = await sweepStockAlerts(services);
    if (raised.length) app.log.info({ raised: raised.length }, 'stock alert sweep raised alerts');
  });
}
