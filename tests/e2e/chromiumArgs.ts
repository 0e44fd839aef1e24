/**
 * Features Playwright turns off itself (playwright-core 1.65's `chromiumSwitches`): Chromium keeps
 * the last `--disable-features` it is given, so ours must carry them or they come back on.
 */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints',
  'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];

/**
 * The omnibox's WebUI popup. Debian's Chromium is the full browser run headless (no headless shell
 * is packaged), and it builds that popup, a chrome:// page in a renderer of its own, for every new
 * window: every test's browser context opens one. Measured here on a page with no script, each new
 * context cost 0.9 to 2.6 s of CPU with it and 0.3 to 0.8 s without. No one of these switches was
 * enough alone. A headless browser never shows the omnibox, so nothing a test sees changes.
 */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/** How the browser tests and benches start Chromium. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OMNIBOX_POPUP].join(',')}`,
];
