/**
 * While the sign-in page waits for the user, load what the first page after it needs: the
 * layout, the home page and its dashboard (filter bar, chart library, the home definition).
 * Each is otherwise fetched only when the previous one has rendered, a chain of five round
 * trips and parses after the sign-in click (DESIGN.md budgets: home with data in 800 ms).
 * Dynamic imports only, so the sign-in page's own JavaScript does not grow; the browser does
 * this when it is idle, after the form is on screen.
 */
export function prefetchHome(): void {
  const load = () => {
    // A failed prefetch is not an error: the route loads the module again when it is shown.
    const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);
    quietly(import('../layout'));
    quietly(import('../pages/home'));
    quietly(import('../kit/dashboard/FilterBar'));
    quietly(import('../kit/chart/Chart'));
    quietly(import('../kit/dashboard/registry').then((r) => r.loadDashboard('home')));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 300);
}
