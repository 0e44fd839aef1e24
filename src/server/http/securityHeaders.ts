import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers for a configuration, worked out once. The Fastify plugin
 * (@fastify/helmet) builds Helmet's middleware again for every request, parsing the content
 * security policy each time: 4% of the server's time for a scan (bench/scans.ts
 * --cpu-prof). The policy here has no per-request part (no nonces), so every answer carries the
 * same headers.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  // A response of no connection collects what Helmet sets.
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/**
 * Every answer gets the headers, on the raw response as the plugin set them, so an answer written
 * straight to the socket (a dashboard's stream) has them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
