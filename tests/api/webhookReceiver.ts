import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A receiver as docs/integrations.md shows one: it takes a delivery only when its `x-signature`
 * verifies against the secret and its timestamp is recent; anything else is refused with 400.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface Taken { id: string; event: string; body: Record<string, unknown>; raw: string }

export interface Receiver {
  url: string;
  port: number;
  /** Deliveries taken (signature verified), in arrival order. */
  taken: Taken[];
  /** Requests refused for their signature. */
  forged: number;
  /** The status to answer a verified delivery with (200 unless told). */
  answer: (taken: Taken) => number;
  stop(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startReceiver(secret: string, port = 0): Promise<Receiver> {
  const receiver: Receiver = { url: '', port: 0, taken: [], forged: 0, answer: () => 200, stop: async () => undefined };
  const server: Server = createServer((req, res) => {
    void read(req).then((raw) => {
      if (!verifySignature(secret, req.headers['x-signature'] as string | undefined, raw)) {
        receiver.forged++;
        res.writeHead(400, { 'content-type': 'text/plain' }).end('bad signature');
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      const taken = { id: String(req.headers['x-webhook-id']), event: String(req.headers['x-webhook-event']), body, raw };
      const status = receiver.answer(taken);
      if (status < 300) receiver.taken.push(taken);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'received' : `refused ${status}`);
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  receiver.stop = () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); });
  return receiver;
}
