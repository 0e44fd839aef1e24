#!/usr/bin/env node
// `npm run build:server`: the server as one compiled JavaScript file, dist/server/main.js (run with
// plain `node`, no tsx), its migrations beside it in dist/server/migrations (the database client
// finds them next to its own file). Packages stay in node_modules (`packages: 'external'`).
// `--outdir DIR` builds elsewhere (the cluster tests build their own copy).
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--outdir');
const outdir = path.resolve(at > 0 ? process.argv[at + 1] : path.join(root, 'dist/server'));
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/**
 * src/server/modules/analysis/dashboards.ts imports every dashboards/*.ts file it finds at run
 * time, which plain node cannot import: in the build the same files, found now, are imported
 * statically. The build stops if that module comes to export more than DASHBOARDS.
 */
const dashboardsStatic = {
  name: 'dashboards-static',
  setup(b) {
    b.onLoad({ filter: /[\\/]modules[\\/]analysis[\\/]dashboards\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const exported = source.match(/^export\s+\S+\s+(\w+)/gm) ?? [];
      if (exported.length !== 1 || !/DASHBOARDS/.test(exported[0]) || !source.includes('readdirSync(folder)')) {
        throw new Error(`${args.path} changed shape (exports ${exported.join(', ')}): update scripts/build-server.mjs`);
      }
      const folder = path.join(root, 'dashboards');
      const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
      return {
        loader: 'ts',
        resolveDir: path.dirname(args.path),
        contents: [
          ...files.map((f, i) => `import d${i} from ${JSON.stringify(path.join(folder, f))};`),
          `import type { DashboardDef } from '../../../shared/analytics/dashboards';`,
          `export const DASHBOARDS: DashboardDef[] = [${files.map((_, i) => `d${i}`).join(', ')}];`,
        ].join('\n'),
      };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [dashboardsStatic],
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(root, path.join(outdir, 'main.js')) || outdir} (${Date.now() - started} ms)`);
