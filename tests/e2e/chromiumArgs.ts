/**
 * How the browser tests and benches start Debian's Chromium (the full browser in its headless mode:
 * no headless shell is packaged). Besides the usual quiet switches, the omnibox's WebUI popup is
 * off: this Chromium builds that popup, a chrome:// page in a renderer of its own, for every new
 * window, and every test's browser context opens one. Measured here on a page with no script, each
 * new context cost 0.9 to 2.6 s of CPU with it and about 0.6 s without; a headless browser never
 * shows the omnibox, so nothing a test sees changes.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];
