/* global localStorage -- an init script runs in the page */
// docs/architecture.md#budgets: this console against two well-known admin templates, timed
// interleaved in one run so the machine's noise cancels in the ratio. Cold cache (a new browser
// context for every load), headless Chromium 1440x900 on loopback, median of the runs:
//   - login form shown: navigation start to the first frame with the user-name field on screen;
//   - home/dashboard first chart drawn: navigation start (already signed in) to the first frame with
//     a chart's canvas; for this console in a panel that has its data (the templates draw mocks);
//   - JavaScript of the login page: gzip (level 6) of every script loaded before the form showed,
//     and by network idle (what the page fetches after the form, prefetch included).
// This console runs on its real server with a fresh demo database; the templates' production
// builds (a folder holding `vue-element-admin/` and `arco-design-pro/`, each a built `index.html`
// with its assets) are served from the folder given on the command
// line by a static server here that gzips at level 6. Without the folder it measures this console
// alone and says so.
//
//   npm run bench:side -- <templates folder> [--runs 3] [--web-dir dist/web] [--compare-web-dir <another build>]
//
// --compare-web-dir measures a second build of this console (an earlier commit's, say) on a
// server of its own, interleaved with the rest, and prints its ratios to this build's.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/e2e/chromiumArgs';
import { probed, probeScript, signIn, startConsole, type ConsoleServer } from './consoleServer';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const [value] = argv.splice(at, 2).slice(1);
  return value;
};
const runs = Number(option('--runs') ?? 3);
const webDir = option('--web-dir') ?? 'dist/web';
const compareWebDir = option('--compare-web-dir');
const templatesDir = argv.find((a) => !a.startsWith('--'));
if (!existsSync(path.join(webDir, 'index.html'))) throw new Error(`no production build in ${webDir}: run npm run build first`);

interface Target {
  name: string;
  base: string;
  loginPath: string;
  /** Shown when this element is in the page with a size. */
  loginSelector: string;
  dashboardPath: string;
  dashboardSelector: string;
  /**
   * For this console: the form taken over by the page's code (the form above is index.html's first
   * frame, which shows before any script; this one can sign in).
   */
  loginLiveSelector?: string;
  /** A second figure for this console: every panel of home drawn. */
  everyPanel?: boolean;
  /** Called on a fresh context before the dashboard is opened: a session as the target keeps it. */
  signIn(context: BrowserContext): Promise<unknown>;
  /** Called on every fresh context: answers the target's API where its build has no server. */
  prepare?(context: BrowserContext): Promise<unknown>;
}

interface Sample { login: number; loginLive?: number; jsBeforeLive?: number; jsBeforeForm: number; filesBeforeForm: number; jsByIdle: number; filesByIdle: number; chart: number; everyPanel?: number }

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json',
  '.png': 'image/png', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.gif': 'image/gif', '.jpg': 'image/jpeg',
};

/** A static server like the templates' README asks for: falls back to index.html, gzips text at level 6. */
function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(type);
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}) });
    const body = createReadStream(file);
    (gzip ? body.pipe(createGzip({ level: 6 })) : body).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ---- the targets ---------------------------------------------------------------------------
const targets: Target[] = [];
const notes: string[] = [];
const servers: Server[] = [];
const templates = templatesDir ? path.resolve(templatesDir) : undefined;

if (!templates) notes.push('no templates folder given (npm run bench:side -- <templates folder>): this console alone, no ratios');
else {
  const vea = path.join(templates, 'vue-element-admin');
  if (existsSync(path.join(vea, 'index.html'))) {
    const server = await serveStatic(vea);
    servers.push(server);
    const base = urlOf(server);
    targets.push({
      name: 'vue-element-admin', base,
      loginPath: '/#/login', loginSelector: '.login-form input[name="username"]',
      dashboardPath: '/#/dashboard', dashboardSelector: '.dashboard-editor-container canvas',
      signIn: (context) => context.addCookies([{ name: 'Admin-Token', value: 'admin-token', url: base }]),
    });
  } else notes.push(`${vea} missing: vue-element-admin not measured, no ratios`);
  const adp = path.join(templates, 'arco-design-pro');
  const stubsFile = path.join(templates, 'arco-design-pro.api-stubs.json');
  if (existsSync(path.join(adp, 'index.html')) && existsSync(stubsFile)) {
    const stubs = JSON.parse(readFileSync(stubsFile, 'utf8')) as Record<string, unknown>;
    const server = await serveStatic(adp);
    servers.push(server);
    targets.push({
      name: 'arco-design-pro', base: urlOf(server),
      loginPath: '/login', loginSelector: '[class*="login-form-wrapper"] input[type="password"]',
      dashboardPath: '/dashboard/workplace', dashboardSelector: '[class*="layout-content"] canvas',
      // Its production build ships no mock: its calls are answered in the browser (README).
      prepare: (context) => context.route((url) => url.pathname.startsWith('/api/'), (route) => {
        const { pathname } = new URL(route.request().url());
        const key = Object.keys(stubs).find((k) => pathname === k || pathname.startsWith(`${k}/`));
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(key ? stubs[key] : {}) });
      }),
      signIn: (context) => context.addInitScript(() => localStorage.setItem('userStatus', 'login')),
    });
  } else notes.push(`${adp} or its api stubs missing: arco-design-pro not measured`);
}

const consoles: ConsoleServer[] = [];
/** This console on its real server with a fresh demo database, serving the build in `dir`. */
async function addConsole(name: string, dir: string) {
  const server = await startConsole(dir);
  consoles.push(server);
  targets.push({
    name, base: server.base,
    loginPath: '/#/login', loginSelector: '[data-testid="login-user"]', loginLiveSelector: '.login:not([data-first-frame]) [data-testid="login-user"]',
    dashboardPath: '/#/home', dashboardSelector: '[data-testid^="panel-"][data-state="ready"] canvas', everyPanel: true,
    signIn: async (context) => context.addCookies([{ name: 'token', value: await signIn(server.base), url: server.base }]),
  });
}
const COMPARED = `this console, ${compareWebDir}`;
await addConsole('this console', webDir);
if (compareWebDir) {
  if (!existsSync(path.join(compareWebDir, 'index.html'))) throw new Error(`no production build in ${compareWebDir}`);
  await addConsole(COMPARED, compareWebDir);
}

// ---- one load ------------------------------------------------------------------------------
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

async function freshContext(target: Target) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // Images from outside hosts are blocked and do not count (the templates load fonts and images from outside hosts).
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  await target.prepare?.(context);
  return context;
}

async function loginPage(target: Target) {
  const context = await freshContext(target);
  await context.addInitScript(probeScript({ login: target.loginSelector, ...(target.loginLiveSelector ? { loginLive: target.loginLiveSelector } : {}) }));
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    scripts.set(response.url(), response.body().then((b) => gzipSync(b, { level: 6 }).length, () => 0));
  });
  await page.goto(target.base + target.loginPath, { waitUntil: 'commit' });
  const login = await probed(page, 'login');
  const loginLive = target.loginLiveSelector ? await probed(page, 'loginLive') : undefined;
  // Scripts whose response ended before the form showed (or worked): what the form waited for.
  const endedBy = async (t: number) => new Set(await page.evaluate((at) => performance.getEntriesByType('resource')
    .filter((e) => (e as PerformanceResourceTiming).responseEnd <= at).map((e) => e.name), t));
  const early = await endedBy(login);
  const beforeLive = loginLive === undefined ? undefined : await endedBy(loginLive);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(async ([url, size]) => ({ url, gz: await size })));
  await context.close();
  const sum = (xs: { gz: number }[]) => xs.reduce((s, x) => s + x.gz, 0);
  const before = sizes.filter((s) => early.has(s.url));
  return {
    login, loginLive, jsBeforeLive: beforeLive && sum(sizes.filter((s) => beforeLive.has(s.url))),
    jsBeforeForm: sum(before), filesBeforeForm: before.length, jsByIdle: sum(sizes), filesByIdle: sizes.length, files: sizes,
  };
}

async function dashboard(target: Target) {
  const context = await freshContext(target);
  await target.signIn(context);
  await context.addInitScript(probeScript({ chart: target.dashboardSelector, ...(target.everyPanel ? { everyPanel: 'every panel' } : {}) }));
  const page = await context.newPage();
  await page.goto(target.base + target.dashboardPath, { waitUntil: 'commit' });
  const chart = await probed(page, 'chart');
  const everyPanel = target.everyPanel ? await probed(page, 'everyPanel') : undefined;
  await context.close();
  return { chart, everyPanel };
}

// ---- the run -------------------------------------------------------------------------------
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const pad = (s: string, n: number) => s.padEnd(n);

try {
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  const lastFiles = new Map<string, { url: string; gz: number }[]>();
  // Round 0 warms each server (the console's first queries, the disk cache); only later rounds count.
  for (let round = 0; round <= runs; round++) {
    for (const target of targets) {
      const { files, ...login } = await loginPage(target);
      const dash = await dashboard(target);
      if (round > 0) samples.get(target.name)!.push({ ...login, ...dash });
      lastFiles.set(target.name, files);
    }
    if (round > 0) process.stderr.write(`round ${round}/${runs} done\n`);
  }

  console.log(`\nside by side: cold cache, headless Chromium 1440x900, loopback, median of ${runs}, interleaved`);
  for (const note of notes) console.log(`  note: ${note}`);
  console.log(`${pad('', 20)}${pad('login form shown', 19)}${pad('first chart drawn', 19)}${pad('JS before form shown', 26)}JS by network idle (login)`);
  const medians = new Map<string, Record<keyof Sample, number>>();
  for (const target of targets) {
    const s = samples.get(target.name)!;
    const m = Object.fromEntries((['login', 'loginLive', 'jsBeforeLive', 'chart', 'jsBeforeForm', 'filesBeforeForm', 'jsByIdle', 'filesByIdle', 'everyPanel'] as const)
      .map((k) => [k, median(s.map((x) => x[k] ?? NaN))])) as Record<keyof Sample, number>;
    medians.set(target.name, m);
    console.log(`${pad(target.name, 20)}${pad(`${m.login.toFixed(0)} ms`, 19)}${pad(`${m.chart.toFixed(0)} ms`, 19)}`
      + `${pad(`${kib(m.jsBeforeForm)} gz in ${m.filesBeforeForm} files`, 26)}${kib(m.jsByIdle)} gz in ${m.filesByIdle} files`);
  }
  const own = medians.get('this console')!;
  console.log(`this console, every panel of home drawn: ${own.everyPanel.toFixed(0)} ms`);
  console.log(`this console, login form working (the page's code took over index.html's first frame): ${own.loginLive.toFixed(0)} ms, ${kib(own.jsBeforeLive)} gz of scripts before it`);
  const compared = medians.get(COMPARED);
  if (compared) {
    const r = (a: number, b: number) => (a / b).toFixed(2);
    console.log(`this console (${webDir}) to ${compareWebDir}: login form ${r(own.login, compared.login)}, login form working ${r(own.loginLive, compared.loginLive)}, first chart ${r(own.chart, compared.chart)}, every panel ${r(own.everyPanel, compared.everyPanel)}`);
  }
  const anchor = medians.get('vue-element-admin');
  if (anchor) {
    const r = (a: number, b: number) => (a / b).toFixed(2);
    console.log(`ratios to vue-element-admin: login form ${r(own.login, anchor.login)} (goal <= 0.65; working ${r(own.loginLive, anchor.login)}), first chart ${r(own.chart, anchor.chart)} (goal <= 0.65), `
      + `every panel / its dashboard ${r(own.everyPanel, anchor.chart)} (goal <= 1), login JS by network idle ${r(own.jsByIdle, anchor.jsByIdle)}`);
    const other = medians.get('arco-design-pro');
    if (other) console.log(`arco-design-pro to vue-element-admin: login form ${r(other.login, anchor.login)}, first chart ${r(other.chart, anchor.chart)}`);
  } else console.log('ratios: none (vue-element-admin not measured)');
  if (argv.includes('--files')) {
    for (const [name, files] of lastFiles) {
      console.log(`\n${name}, scripts of the last login load (gzip level 6):`);
      for (const f of files) console.log(`  ${kib(f.gz).padStart(8)}  ${f.url.replace(/^https?:\/\/[^/]+/, '')}`);
    }
  }
} finally {
  await browser.close();
  for (const server of consoles) await server.stop();
  for (const server of servers) server.close();
}
