import { createHmac, randomBytes } from 'node:crypto';
import { tmsTokenAnswer } from '../../../shared/api/session';
import type { Services } from '../../services';
import { defineRoute } from '../../http/route';
import { logisticsConfigRoutes } from './config';

const TMS_TOKEN_MINUTES = 30;

export function logisticsRoutes(services: Services) {
  const { config } = services;
  // Without TMS_SECRET the key lives as long as the process: tokens end at a restart.
  const secret = config.TMS_SECRET ?? randomBytes(32).toString('hex');
  return [
    defineRoute({
      method: 'GET', url: '/tms/getTmsToken', tag: 'logistics', permission: 'session', answer: tmsTokenAnswer,
      summary: 'A short-lived signed token for the transport management system (TMS), naming the user and dealer',
      handler: async ({ user }) => {
        const expiresAt = new Date(Date.now() + TMS_TOKEN_MINUTES * 60_000);
        const payload = Buffer.from(JSON.stringify({ uid: user.id, dealerId: user.dealerId, exp: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
        const signature = createHmac('sha256', secret).update(payload).digest('base64url');
        return { token: `${payload}.${signature}`, expiresAt: expiresAt.toISOString() };
      },
    }),
    ...logisticsConfigRoutes(services),
  ];
}
