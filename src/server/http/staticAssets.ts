import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** What the build's hashed assets are, by extension. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};
/** A build asset's name: no folder, nothing outside the assets folder. */
const ASSET_NAME = /^[\w.-]+$/;

interface Asset { type: string; etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer }

const readIfThere = (file: string) => readFile(file).catch((err: NodeJS.ErrnoException) => {
  if (err.code === 'ENOENT') return undefined;
  throw err;
});

/**
 * The build's hashed assets (`<webDir>/assets`), served from memory: each is read once, with the
 * `.br` and `.gz` the build wrote beside it (build/precompress.ts), and then answered in one turn of
 * the event loop. Served from disk, an answer took four or five turns (stat, open, read, end), and on
 * the embedded database each turn waited for the statement running on the same thread: while home's
 * first calls ran, its first dozen scripts took 350 to 450 ms. The names carry their content's hash,
 * so an asset never changes while the server runs; a name not in the folder is not kept.
 */
export function registerStaticAssets(app: FastifyInstance, webDir: string) {
  const dir = path.join(webDir, 'assets');
  const held = new Map<string, Promise<Asset | null>>();
  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(dir, name);
    const identity = await readIfThere(file);
    if (!identity) return null;
    const [br, gzip] = await Promise.all([readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
    return { type: TYPES[path.extname(name)] ?? 'application/octet-stream', etag: `"${name}"`, identity, br, gzip };
  };
  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const name = req.params['*'];
    if (!ASSET_NAME.test(name)) return reply.callNotFound();
    let asset = held.get(name);
    if (!asset) {
      // A name not in the folder, or a read that failed, is not kept: the next request reads again.
      const forget = () => held.delete(name);
      held.set(name, (asset = load(name).then((a) => a ?? (forget(), null), (err: unknown) => { forget(); throw err; })));
    }
    const found = await asset;
    if (!found) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', found.etag).header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === found.etag) return reply.code(304).send();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = found.br && /\bbr\b/.test(accepts) ? ['br', found.br]
      : found.gzip && /\bgzip\b/.test(accepts) ? ['gzip', found.gzip] : [null, found.identity];
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(found.type).send(body);
  });
}
