/* global location, performance -- read in the page */
// where the page's main thread spends a cold load of the login form and of home, by
// source module. Builds the console with source maps into a temporary folder, serves it from the
// real server on a fresh demo database, loads each view in a new browser context (cold cache,
// headless Chromium 1440x900) under V8's sampling profiler, and prints the JavaScript time up to
// the probe (the login field shown, every panel of home drawn) by package or source folder and by
// function, with when each script arrived.
//
//   npx tsx bench/profileLoad.ts [--runs 3] [--top 30]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROMIUM_ARGS } from '../tests/e2e/chromiumArgs';
import { probed, probeScript, signIn, startConsole, type ConsoleServer } from './consoleServer';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  const value = at < 0 ? fallback : Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number of at least 1`);
  return value;
};
const runs = option('--runs', 3);
const top = option('--top', 30);

// ---- source maps: a profile's (script, line, column) to the module it came from ----------------
const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(url: string) {
  if (!maps.has(url)) {
    const file = path.join(webDir, new URL(url).pathname);
    try {
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url);
}
/** A source file as a bucket: a package (with its first folder for big ones) or a folder of the console. */
function bucketOf(source: string) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(?:es|lib|dist|esm|cjs|build)\/)?([^/]+)?/.exec(source);
  if (pkg) return ['echarts', 'zrender', '@arco-design/web-react'].includes(pkg[1]) ? `${pkg[1]}/${pkg[2]}` : pkg[1];
  return source.replace(/^.*?src\//, 'src/').replace(/\/[^/]+$/, '');
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

/**
 * Adds the profile's samples up to `until` (ms since navigation start) to the buckets. `offset` is
 * the profiler's clock (ms) less the page's `performance.now()`; returns the samples left out.
 */
function attribute(profile: Profile, until: number, offset: number, into: Map<string, number>, functions: Map<string, number>): number {
  let after = 0;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t / 1000 - offset > until) {
      after++;
      return;
    }
    const { callFrame: f } = byId.get(id)!;
    let key = f.url ? '' : f.functionName || '(anonymous)';
    let fn = key;
    if (f.url) {
      const map = f.url.includes('/assets/') ? mapOf(f.url) : null;
      const at = map?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      key = at?.source ? bucketOf(at.source) : new URL(f.url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
      fn = `${at?.name || f.functionName || '(anonymous)'}  ${at?.source ? `${at.source.replace(/^.*?(node_modules|src)\//, '')}:${at.line}` : key}`;
    }
    if (key === '(idle)') return;
    into.set(key, (into.get(key) ?? 0) + ms);
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  });
  return after;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'tyre-profile-'));
const webDir = path.join(work, 'web');
let server: ConsoleServer | undefined;
let browser: Browser | undefined;
try {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');

  server = await startConsole(webDir);
  const { base } = server;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const views = [
    { name: 'login form', path: '/#/login', signedIn: false, probe: '[data-testid="login-user"]' },
    { name: 'every panel of home', path: '/#/home', signedIn: true, probe: 'every panel' },
  ];
  for (const view of views) {
    const buckets = new Map<string, number>();
    const functions = new Map<string, number>();
    const shown: number[] = [];
    let arrivals: { name: string; end: number }[] = [];
    // Round 0 warms the server; it is not counted.
    for (let round = 0; round <= runs; round++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      if (view.signedIn) await context.addCookies([{ name: 'token', value: await signIn(base), url: base }]);
      await context.addInitScript(probeScript({ shown: view.probe }));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(base + view.path, { waitUntil: 'commit' });
      const at = await probed(page, 'shown');
      const stoppedAt = await page.evaluate(() => performance.now());
      const { profile } = await cdp.send('Profiler.stop') as unknown as { profile: Profile };
      if (round > 0) {
        shown.push(at);
        // The two clocks lined up at the stop (a few ms early: the stop is a round trip later).
        const leftOut = attribute(profile, at, profile.endTime / 1000 - stoppedAt, buckets, functions);
        if (!leftOut) throw new Error('no sample fell after the probe: the profile and the page clocks are not lined up');
        arrivals = await page.evaluate(() => performance.getEntriesByType('resource')
          .map((e) => ({ name: e.name.replace(location.origin, ''), end: Math.round((e as PerformanceResourceTiming).responseEnd) })));
      }
      await context.close();
    }
    const total = [...buckets.values()].reduce((s, v) => s + v, 0) / runs;
    console.log(`\n${view.name}: shown at ${shown.map((s) => s.toFixed(0)).join(', ')} ms; the main thread's samples before it ${total.toFixed(0)} ms a load (JavaScript, (program) and GC; mean of ${runs})`);
    for (const [key, ms] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(ms / runs).toFixed(0).padStart(6)} ms  ${key}`);
    console.log('  by function (self time):');
    for (const [key, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(ms / runs).toFixed(0).padStart(6)} ms  ${key}`);
    console.log('  what arrived when (last load):');
    for (const a of arrivals.filter((x) => x.end <= Math.max(...shown))) console.log(`  ${String(a.end).padStart(6)} ms  ${a.name}`);
  }
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
