#!/usr/bin/env -S npx tsx
// docs/architecture.md#budgets: the login page shown, and the home dashboard with real data, cold cache,
// Chromium on loopback. Starts the production build (`npm run build` first) on a fresh demo
// database, warms the server once, then measures each run in a new browser context (empty
// cache): login = navigation start to the sign-in button; home = sign-in click to every panel
// ready (a stat its number, a chart its canvas, a table its rows). Prints median and p95.
//
//   npm run build && npx tsx bench/pageLoad.mjs [--runs 7]
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/e2e/chromiumArgs.ts';
import { DEMO_PASSWORD, everyPanelDrawn, startConsole } from './consoleServer.ts';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 7;
if (!existsSync('dist/web/index.html')) throw new Error('no production build: run npm run build first');
const server = await startConsole('./dist/web');
const { base } = server;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

/** `typing`: ms between the sign-in form showing and the click (0: a robot; a person takes seconds). */
async function once(typing) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/#/login`);
  await page.getByTestId('login-submit').waitFor();
  const login = await page.evaluate(() => performance.now());
  await page.getByTestId('login-user').fill('admin');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  if (typing) await page.waitForTimeout(typing);
  const clicked = await page.evaluate(() => performance.now());
  await page.getByTestId('login-submit').click();
  await page.waitForFunction(everyPanelDrawn, undefined, { polling: 'raf', timeout: 30_000 });
  const home = await page.evaluate(() => performance.now());
  await context.close();
  return { login, home: home - clicked };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
};

try {
  await once(0); // warms the server (first queries, caches); the browser context is new every run
  const robot = [];
  const person = [];
  for (let i = 0; i < runs; i++) robot.push(await once(0));
  for (let i = 0; i < runs; i++) person.push(await once(2000));
  console.log(`login page shown (cold cache): ${stats(robot.map((r) => r.login))}   budget 400 ms`);
  console.log(`home with every panel's data, from the sign-in click, clicked at once: ${stats(robot.map((r) => r.home))}   budget 800 ms`);
  console.log(`  the same, clicked 2 s after the form showed (typing): ${stats(person.map((r) => r.home))}`);
} finally {
  await browser.close();
  await server.stop();
}
