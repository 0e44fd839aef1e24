/**
 * Runs `fn` once the browser is idle, at the latest after `timeout` ms (where there is no idle
 * callback, after 300 ms): work that should not compete with what the user waits for.
 */
export function whenIdle(fn: () => void, timeout = 2000): { cancel(): void } {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(() => fn(), { timeout });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = setTimeout(fn, 300);
  return { cancel: () => clearTimeout(id) };
}
