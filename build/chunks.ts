import path from 'node:path';

interface ModuleInfo { importedIds: readonly string[] }
/** Rolldown's chunking context (a method: call it on the context). */
export interface Context { getModuleInfo(id: string): ModuleInfo | null }

const web = path.resolve(import.meta.dirname, '../src/web');
export const ENTRY = path.join(web, 'main.tsx');
/**
 * What a signed-in first view renders: the session gate with the providers, the layout, home with
 * its dashboard and the dashboard's definition (2 KB, which in a file of its own took one of the
 * browser's six connections to the server while home's first calls held three). Not the
 * dashboard's filter bar, which loads as the panels are drawn (pages/home).
 */
export const SHELL_ROOTS = [
  ...['app/SessionGate.tsx', 'layout/index.tsx', 'pages/home/index.tsx', 'kit/dashboard/registry.ts'].map((file) => path.join(web, file)),
  path.resolve(import.meta.dirname, '../dashboards/home.ts'),
];
/** What home's first view loads beyond the entry (prefetch.ts's loadHome): the shell's roots and the chart. */
export const HOME_MODULES = [...SHELL_ROOTS, path.join(web, 'kit/chart/Chart.tsx')];
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

/** Every module `roots` import statically, themselves included: breadth first, the roots' order kept. */
export function closure(roots: readonly string[], ctx: Context): Set<string> {
  const seen = new Set<string>();
  const next = [...roots];
  for (let at = 0; at < next.length; at++) {
    const id = next[at];
    if (seen.has(id)) continue;
    seen.add(id);
    next.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let graph: { ctx: Context; entry: Set<string>; shell: Set<string> } | undefined;
const graphOf = (ctx: Context) => {
  if (graph?.ctx !== ctx) graph = { ctx, entry: closure([ENTRY], ctx), shell: closure(SHELL_ROOTS, ctx) };
  return graph;
};

/**
 * The chunks (rolldown's `codeSplitting.groups`):
 *   - react: the libraries every view needs, long cached;
 *   - base: what the entry imports (the login page), in a chunk of its own so that nothing of it
 *     is pulled into the shell (a group takes its modules' dependencies along);
 *   - shell: everything else the session gate, the layout and home import, in one file. Left to
 *     the automatic splitting it came as some 50 small files, which on HTTP/1.1's six connections
 *     per host (three of them held by the entry's early calls) arrived round after round: home's
 *     first chart came a fifth later. Other pages, ECharts and SheetJS keep chunks of their own.
 * The import graph is exact because Arco's components and icons are imported from their own
 * modules (build/arcoStyle.ts), not through the library's index, which reaches all of them.
 */
export const chunkGroups = [
  { name: 'react', test: REACT, priority: 3 },
  { name: (id: string, ctx: Context) => (graphOf(ctx).entry.has(id) ? 'base' : null), debugName: 'base', priority: 2 },
  { name: (id: string, ctx: Context) => (graphOf(ctx).shell.has(id) ? 'shell' : null), debugName: 'shell', priority: 1 },
];
