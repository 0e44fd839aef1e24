import { z } from 'zod';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../shared/api/envelope';
import { healthAnswer } from '../shared/api/session';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { prepareData } from './db/seed';
import { installErrorHandling, registerRoutes } from './http/register';
import { buildOpenApi } from './http/openapi';
import { JSON_DOCUMENT } from './http/rawAnswers';
import { importTicketRoutes } from './http/importTickets';
import { defineRoute, type RouteDef } from './http/route';
import { analysisRoutes } from './modules/analysis/routes';
import { basedataRoutes } from './modules/basedata';
import { exchangeRoutes } from './modules/monitoring/exchanges';
import { logisticsRoutes } from './modules/logistics/routes';
import { noticeRoutes } from './modules/notices/routes';
import { announcementRoutes } from './modules/system/announcements';
import { departmentRoutes } from './modules/system/departments';
import { dictionaryRoutes } from './modules/system/dictionaries';
import { resourceRoutes } from './modules/system/resources';
import { roleRoutes } from './modules/system/roles';
import { sessionRoutes } from './modules/system/routes';
import { idleLimitsOf } from './platform/sessionStore';
import { dictVersionOf } from './platform/dictVersion';
import { connectRedis } from './platform/redis';
import { userRoutes } from './modules/system/users';
import { serviceAccountRoutes } from './modules/system/serviceAccounts';
import { webhookRoutes } from './modules/integration/webhookRoutes';
import { webhookSender } from './modules/integration/webhookSender';
import { attachRealtime } from './realtime/hub';
import type { Services } from './services';
import { orderRoutes } from './modules/orders/routes';
import { otherRoutes } from './modules/other';
import { stockAlertRoutes } from './modules/monitoring/stockAlerts';
import { inventoryMonitorRoutes } from './modules/monitoring/inventoryMonitor';
import { registerStaticAssets } from './http/staticAssets';
import { registerSecurityHeaders } from './http/securityHeaders';
import { webInlineScriptHashes } from './http/inlineScripts';
import { scheduleAlertSweep } from './jobs/alertSweep';
import { scheduleInvariantCheck } from './jobs/invariantCheck';
import { schedulePeriodRollup } from './jobs/periodRollup';
import { scheduleEmbeddedStats } from './jobs/embeddedStats';
import { createOutbox } from './outbox/dispatcher';
import { outboxRoutes } from './modules/monitoring/outboxRetry';
import { startMail, viewRoutes } from './modules/views';
import { mailConfigured } from './modules/views/mailSettings';

/** Set by the server build (scripts/build-server.mjs); run from source, package.json says it. */
declare const __APP_VERSION__: string | undefined;
const version = typeof __APP_VERSION__ === 'string'
  ? __APP_VERSION__
  : z.object({ version: z.string() }).parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))).version;

/** Every route module; the authorization matrix test walks this same list. */
export function allRoutes(services: Services): RouteDef[] {
  const started = Date.now();
  const routes: RouteDef[] = [
    ...sessionRoutes(services), ...dictionaryRoutes(services), ...resourceRoutes(services), ...announcementRoutes(services), ...userRoutes(services), ...serviceAccountRoutes(services), ...webhookRoutes(services), ...roleRoutes(services), ...departmentRoutes(services),
    ...basedataRoutes(services), ...logisticsRoutes(services), ...analysisRoutes(services), ...orderRoutes(services), ...noticeRoutes(services),
    ...otherRoutes(services), ...stockAlertRoutes(services), ...exchangeRoutes(services), ...outboxRoutes(services), ...inventoryMonitorRoutes(services),
    ...viewRoutes(services), ...importTicketRoutes(services.db),
  ];
  routes.push(
    defineRoute({
      method: 'GET', url: '/health', tag: 'ops', permission: 'public', answer: healthAnswer, summary: 'Liveness and database check',
      handler: async () => {
        // The embedded database answered a statement this second: it is alive, and a check queued
        // behind the read under way would only time out a load balancer (docs/architecture.md, The database).
        if (!services.database.gate?.answeredWithin(1000)) await services.db.execute(sql`select 1`);
        return {
          status: 'ok', db: services.database.kind, uptimeSeconds: Math.round((Date.now() - started) / 1000),
          // Whether mail leaves (SMTP_URL and MAIL_FROM): subscriptions and mailed alerts need it.
          mail: mailConfigured(services.config) ? 'on' : 'off',
        };
      },
    }),
  );
  // Built when first asked for (about 100 ms of every start otherwise, and few starts are ever asked).
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  routes.push(defineRoute({
    method: 'GET', url: '/openapi.json', tag: 'ops', permission: 'public', raw: JSON_DOCUMENT,
    summary: 'This API description: every call, its input and its answer (OpenAPI 3.1)',
    handler: async ({ reply }) => reply.send(openapi ??= buildOpenApi(routes, version)),
  }));
  return routes;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  routes: RouteDef[];
}

export async function buildApp(config: Config, opts: { pgliteSnapshot?: Uint8Array } = {}): Promise<App> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    // Idle keep-alive connections are closed at shutdown; requests in flight are finished.
    forceCloseConnections: 'idle',
  });

  const database = await openDatabase({
    dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, readUrl: config.DATABASE_READ_URL, pgliteSnapshot: opts.pgliteSnapshot,
    timeZone: config.timeZone,
    onIdleError: (err) => app.log.warn({ err }, 'an idle database connection broke; the pool replaces it'),
    onLongWait: (waitedMs, lane, ahead) => app.log.info({ waitedMs: Math.round(waitedMs), lane, ahead }, 'a statement waited for the embedded database'),
    // Once serving: the migrations' and the demo seed's transactions at start hold it seconds, and stall no caller.
    onLongHold: (heldMs, lane, statement) => {
      if (app.server.listening) app.log.warn({ heldMs: Math.round(heldMs), lane, statement }, 'a statement held the embedded database, and the server with it');
    },
  });
  app.addHook('onClose', async () => database.close());
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, config.REDIS_PREFIX, app.log) : null;
  // Closed, as the database is, once the requests in flight have finished.
  if (redis) app.addHook('onClose', async () => redis.close());
  // Closing waits for every connection to end. Node closes the idle keep-alive ones at once, but a
  // connection busy at SIGTERM would then stay open for the keep-alive timeout (72 s) after its
  // answer, holding the database open: answers sent while closing end their connection instead.
  let closing = false;
  app.addHook('preClose', async () => { closing = true; });
  app.addHook('onSend', async (req, reply) => {
    if (closing && req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
  // An answer whose headers went out before closing began (a long export) ends its connection too.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  // Nodes starting together take turns: the first syncs the menu and creates the demo data, the rest find it done.
  const seeded = await database.exclusive(() => prepareData(database.db, { seedDemo: config.SEED_DEMO, adminPassword: config.ADMIN_PASSWORD }));
  if (seeded !== 'none') app.log.info({ seeded }, 'empty database: initial data created');
  if (!config.captchaEnabled) app.log.warn('CAPTCHA=off: logins are not protected by a captcha');
  if (redis && !config.TMS_SECRET) app.log.warn('TMS_SECRET unset: with several nodes a TMS token works only on the node that made it');

  const outbox = createOutbox(database.db, config, app.log);
  // Webhooks leave through the outbox, signed (docs/integrations.md).
  outbox.register('webhook', webhookSender(database.db, config.WEBHOOK_REACH));
  const services: Services = {
    config, db: database.db, readDb: database.readDb, database, dictVersion: await dictVersionOf(database.db),
    realtime: attachRealtime(app, database.db, idleLimitsOf(config), redis ?? undefined), outbox,
  };
  // On the API's answers only: a static file needs no dictionary version, nor to wait for its read.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(API_BASE)) reply.header('x-dict-version', String(await services.dictVersion.current()));
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's first script, by its hash (it starts the first view's calls while the page is parsed).
        // 'wasm-unsafe-eval': the camera's barcode reader is WebAssembly from the console's own build (docs/offline-floor.md).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...webInlineScriptHashes(path.resolve(config.WEB_DIR))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The offline console: its service worker and web app manifest, from the console's own origin (docs/offline-floor.md).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  // With Redis the limits count across nodes (a login limit is per address, whichever node answers);
  // a Redis that does not answer skips the limit rather than refusing sign-ins (lockouts stay in the database).
  await app.register(rateLimit, { global: false, ...(redis ? { redis: redis.limits, nameSpace: `${redis.prefix}-rl-`, skipOnError: true } : {}) });
  installErrorHandling(app);
  // Imports upload the workbook itself as the body.
  const IMPORT_LIMIT = 20 * 1024 * 1024;
  for (const type of ['application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMPORT_LIMIT }, (_req, body, done) => done(null, body));
  }

  const routes = allRoutes(services);
  registerRoutes(app, services, routes);
  scheduleAlertSweep(app, services);
  scheduleInvariantCheck(app, services);
  schedulePeriodRollup(app, services);
  scheduleEmbeddedStats(app, services);
  outbox.schedule(app);
  startMail(app, services);

  const webDir = path.resolve(config.WEB_DIR);
  if (existsSync(path.join(webDir, 'index.html'))) {
    registerStaticAssets(app, webDir);
    await app.register(fastifyStatic, {
      root: webDir,
      // The build writes .br and .gz beside each asset (build/precompress.ts): sent as they are, never compressed per request.
      preCompressed: true,
      // The hashed assets are served from memory (staticAssets.ts); index.html must be fetched fresh to see a new release.
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
  }
  return { app, services, routes };
}
