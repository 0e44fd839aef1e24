import { asc } from 'drizzle-orm';
import { webhookPage } from '../../../shared/pages/system';
import { webhookEndpoints } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import type { RouteDef } from '../../http/route';
import { allows } from '../../platform/dataScope';
import type { Services } from '../../services';
import { numberOrNull } from '../../../shared/must';
import { refusedUrl } from './webhookReach';

/**
 * System › Webhooks (docs/integrations.md): the endpoints are a manifest list (src/shared/pages/system.ts),
 * scoped by their dealer. An endpoint of no dealer hears every dealer's events, so only a caller
 * unrestricted by dealer registers one.
 */
export function webhookRoutes(services: Services): RouteDef[] {
  return pageCrudRoutes(services, '/system/integration/webhooks', webhookEndpoints, {
    entity: 'webhookEndpoint',
    title: webhookPage.title,
    defaultOrder: asc(webhookEndpoints.id),
    check: async (values, ctx) => {
      if (!allows(ctx.scope.dealerIds, numberOrNull(values.dealerId))) throw badRequest('notInScope', 'dealerId');
      // An address written in the URL is judged as it is saved; a name, each time it is delivered to.
      const refused = typeof values.url === 'string' ? refusedUrl(values.url, services.config.WEBHOOK_REACH) : null;
      if (refused) throw badRequest(refused === 'local' ? 'webhookAddressLocal' : 'webhookAddressPrivate', 'url');
    },
  });
}
