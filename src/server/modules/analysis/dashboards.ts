import { readdirSync } from 'node:fs';
import type { DashboardDef } from '../../../shared/analytics/dashboards';

const folder = new URL('../../../../dashboards/', import.meta.url);

/**
 * Every dashboard file (dashboards/<id>.ts), the same files the console's registry finds: the
 * server reads who may see each one, and so who may run each query (`queryPermission`), from
 * them rather than from a list of its own. Read once at start.
 */
export const DASHBOARDS: DashboardDef[] = await Promise.all(
  readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort()
    .map(async (file) => ((await import(new URL(file, folder).href)) as { default: DashboardDef }).default),
);
