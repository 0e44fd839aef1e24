import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { moveAnswer, tmsStopBody, type TmsStopBody } from '../../../shared/api/dispatch';
import type { Language } from '../../../shared/i18n/languages';
import { tmsTokenAnswer } from '../../../shared/api/session';
import { carRequests, carRequestStops, transitPoints, users } from '../../db/schema';
import { apiKeyOf, keySession } from '../../platform/apiKeys';
import { allows, dataScopeOf } from '../../platform/dataScope';
import { keyCallers } from '../../platform/requestContext';
import { userGrants } from '../../platform/sessionStore';
import { pageAt } from '../../../shared/pages';
import { AppError, badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { failureText, recordExchange } from '../monitoring/exchangeLog';
import { reportStop } from './stops';
import type { CarRequest } from './trips';
import { z } from 'zod';

const TMS_TOKEN_MINUTES = 30;
/** Reporting stops is route following's button; the TMS acts with it. */
const REPORT_PERM = `${pageAt('/ordermanage/logistics/carroutefollowing').perm}:report`;
/** The header an outside TMS sends its token in. */
export const TMS_TOKEN_HEADER = 'tms-token';

/** What a TMS token says, as this server signed it. */
const tmsClaims = z.object({ uid: z.number(), dealerId: z.number().nullable(), exp: z.number() });
type TmsClaims = z.infer<typeof tmsClaims>;

/** A stop report's stop, by seq or by its transit point's code, reported on the request's trip. */
export async function reportStopFromBody(services: Services, lang: Language, request: CarRequest, body: TmsStopBody, by: string) {
  let seq = body.seq;
  if (seq === undefined) {
    const stops = await services.db.select({ seq: carRequestStops.seq, code: transitPoints.code }).from(carRequestStops)
      .innerJoin(transitPoints, eq(transitPoints.id, carRequestStops.pointId)).where(eq(carRequestStops.requestId, request.id));
    seq = stops.find((s) => s.code === body.pointCode?.toUpperCase())?.seq;
    if (seq === undefined) throw badRequest('stopUnknown', 'pointCode');
  }
  return reportStop(services, lang, request.id, seq, body.arrivedAt ? new Date(body.arrivedAt) : new Date(), { source: 'tms', by });
}

/**
 * The exchange with an outside transport management system (TMS): a user who may report stops
 * fetches a short-lived token (GET /tms/getTmsToken) and hands it to the TMS, which posts stop
 * reports with it (POST /tms/stopReport, header `tms-token`). A report acts as that user as the
 * user is at the time: still active, still granted, within the user's data scope. The token is
 * `base64url(claims).base64url(HMAC-SHA256)`, keyed by TMS_SECRET.
 */
export function tmsRoutes(services: Services): RouteDef[] {
  const { config } = services;
  // Without TMS_SECRET the key lives as long as the process: tokens end at a restart.
  const secret = config.TMS_SECRET ?? randomBytes(32).toString('hex');
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  /** The claims of a token that is ours and not expired, or a 401. */
  function verify(token: string | undefined): TmsClaims {
    const refuse = () => new AppError(401, 'tmsTokenInvalid');
    const [payload, signature] = (token ?? '').split('.');
    if (!payload || !signature) throw refuse();
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
    let read: unknown;
    try {
      read = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw refuse();
    }
    const claims = tmsClaims.safeParse(read);
    if (!claims.success || claims.data.exp * 1000 < Date.now()) throw refuse();
    return claims.data;
  }

  return [
    defineRoute({
      // Only those who may report stops hand a TMS the means to: the token acts with their rights.
      method: 'GET', url: '/tms/getTmsToken', tag: 'tms', permission: REPORT_PERM, answer: tmsTokenAnswer,
      summary: 'A short-lived signed token for the transport management system (TMS), naming the user and dealer; the TMS sends it as the tms-token header of POST /tms/stopReport',
      handler: async ({ user }) => {
        const expiresAt = new Date(Date.now() + TMS_TOKEN_MINUTES * 60_000);
        const payload = Buffer.from(JSON.stringify({ uid: user.id, dealerId: user.dealerId, exp: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
        return { token: `${payload}.${sign(payload)}`, expiresAt: expiresAt.toISOString() };
      },
    }),
    defineRoute({
      method: 'POST', url: '/tms/stopReport', tag: 'tms', permission: 'public', apiKeyHeader: TMS_TOKEN_HEADER, body: tmsStopBody, answer: moveAnswer,
      rateLimit: { max: 600, timeWindow: '1 minute' },
      summary: 'The TMS reports a trip\'s stop as reached (by seq, or by the transit point\'s code), authorised by the tms-token header from GET /tms/getTmsToken or a service account\'s API key granted the report button (401 when missing, forged or expired; a dealer\'s token reaches only its trips). The last stop delivers the trip; open consoles update at once',
      handler: async ({ body, req, lang }) => {
        // Every report is logged, taken or refused, for the upload monitor; one that passed the
        // token, the user and the scope and was refused for the trip's state keeps its body for a retry there.
        let request: CarRequest | undefined;
        let uid: number | undefined;
        let authorised = false;
        try {
          const scope = await reporterScope();
          [request] = await services.db.select().from(carRequests).where(eq(carRequests.requestNo, body.requestNo));
          if (!request || !allows(scope.dealerIds, request.dealerId) || !allows(scope.warehouseIds, request.warehouseId)) throw notFound();
          authorised = true;
          const result = await reportStopFromBody(services, lang, request, body, `tms:${uid}`);
          await log(true);
          return result;
        } catch (err) {
          await log(false, failureText(err, lang));
          throw err;
        }
        /**
         * The reporter's data scope: a service account's key (`Authorization: Bearer` or
         * `X-Api-Key`, granted the report button) or the tms-token, which acts as its user as that
         * user is now: still active, still granted, within today's scope.
         */
        async function reporterScope() {
          const key = apiKeyOf(req);
          if (key) {
            const session = await keySession(services.db, key, REPORT_PERM, req.ip);
            if (!session?.granted) throw new AppError(401, 'tmsTokenInvalid');
            uid = session.user.id;
            keyCallers.set(req, { userId: session.user.id, userName: session.user.userName, keyId: session.keyId });
            return session.scope ?? dataScopeOf(services.db, session.user);
          }
          const header = req.headers[TMS_TOKEN_HEADER];
          const claims = verify(typeof header === 'string' ? header : undefined);
          uid = claims.uid;
          const [user] = await services.db.select({ id: users.id, dealerId: users.dealerId, status: users.status }).from(users).where(eq(users.id, claims.uid));
          if (!user || user.status !== 'normal' || !(await userGrants(services.db, user.id)).perms.includes(REPORT_PERM)) throw new AppError(401, 'tmsTokenInvalid');
          return dataScopeOf(services.db, user);
        }
        async function log(ok: boolean, text?: string) {
          const known = authorised ? request : undefined;
          await recordExchange(services.db, {
            system: 'TMS', kind: 'stopReport', dealerId: known?.dealerId ?? null, warehouseId: known?.warehouseId ?? null,
            ref: body.requestNo, ok, message: text ?? null, payload: known ? JSON.stringify(body) : null, userName: uid ? `tms:${uid}` : 'tms',
          });
        }
      },
    }),
  ];
}
