#!/usr/bin/env node
// Time from starting the server to /health answering: on an empty data folder (migrations +
// demo seed) and again on the same folder (reopen).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = 8199;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-startup-'));

async function startOnce(label) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent' },
    stdio: 'inherit',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/fms/api/v1/health`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (performance.now() - started > 120_000) throw new Error('server did not answer in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`${label}: health answered ${((performance.now() - started) / 1000).toFixed(2)} s after start`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

try {
  await startOnce('empty data folder (migrate + demo seed)');
  await startOnce('existing data folder');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
