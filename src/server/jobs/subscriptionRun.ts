import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, viewSubscriptions } from '../db/schema';
import { mailConfigured } from '../modules/views/mailSettings';
import { enqueueDueDigests } from '../modules/views/alertMails';
import { nextRun, scheduleOf } from '../modules/views/schedule';
import { enqueueOutbox, type OutboxMessage } from '../outbox/enqueue';
import type { Services } from '../services';
import { scheduleJob } from './schedule';

/**
 * Writes a mail to the outbox for every subscription due at `now`, and moves each on to its next
 * run, in one transaction: the rows are locked (`skip locked`), so a second node looking at the same
 * moment takes none of them, and a run missed while the servers were down is sent once. A frozen
 * user's subscription moves on without a mail. Answers how many mails were written.
 */
export async function enqueueDueSubscriptions(services: Services, now = new Date()): Promise<number> {
  const written = await services.db.transaction(async (tx) => {
    const due = await tx.select({ sub: viewSubscriptions, email: users.email, status: users.status, dealerId: users.dealerId })
      .from(viewSubscriptions).innerJoin(users, eq(users.id, viewSubscriptions.userId))
      .where(and(eq(viewSubscriptions.status, 'active'), lte(viewSubscriptions.nextRunAt, now)))
      .orderBy(viewSubscriptions.nextRunAt).limit(500)
      .for('update', { of: viewSubscriptions, skipLocked: true });
    const mails: OutboxMessage[] = [];
    for (const { sub, email, status, dealerId } of due) {
      await tx.update(viewSubscriptions).set({ nextRunAt: nextRun(scheduleOf(sub), now, services.config.timeZone), lastRunAt: now }).where(eq(viewSubscriptions.id, sub.id));
      if (status !== 'normal' || !email) continue;
      mails.push({ kind: 'mail', topic: 'subscription', target: email, payload: { subscriptionId: sub.id, runAt: now.toISOString() }, dealerId });
    }
    await enqueueOutbox(tx, mails);
    return mails.length;
  });
  if (written) services.outbox.wake();
  return written;
}

/** The subscriptions' run and the stock alert digests, by one node at a time, every SUBSCRIPTION_MINUTES; off while mail is. */
export function scheduleSubscriptionRun(app: FastifyInstance, services: Services) {
  if (!mailConfigured(services.config)) return;
  scheduleJob(app, services.db, {
    name: 'subscriptionRun', title: 'view subscriptions', lane: 'long', minutes: services.config.SUBSCRIPTION_MINUTES, firstAfterMs: 3_000, quiet: true,
    run: async () => {
      const written = await enqueueDueSubscriptions(services);
      const digests = await enqueueDueDigests(services);
      if (written || digests) app.log.info({ written, digests }, 'subscription mails and alert digests queued');
    },
  });
}
