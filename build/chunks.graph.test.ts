import path from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { alias } from './alias';
import { closure, ENTRY, HOME_MODULES } from './chunks';

const ZOD = /node_modules[\\/]zod[\\/]/;
/** A module of schemas, read beside the roots to show that the graph sees zod where it is. */
const SCHEMAS = path.resolve(import.meta.dirname, '../src/shared/api/users.ts');

/**
 * The console's real import graph from `inputs`: Vite resolves and transforms the sources as the
 * build does (aliases, type-only imports erased, import.meta.glob), but of the libraries reads only
 * zod; the others are left out, as none of them imports zod. Under a second.
 */
async function importGraph(inputs: string[]) {
  const imports = new Map<string, readonly string[]>();
  const record: Plugin = {
    name: 'record-import-graph',
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  const library = (id: string) => !path.isAbsolute(id) && !/^(\.|\0|@shared\/|@web\/|zod(\/|$))/.test(id);
  await build({
    configFile: false,
    logLevel: 'silent',
    root: path.dirname(ENTRY),
    resolve: { alias },
    plugins: [record],
    build: { write: false, minify: false, rollupOptions: { input: inputs, external: library } },
  });
  return { getModuleInfo: (id: string) => (imports.has(id) ? { importedIds: imports.get(id)! } : null) };
}

describe('the signed-in first view on the real import graph (build/chunks.ts)', () => {
  it('loads no zod before home\'s first chart: neither the base and shell chunks nor home\'s chart and dashboard import it', async () => {
    const roots = [ENTRY, ...HOME_MODULES];
    const ctx = await importGraph([...roots, SCHEMAS]);
    expect(ctx.getModuleInfo(SCHEMAS)!.importedIds.some((id) => ZOD.test(id))).toBe(true);

    const firstView = closure(roots, ctx);
    // The modules that bring zod in, by name, so that a failure says where to look: a module of
    // schemas imported for its constants wants them in a module of their own (userFields.ts, say).
    const importers = [...firstView]
      .filter((id) => !ZOD.test(id) && ctx.getModuleInfo(id)!.importedIds.some((dep) => ZOD.test(dep)))
      .map((id) => path.relative(path.dirname(import.meta.dirname), id));
    expect(importers).toEqual([]);
    expect([...firstView].filter((id) => ZOD.test(id))).toEqual([]);
  }, 60_000);
});
