import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from './server';

interface Problem { ruleId: string; severity: string; message: string; location: { pointer: string }[] }

/**
 * The API description a client generator or an integrator reads: openapi.json checked with Redocly
 * CLI's recommended rules (the tool's own defaults), which it passes without a finding. The document
 * does not depend on the database, so it is checked once.
 */
describe.skipIf(onPostgres)('openapi.json', () => {
  let server: TestServer;
  let doc: { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>; tags?: { name: string; description?: string }[] };
  const file = '.tmp/openapi-lint/openapi.json';

  beforeAll(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/fms/api/v1/openapi.json`);
    const text = await res.text();
    doc = JSON.parse(text) as typeof doc;
    mkdirSync('.tmp/openapi-lint', { recursive: true });
    writeFileSync(file, text);
  });
  afterAll(async () => { await server?.stop(); });

  it("passes Redocly CLI's recommended rules with no error and no warning", async () => {
    const run = promisify(execFile);
    // lint exits 1 when it finds an error; its JSON report is what is read either way.
    const { stdout } = await run('node_modules/.bin/redocly', ['lint', file, '--format=json', '--max-problems=1000'], { maxBuffer: 64 << 20 })
      .catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const problems = (JSON.parse(stdout) as { problems: Problem[] }).problems
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('names every operation once and describes every tag it uses', () => {
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = ops.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    const used = [...new Set(ops.flatMap((op) => op.tags ?? []))];
    expect(used.filter((t) => !described.get(t))).toEqual([]);
  });
});
