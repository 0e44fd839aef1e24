#!/usr/bin/env node
// JavaScript the browser loads for a route (entry + static imports + the route's lazy chunks), gzip.
// Budgets: at most 200 KiB before the first route renders (docs/architecture.md#budgets), at most 150 KiB before the
// login form (the login page is in the entry). Run after `npx vite build`.
// bench/sideBySide.ts measures the same in Chromium: the files a page really loads, by time.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = 'dist/web';
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = {
  'login (in the entry), budget 150 KiB': [],
  'home (signed in)': ['app/SessionGate.tsx', 'layout/index.tsx', 'pages/home/index.tsx', 'kit/chart/Chart.tsx'],
};
const size = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const entry = closure(entryKey);
console.log(`entry (${manifest[entryKey].file} + static imports): ${kib(size(entry))} gzip`);
for (const [name, keys] of Object.entries(routes)) {
  const files = new Set(entry);
  for (const k of keys) closure(k, files);
  console.log(`route ${name}: ${kib(size(files))} gzip JavaScript before it renders`);
}
let total = 0, totalGz = 0;
const walk = (d) => readdirSync(d).forEach((f) => {
  const p = path.join(d, f);
  if (statSync(p).isDirectory()) return walk(p);
  total += statSync(p).size;
  if (/\.(js|css|html|svg)$/.test(f)) totalGz += gzipSync(readFileSync(p)).length;
});
walk(dir);
console.log(`whole build: ${kib(total)} on disk, ${kib(totalGz)} gzip (js, css, html, svg)`);
