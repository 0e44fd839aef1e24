import { quote } from './manifestEntry';
import type { PagePlan } from './plan';
import { addToRouteFunction, ensureImports, importPath } from './sourceEdits';

/** A route function: the file and the function that gather a menu place's calls. */
interface RouteFunction { file: string; fn: string }

const APP: RouteFunction = { file: 'src/server/app.ts', fn: 'allRoutes' };
const LOGISTICS: RouteFunction = { file: 'src/server/modules/logistics/routes.ts', fn: 'logisticsRoutes' };
const ANALYSIS: RouteFunction = { file: 'src/server/modules/analysis/routes.ts', fn: 'analysisRoutes' };

/**
 * Where a section's (or a group's) calls are gathered. Base data has no single module: its
 * logistics configuration lives in modules/logistics. System administration and monitoring
 * register each module in app.ts, so a page of theirs is registered there, as is a page of a
 * section not named here.
 */
const ROUTE_FUNCTIONS: Record<string, RouteFunction> = {
  '/basedata': { file: 'src/server/modules/basedata/index.ts', fn: 'basedataRoutes' },
  '/basedata/logisticsconfiguration': LOGISTICS,
  '/ordermanage': { file: 'src/server/modules/orders/routes.ts', fn: 'orderRoutes' },
  '/ordermanage/logistics': LOGISTICS,
  '/reportQuery': ANALYSIS,
  '/intelligentAnalysis': ANALYSIS,
  '/other': { file: 'src/server/modules/other/index.ts', fn: 'otherRoutes' },
};

export const routeFunctionOf = (plan: Pick<PagePlan, 'sectionPath' | 'group'>): RouteFunction =>
  ROUTE_FUNCTIONS[`${plan.sectionPath}/${plan.group}`] ?? ROUTE_FUNCTIONS[plan.sectionPath] ?? APP;

/** The route file with the page's calls: `...pageCrudRoutes(services, '<menu route>', <table>)`, and its imports. */
export function addRoutes(text: string, plan: PagePlan): string {
  const { file, fn } = routeFunctionOf(plan);
  let out = addToRouteFunction(text, file, fn, `...pageCrudRoutes(services, ${quote(plan.routePath)}, ${plan.tableConst})`);
  out = ensureImports(out, file, importPath(file, 'src/server/http/pageCrud.ts'), ['pageCrudRoutes']);
  return ensureImports(out, file, importPath(file, 'src/server/db/schema.ts'), [plan.tableConst]);
}
