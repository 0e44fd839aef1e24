import { useQuery } from '@tanstack/react-query';
import type { DashboardDef } from '@shared/analytics/dashboards';

/**
 * Every dashboard file (dashboards/<id>.ts at the repository root), each loaded when first
 * shown: adding a dashboard is adding a file. The file name is the dashboard's id.
 */
const files = import.meta.glob<{ default: DashboardDef }>(['../../../../dashboards/*.ts', '!**/*.test.ts']);
const idOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);

/** Dashboard ids, home first, then by name. */
export const DASHBOARD_IDS = Object.keys(files).map(idOf)
  .sort((a, b) => (a === 'home' ? -1 : b === 'home' ? 1 : a.localeCompare(b)));

/** Definitions loaded so far, for a view to render with at once (home's is loaded ahead, prefetch.ts). */
const loaded = new Map<string, DashboardDef | null>();

export async function loadDashboard(id: string): Promise<DashboardDef | null> {
  const file = Object.keys(files).find((f) => idOf(f) === id);
  const def = file ? (await files[file]()).default : null;
  loaded.set(id, def);
  return def;
}

/** One dashboard's definition; null when no file has that id. */
export function useDashboard(id: string) {
  return useQuery({ queryKey: ['dashboardDef', id], queryFn: () => loadDashboard(id), initialData: () => loaded.get(id), staleTime: Infinity, gcTime: Infinity });
}

/** Every dashboard's definition, for the picker. */
export function useDashboards() {
  return useQuery({
    queryKey: ['dashboardDef', '*'],
    queryFn: async () => (await Promise.all(DASHBOARD_IDS.map(loadDashboard))).filter((d): d is DashboardDef => d !== null),
    staleTime: Infinity,
  });
}
