/* global window, document, performance, requestAnimationFrame -- the probes run in the page */
// What the page-load benches share: this console on its real server with a fresh demo database,
// and the probes that time a view from inside the page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026'; // src/server/db/seed/demo.ts

export interface ConsoleServer { base: string; stop(): Promise<void> }

const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

/**
 * The server serving the build in `webDir` on a free port and a demo database of its own, its
 * captcha off so a bench can sign in, and no scheduled job running during the timed loads.
 * Resolves once it answers its health check.
 */
export async function startConsole(webDir: string): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CAPTCHA: 'off', WEB_DIR: webDir, INVARIANT_CHECK_MINUTES: '0', ALERT_SWEEP_MINUTES: '0', ROLLUP_MINUTES: '0' },
    stdio: 'inherit',
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
      if (server.exitCode !== null) throw new Error(`the console server exited with ${server.exitCode}`);
      try { if ((await fetch(`${base}/fms/api/v1/health`)).ok) break; } catch { /* still starting */ }
      if (Date.now() - started > 300_000) throw new Error('the console server did not start');
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

/** A session token for `userName`, signed in through the API. */
export async function signIn(base: string, userName = 'admin'): Promise<string> {
  const answer = await fetch(`${base}/fms/api/v1/sys/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, verCode: '', verKey: '' }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { token: string } }>);
  if (answer.code !== 200) throw new Error(`sign-in refused: ${answer.msg}`);
  return answer.data.token;
}

/** In the page: every panel of a dashboard drawn (a stat its number, a table its rows, a chart its canvas). */
export function everyPanelDrawn(): boolean {
  const panels = [...document.querySelectorAll('[data-testid^="panel-"]')];
  return panels.length > 0 && panels.every((p) => p.getAttribute('data-state') === 'ready'
    && (p.classList.contains('dash-panel--stat') || p.classList.contains('dash-panel--table') || p.querySelector('canvas')));
}

/**
 * Installed before the page's own scripts: every animation frame from the start, the time
 * (performance.now(), ms since navigation start) of the first frame in which each probe holds,
 * so the figure is the frame that paints it, not when a poll from outside happened to look.
 * A probe is a selector whose element has a size, or 'every panel' (everyPanelDrawn).
 */
function installProbes(probes: Record<string, string>, panelsDrawn: () => boolean) {
  const w = window as unknown as { probed: Record<string, number> };
  w.probed = {};
  const holds = (probe: string) => {
    if (probe === 'every panel') return panelsDrawn();
    const box = document.querySelector(probe)?.getBoundingClientRect();
    return !!box && box.width > 0 && box.height > 0;
  };
  const frame = () => {
    for (const [name, probe] of Object.entries(probes)) if (!(name in w.probed) && holds(probe)) w.probed[name] = performance.now();
    if (Object.keys(w.probed).length < Object.keys(probes).length && performance.now() < 60_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The probes as an init script; `__name` stands in for the helper tsx adds to named functions, which the page lacks. */
export const probeScript = (probes: Record<string, string>) =>
  ({ content: `var __name = (f) => f; (${installProbes.toString()})(${JSON.stringify(probes)}, ${everyPanelDrawn.toString()});` });

/** When the probe `name` first held, in ms since navigation start. */
export async function probed(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction((n) => (window as unknown as { probed?: Record<string, number> }).probed?.[n], name, { timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}
