/**
 * Home's code fetched from the page's first script, when home is where a signed-in visit goes
 *: the shell, home and its dashboard's chunks and styles, as `modulepreload` and
 * `preload` links. Left to the entry, they were asked for only once React and the login page had
 * been fetched and run and the route guard had rendered (some 730 ms after navigation on this
 * machine), then home's first chart waited for them. The build writes the list in
 * (build/earlyCalls.ts); the entry's own `import()`s then find the modules fetched.
 */
export function preloadModules(urls: readonly string[]): void {
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = url.endsWith('.css') ? 'preload' : 'modulepreload';
    if (url.endsWith('.css')) link.as = 'style';
    // As the build's own tags ask (Vite's loader sets it on stylesheets too), so what is preloaded is what is taken.
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
  }
}
