import type { FastifyInstance } from 'fastify';
import { scheduleSubscriptionRun } from '../../jobs/subscriptionRun';
import { createMailSender } from '../../outbox/mailSender';
import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { alertMailBuilders, alertMailRoutes } from './alertMails';
import { mailConfigured } from './mailSettings';
import { savedViewRoutes } from './savedViews';
import { subscriptionMail } from './subscriptionMail';
import { subscriptionRoutes } from './subscriptions';

/** Saved views and their subscriptions' calls (docs/views-and-subscriptions.md). */
export const viewRoutes = (services: Services): RouteDef[] => [...savedViewRoutes(services), ...subscriptionRoutes(services), ...alertMailRoutes(services)];

/**
 * Mail, when SMTP_URL and MAIL_FROM are set: the outbox's `mail` sender (each topic's mail built at
 * send time) and the subscriptions' scheduled run. Unset, mail rows wait and nothing is scheduled.
 */
export function startMail(app: FastifyInstance, services: Services) {
  const { SMTP_URL, MAIL_FROM } = services.config;
  if (!mailConfigured(services.config) || !SMTP_URL || !MAIL_FROM) return;
  const sender = createMailSender(SMTP_URL, MAIL_FROM, { subscription: subscriptionMail(services), ...alertMailBuilders(services) });
  services.outbox.register('mail', sender);
  app.addHook('onClose', async () => sender.close());
  scheduleSubscriptionRun(app, services);
}
