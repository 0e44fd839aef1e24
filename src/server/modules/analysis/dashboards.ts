import { readdirSync } from 'node:fs';
import type { DashboardDef } from '../../../shared/analytics/dashboards';
import { isRecord } from '../../../shared/must';

/** A dashboard file's module: a default export with an id and panels. */
const isDashboardModule = (module: unknown): module is { default: DashboardDef } =>
  isRecord(module) && isRecord(module.default) && typeof module.default.id === 'string' && Array.isArray(module.default.panels);

const folder = new URL('../../../../dashboards/', import.meta.url);

/**
 * Every dashboard file (dashboards/<id>.ts), the same files the console's registry finds: the
 * server reads who may see each one, and so who may run each query (`queryPermission`), from
 * them rather than from a list of its own. Read once at start.
 */
export const DASHBOARDS: DashboardDef[] = await Promise.all(
  readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort()
    .map(async (file) => {
      const module: unknown = await import(new URL(file, folder).href);
      if (!isDashboardModule(module)) throw new Error(`dashboards/${file}: its default export is not a dashboard`);
      return module.default;
    }),
);
