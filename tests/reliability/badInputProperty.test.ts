import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/server/db/schema';
import type { RouteDef } from '../../src/server/http/route';
import { onPostgres, startTestServer, type TestServer } from '../api/server';
import { expectNoInternals } from '../api/sessionSupport';
import { diff, snapshot } from './dbSnapshot';
import { hostileValidBodies, invalidBodies, rawAttacks, samples, type Mutation } from './hostileValues';
import { inject, type Answer } from './inject';
import { jsonSchemaOf, sampleBody, type JsonSchema } from './schemaArbitrary';

/**
 * Bad input to every JSON route, generated from its zod schema with fast-check (fixed seed, a
 * few runs a route; more for the first route of each distinct schema, which the others share):
 * - bodies the schema refuses (wrong types, missing and unknown fields, numbers past every limit,
 *   NaN-like texts, not an object), and raw JSON with `__proto__` and `constructor` keys, nesting
 *   100,000 deep and a megabyte of text: each answered with a 4xx in the envelope, nothing
 *   internal in it (no stack, SQL, path or error class);
 * - bodies of the reading calls the schema accepts with SQL, script and unicode edge cases in
 *   every free-text field and numbers at their maximum: answered as data, never a 5xx;
 * and the database is the same afterwards, row for row. The administrator calls: every route's
 * permission passes, so the input is what is judged. Tests of particular refusals and their
 * messages are in tests/api/badInput.test.ts.
 */
let server: TestServer;
let admin: string;
const SEED = 15;
/** Runs for the first route of a schema, and for each route sharing it. */
const RUNS = { first: 6, same: 1 };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

/** What is wrong with an answer to bad input, if anything: it must be a 4xx envelope with nothing internal. */
function refusalProblem(res: Answer): string | null {
  if (res.status < 400 || res.status >= 500) return `${res.status} ${res.text.slice(0, 160)}`;
  if (!res.json) return `${res.status} not JSON (${res.contentType})`;
  const { code, msg } = res.json;
  if (code !== res.status || typeof msg !== 'string' || !msg || !('data' in res.json)) return `not the envelope: ${res.text.slice(0, 160)}`;
  try {
    expectNoInternals(res.text);
  } catch {
    return `internals in ${res.text.slice(0, 200)}`;
  }
  return null;
}

/** What is wrong with an answer to hostile but valid input: a 5xx, or an error that is not the clean envelope. */
function answerProblem(res: Answer): string | null {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 160)}`;
  return res.status >= 400 ? refusalProblem(res) : null;
}

/** The database row for row as it was `before`. */
async function expectUnchanged(before: Awaited<ReturnType<typeof snapshot>>) {
  const changes = diff(before, await snapshot(server.services.db));
  expect({ changed: changes.changed.map((c) => c.row), removed: changes.removed.map((c) => c.row), added: changes.added.map((c) => c.row) })
    .toEqual({ changed: [], removed: [], added: [] });
}

const bodyRoutes = () => server.routes.filter((r): r is RouteDef & { body: NonNullable<RouteDef['body']> } => !!r.body && r.method === 'POST');
/** The first text field of a schema and its length limit, for the megabyte. */
const firstText = (json: JsonSchema) => {
  const entry = Object.entries(json.properties ?? {}).find(([, p]) => [p, ...(p.anyOf ?? [])].some((b) => b.type === 'string'));
  const limit = entry && [entry[1], ...(entry[1].anyOf ?? [])].find((b) => b.type === 'string')?.maxLength;
  return { field: entry?.[0] ?? Object.keys(json.properties ?? {})[0], limit };
};

describe('bad input to every JSON route', () => {
  // A refused body is answered by the route's schema, before its handler runs: nothing of it
  // depends on the database, so it runs on the embedded one only (21 s a pass). The accepted
  // hostile values below reach the database, so they run on both.
  it.skipIf(onPostgres)('bodies the schema refuses are answered 4xx in the envelope with nothing internal, and write nothing', async () => {
    const db = server.services.db;
    const before = await snapshot(db);
    const problems: string[] = [];
    const seen = new Set<string>();
    let calls = 0;
    for (const [i, route] of bodyRoutes().entries()) {
      const json = jsonSchemaOf(route.body);
      const signature = JSON.stringify(json);
      const first = !seen.has(signature);
      seen.add(signature);
      const valid = sampleBody(route.body) ?? {};
      // The server reads a missing or null body as {} (register.ts): the schema judges that.
      const refused = (m: Mutation) => !route.body.safeParse(m.body ?? {}).success;
      for (const m of samples(invalidBodies(json, valid), refused, SEED + i, first ? RUNS.first : RUNS.same)) {
        const problem = refusalProblem(await inject(server.app, { url: route.url, token: admin, body: m.body, lang: 'en-US' }));
        calls++;
        if (problem) problems.push(`${route.url} ${m.what}: ${problem}`);
      }
      if (!first) continue;
      const { field, limit } = firstText(json);
      // The prototype keys go to every schema. The heavy attacks (nesting 100,000 deep, a megabyte
      // of text) meet the same parser and checks on every route and cost about 12 ms a call: each
      // schema gets one of them, in turn, so each still meets some 50 schemas (all of them, for every
      // schema, were half of this test's time).
      const attacks = rawAttacks(valid, field, limit);
      const heavy = attacks.filter((a) => a.raw.length > 100_000);
      for (const attack of [...attacks.filter((a) => !heavy.includes(a)), heavy[seen.size % heavy.length]]) {
        const problem = refusalProblem(await inject(server.app, { url: route.url, token: admin, raw: attack.raw, rawType: 'application/json', lang: 'en-US' }));
        calls++;
        if (problem) problems.push(`${route.url} ${attack.what}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    await expectUnchanged(before);
    expect(seen.size).toBeGreaterThan(100);
    expect(calls).toBeGreaterThan(1000);
  }, 300_000);

  it('reading calls answer hostile texts and edge numbers their schemas accept as data: no 5xx, nothing written', async () => {
    const db = server.services.db;
    // A reading call: its codes are pages (not buttons) or exports, or any session's, and it marks nothing read.
    const types = new Map((await db.select({ perm: resources.perm, type: resources.type }).from(resources)).map((r) => [r.perm, r.type]));
    const reads = (r: RouteDef) => !/\/(read|setRead|editCurrentUser|changePassword)$/.test(r.url)
      && (r.permission === 'session' || (typeof r.permission === 'string' ? [r.permission] : [...r.permission])
        .every((code) => code === 'public' ? false : types.get(code) !== 'button' || code.endsWith(':export')));
    const before = await snapshot(db);
    const problems: string[] = [];
    const seen = new Set<string>();
    let calls = 0;
    for (const [i, route] of bodyRoutes().filter(reads).entries()) {
      const json = jsonSchemaOf(route.body);
      const signature = JSON.stringify(json);
      const first = !seen.has(signature);
      seen.add(signature);
      const valid = sampleBody(route.body);
      if (!valid) continue;
      const accepted = (m: Mutation) => route.body.safeParse(m.body ?? {}).success;
      for (const m of samples(hostileValidBodies(json, valid), accepted, SEED + i, first ? 3 : 1)) {
        const problem = answerProblem(await inject(server.app, { url: route.url, token: admin, body: m.body, lang: 'en-US' }));
        calls++;
        if (problem) problems.push(`${route.url} ${m.what}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    await expectUnchanged(before);
    expect(calls).toBeGreaterThan(200);
  }, 300_000);
});
