import type { FastifyInstance } from 'fastify';
import { rollUpChannelDays } from '../modules/stock/channelRollup';
import { rollUpClosedPeriods } from '../modules/stock/periodRollup';
import { rollUpTrailingPairs } from '../modules/stock/trailingPairs';
import { rollUpTrailingWindow } from '../modules/stock/trailingWindow';
import type { Services } from '../services';
import { scheduleJob } from './schedule';

/**
 * Rolls up the weeks and months that ended (modules/stock/periodRollup.ts), by one node at a
 * time: soon after start (catching up on every period that ended while the servers were down,
 * each once), then every ROLLUP_MINUTES, so a period is rolled within that long of its end.
 * The channel's closed days (modules/stock/channelRollup.ts) roll up in the same run, and the
 * trailing windows of DOS and turnover (modules/stock/trailingWindow.ts) and of the dealer rankings
 * (trailingPairs.ts) move on to the last of them.
 */
export function schedulePeriodRollup(app: FastifyInstance, services: Services) {
  scheduleJob(app, services.db, {
    name: 'periodRollup', title: 'balance period roll-up', lane: 'long', minutes: services.config.ROLLUP_MINUTES, firstAfterMs: 10_000,
    run: async () => {
      const rolled = await rollUpClosedPeriods(services.db);
      if (rolled.length) app.log.info({ rolled: rolled.length, first: rolled[0], last: rolled.at(-1) }, 'balance periods rolled up');
      const days = await rollUpChannelDays(services.db);
      if (days.length) app.log.info({ rolled: days.length, first: days[0], last: days.at(-1) }, 'channel days rolled up');
      const windowEnd = await rollUpTrailingWindow(services.db);
      if (windowEnd) app.log.info({ end: windowEnd }, 'trailing window moved on');
      const pairsEnd = await rollUpTrailingPairs(services.db);
      if (pairsEnd) app.log.info({ end: pairsEnd }, 'trailing pairs moved on');
    },
  });
}
