import { isDeepStrictEqual } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src/server/http/route';
import { userGrants } from '../../src/server/platform/sessionStore';
import { permits } from '../../src/shared/permissions';
import { startTestServer, type TestServer } from '../api/server';
import { diff, snapshot, type SnapshotDiff } from './dbSnapshot';
import { foreignOf, leakIn, type Foreign } from './foreignRows';
import { inject, type Answer } from './inject';
import { mixedProbes, prefixOf, probeFor, type ListRows, type Probe } from './probeBodies';
import { jsonSchemaOf, sampleBody } from './schemaArbitrary';

/**
 * A dealer never reads or changes another dealer's rows, through any route of the registry.
 * Each demo dealer calls every route: those its roles lack the code of answer 403; those it may
 * call are probed with the other dealer's rows (ids taken from the database) in the fields that
 * name rows (dealerId, warehouseId, id, ids, orderId, barcode, ...):
 * - all of them the other dealer's (its record, in its warehouse, filtered by it), then
 * - the caller's own record or filter with one other field naming the other dealer's row
 *   (a location of my warehouse put in its area, my order given its tyre, my report its warehouse).
 * Then no answer (JSON, NDJSON stream or xlsx file) names the other dealer's rows (codes, names,
 * numbers); each answer is a refusal or equals the answer to the same call naming rows that do
 * not exist (a filtered report is empty, a detail not found, a figure zero); and afterwards no row
 * of the other dealer has changed, gone or been added.
 * The two dealers hold the same role: each probes every other route (the other, the rest), so
 * every route is probed once in each run.
 */
let server: TestServer;
const tokens: Record<string, string> = {};

/**
 * Pickers whose `id` is the factory material already chosen (materials are everyone's), not a
 * row of their page's list.
 */
const ID_OF_A_MATERIAL = new Set(['/basedata/materialRelation/materials', '/basedata/materialRelation/matchMaterials', '/basedata/dealerMaterial/materials']);

/** Calls that end or change the caller's own session or account: not probes of other dealers' rows. */
const SKIP = new Set(['/sys/loginOut', '/sys/user/changePassword', '/sys/user/editCurrentUser']);

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'dealer1', 'dealer2']) tokens[name] = await server.login(name);
});
afterAll(async () => { await server?.stop(); });

const userOf = async (userName: string) => {
  const [user] = await server.services.db.query.users.findMany({ where: (u, { eq }) => eq(u.userName, userName), columns: { id: true, dealerId: true } });
  return user;
};

const call = (route: RouteDef, token: string, body?: unknown) =>
  inject(server.app, { method: route.method, url: route.url, token, body: route.method === 'POST' ? body ?? {} : undefined });

/** A dealer's rows of a list (its page call as the administrator sees it), and the first one in full. */
async function listRows(prefix: string, dealer: Foreign): Promise<ListRows> {
  const none = { ids: [], detail: null };
  const list = server.routes.find((r) => r.url === `${prefix}/selectByPage` || r.url === `${prefix}/list`);
  if (!list?.body) return none;
  const props = jsonSchemaOf(list.body).properties ?? {};
  const base = { ...sampleBody(list.body), pageNum: 1, pageSize: 100 };
  const bodies = 'dealerId' in props ? [{ ...base, dealerId: dealer.dealerId }]
    : 'warehouseId' in props ? dealer.values.warehouse.map((warehouseId) => ({ ...base, warehouseId })) : [base];
  const ids: number[] = [];
  for (const body of bodies) {
    const res = await call(list, tokens.admin, body);
    const rows = ((res.json?.data as { list?: Record<string, unknown>[] } | null)?.list ?? []);
    for (const row of rows) {
      if (row.dealerId === dealer.dealerId || dealer.values.warehouse.includes(row.warehouseId as number)) ids.push(row.id as number);
    }
    if (ids.length >= 3) break;
  }
  if (!ids.length) return none;
  const detailRoute = server.routes.find((r) => r.url === `${prefix}/detail`);
  const detail = detailRoute ? (await call(detailRoute, tokens.admin, { id: ids[0] })).json?.data as Record<string, unknown> ?? null : null;
  return { ids: ids.slice(0, 3), detail };
}

/**
 * An import of the other dealer's rows: the administrator's export of them, with the codes made
 * new (so the file is not refused as duplicates before the dealer is looked at).
 */
async function theirExport(importRoute: RouteDef, foreign: Foreign, rows: ListRows): Promise<Buffer | null> {
  const exportRoute = server.routes.find((r) => r.url === `${prefixOf(importRoute.url)}/export`);
  if (!exportRoute?.body) return null;
  const props = jsonSchemaOf(exportRoute.body).properties ?? {};
  const filter = 'dealerId' in props ? { dealerId: foreign.dealerId } : rows.ids.length ? { ids: rows.ids } : null;
  if (!filter) return null;
  const file = await call(exportRoute, tokens.admin, filter);
  if (file.status !== 200) return null;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet.rowCount < 2) return null;
  // The column holding a record's own code (the detail's code, serial number, ...): made new in every row.
  const codes = new Set(Object.entries(rows.detail ?? {}).filter(([k, v]) => /^(code|serialNo|plateNo|dealerMaterialCode)$/.test(k) && typeof v === 'string').map(([, v]) => v as string));
  sheet.eachRow((row, r) => row.eachCell((cell, col) => {
    if (r > 1 && codes.has(cell.text)) sheet.getColumn(col).eachCell((c, k) => { if (k > 1 && c.text) c.value = `${c.text.slice(0, 24)}T${k}`; });
  }));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * What an answer says, for comparing two: the status, and the data or file (a stream's lines sorted:
 * panels arrive as they finish), less the time it was made (a chart's `asOf`: two answers a
 * millisecond apart differed in it alone, and were taken for a leak).
 */
const said = (a: Answer) => ({
  status: a.status,
  data: a.json ? withoutAsOf(a.json.data) : a.contentType.includes('ndjson') ? a.text.split('\n').sort() : a.text,
});
const withoutAsOf = (data: unknown) => {
  if (!data || typeof data !== 'object' || !('asOf' in data)) return data;
  const { asOf: _made, ...rest } = data as Record<string, unknown>;
  return rest;
};
const excerpt = (a: Answer) => JSON.stringify(said(a)).slice(0, 300);

/**
 * What is wrong with a probe's answer, if anything. The ghost's answer is asked for first when
 * `ghostFirst` (a probe that would create a record must not take its code before the ghost).
 */
async function judge(route: RouteDef, token: string, probe: Probe, other: string, foreign: Foreign, ghostFirst: boolean): Promise<string[]> {
  const label = `${route.method} ${route.url} with ${other}'s ${probe.fields.join(', ')}`;
  const ghostAnswer = ghostFirst ? await call(route, token, probe.ghost) : null;
  const res = await call(route, token, probe.body);
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
  const leak = leakIn(res.text, foreign, probe.body);
  if (leak) problems.push(`${label}: names ${other}'s ${leak}`);
  if (res.status >= 400) return problems;
  const ghost = ghostAnswer ?? await call(route, token, probe.ghost);
  if (ghost.status === 404 || (ghostFirst && ghost.status >= 400)) {
    problems.push(`${label}: taken (${res.status}) where rows of nobody are refused (${ghost.status} ${ghost.json?.msg})`);
  } else if (ghost.status < 300 && !isDeepStrictEqual(said(res), said(ghost))) {
    // A call that writes answers anew each time (a new record's id): only the rows can tell.
    if (isDeepStrictEqual(said(ghost), said(await call(route, token, probe.ghost)))) problems.push(`${label}: ${excerpt(res)} but for rows of nobody ${excerpt(ghost)}`);
  }
  return problems;
}

/** Rows of the other dealer a run of calls changed, removed or added; `strict`: also rows of nobody's (lines, recipients). */
function foreignChanges(changes: SnapshotDiff, foreign: Foreign, strict: boolean): string[] {
  const theirs = (r: { dealerId: number | null; warehouseIds: number[] }) =>
    r.dealerId === foreign.dealerId || r.warehouseIds.some((w) => foreign.values.warehouse.includes(w));
  const touched = [...changes.changed, ...changes.removed].filter((c) => strict || theirs(c.before) || theirs(c.after ?? c.before));
  return [...touched.map((c) => `${c.after ? 'changed' : 'removed'} ${c.row}`), ...changes.added.filter(theirs).map((a) => `added ${a.row}`)];
}

/** Lists whose rows a probe names (`id`, `ids`, `orderId`) or whose form a probe fills (a detail): not the reports'. */
async function listsOf(routes: RouteDef[], dealer: Foreign): Promise<(route: RouteDef) => ListRows> {
  const byPrefix = new Map<string, ListRows>();
  const naming = routes.filter((r) => r.url.endsWith('/detail') || (r.body && ['id', 'ids', 'orderId'].some((k) => k in (jsonSchemaOf(r.body!).properties ?? {}))));
  for (const prefix of new Set(naming.map((r) => prefixOf(r.url)))) byPrefix.set(prefix, await listRows(prefix, dealer));
  return (route) => (ID_OF_A_MATERIAL.has(route.url) ? undefined : byPrefix.get(prefixOf(route.url))) ?? { ids: [], detail: null };
}

/** Every call of `routes` with all of its rows the other dealer's; an import with the other dealer's rows. */
async function probeAll(routes: RouteDef[], token: string, other: string, foreign: Foreign, theirs: (r: RouteDef) => ListRows) {
  const problems: string[] = [];
  let withIds = 0;
  const invalid: string[] = [];
  for (const route of routes) {
    if (route.url.endsWith('/import')) {
      const file = await theirExport(route, foreign, theirs(route));
      if (!file) continue;
      withIds++;
      const res = await inject(server.app, { url: route.url, token, raw: file });
      if (res.status >= 500) problems.push(`${route.url} of ${other}'s rows: ${res.status}`);
      continue;
    }
    const probe = probeFor(route, foreign, theirs(route));
    if (!probe?.fields.length) {
      // Nothing to name (options, the menu, a template): still nothing of the other dealer's in the answer.
      const res = await call(route, token, probe?.body);
      const leak = leakIn(res.text, foreign);
      if (res.status >= 500 || leak) problems.push(`${route.method} ${route.url}: ${res.status}${leak ? ` names ${other}'s ${leak}` : ''}`);
      continue;
    }
    withIds++;
    if (!probe.valid) invalid.push(route.url);
    problems.push(...await judge(route, token, probe, other, foreign, false));
  }
  return { problems, withIds, invalid };
}

/** Every call of `routes` on the caller's own record or filter with one field naming the other dealer's row. */
async function probeMixed(routes: RouteDef[], token: string, other: string, mine: Foreign, myRows: (r: RouteDef) => ListRows, foreign: Foreign) {
  const problems: string[] = [];
  let probes = 0;
  const invalid: string[] = [];
  for (const route of routes) {
    for (const probe of mixedProbes(route, mine, myRows(route), foreign)) {
      probes++;
      if (!probe.valid) invalid.push(`${route.url} ${probe.fields[0]}`);
      problems.push(...await judge(route, token, probe, other, foreign, true));
    }
  }
  return { problems, probes, invalid };
}

describe('dealer isolation', () => {
  for (const [actor, other, half] of [['dealer1', 'dealer2', 0], ['dealer2', 'dealer1', 1]] as const) {
    it(`${actor}: 403 wherever its roles lack the route's code; with ${other}'s ids it reads and changes none of ${other}'s rows`, async () => {
      const db = server.services.db;
      const me = await userOf(actor);
      const foreign = await foreignOf(db, (await userOf(other)).dealerId!);
      const mine = await foreignOf(db, me.dealerId!);
      expect(foreign.markCount).toBeGreaterThan(10);
      const theirs = { dealerId: foreign.dealerId, warehouseIds: foreign.values.warehouse as number[] };
      const grants = new Set((await userGrants(db, me.id)).perms);

      const notRefused: string[] = [];
      const probed: RouteDef[] = [];
      for (const [i, route] of server.routes.entries()) {
        if (route.permission === 'public' || SKIP.has(route.url)) continue;
        if (!permits(route.permission, grants)) {
          const res = await call(route, tokens[actor]);
          if (res.status !== 403) notRefused.push(`${route.method} ${route.url} (${String(route.permission)}): ${res.status}`);
        } else if (i % 2 === half) probed.push(route);
      }
      expect(notRefused).toEqual([]);

      let before = await snapshot(db, theirs);
      const all = await probeAll(probed, tokens[actor], other, foreign, await listsOf(probed, foreign));
      const problems = [...all.problems, ...foreignChanges(diff(before, await snapshot(db, theirs)), foreign, true)];
      before = await snapshot(db, theirs);
      const mixed = await probeMixed(probed, tokens[actor], other, mine, await listsOf(probed, mine), foreign);
      problems.push(...mixed.problems, ...foreignChanges(diff(before, await snapshot(db, theirs)), foreign, false));

      expect(problems).toEqual([]);
      // The probes are bodies the routes' schemas accept, so a refusal is the scope's, not the input's; and there are many.
      expect([...all.invalid, ...mixed.invalid]).toEqual([]);
      expect(all.withIds).toBeGreaterThan(80);
      expect(mixed.probes).toBeGreaterThan(80);
    }, 300_000);
  }
});
