/**
 * SQL statements an authenticated call spends on who the caller is (session, grants, data
 * scope) against those its handler spends on the answer. The embedded database's client is
 * wrapped with a counter; each statement is filed under "auth" by what it reads (AUTH_STATEMENT;
 * --verbose prints every statement with its filing, to check it). Calls run one at a
 * time, warm, through the real HTTP routes, on an in-memory PGlite with the demo data, as an
 * unrestricted administrator, a dealer's user and a staff user narrowed to a region by a data
 * role; the session's last-seen stamp is fresh, as it is for a console in use.
 *
 *   npx tsx bench/authQueries.ts [--runs 5] [--verbose]
 */
import type net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { preparedStatementOf } from '../src/server/db/client';
import { regions, roleDataRules, roles, userRoles, users } from '../src/server/db/schema';
import { REPORT_QUERIES } from '../src/server/modules/analysis/reports';
import { DASHBOARD_QUERIES } from '../src/server/modules/analysis/queries';
import { queryPath, reportPath } from '../src/shared/analytics/filters';
import { API_BASE } from '../src/shared/api/envelope';
import { orderBase } from '../src/shared/api/orders';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const VERBOSE = process.argv.includes('--verbose');

/**
 * Statements about the caller rather than the answer: the session and its user, role and
 * permission grants, data rules, and the data scope's expansion of a dealer or region into
 * ids (an id-only lookup of dealers by region or warehouses by dealer).
 */
const AUTH_STATEMENT = /"?\b(sessions|user_roles|role_resources|role_data_rules)\b"?|^select "id" from "(dealers|warehouses)" where "\2"\."(region_id|dealer_id)" (in|=) /;

interface Tally { auth: number; handler: number; texts: string[] }
let tally: Tally | null = null;

function count(text: string) {
  if (!tally) return;
  const auth = AUTH_STATEMENT.test(text.trim());
  if (auth) tally.auth++;
  else tally.handler++;
  if (VERBOSE) tally.texts.push(`${auth ? 'auth   ' : 'handler'} ${text.replace(/\s+/g, ' ').trim().slice(0, 140)}`);
}

/** Counts every statement the client runs, inside transactions too, prepared ones (db/client.ts) included. */
function instrument(client: PGlite) {
  const execProtocol = client.execProtocol.bind(client);
  client.execProtocol = ((message: Uint8Array, ...rest: unknown[]) => {
    const text = preparedStatementOf(message);
    if (text) count(text);
    return (execProtocol as (...a: unknown[]) => unknown)(message, ...rest);
  }) as PGlite['execProtocol'];
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => { count(text); return (query as (...a: unknown[]) => unknown)(text, ...rest); }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => { count(text); return (exec as (...a: unknown[]) => unknown)(text, ...rest); }) as PGlite['exec'];
  client.transaction = ((fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) => transaction((tx) => {
    const txQuery = tx.query.bind(tx);
    tx.query = ((text: string, ...rest: unknown[]) => { count(text); return (txQuery as (...a: unknown[]) => unknown)(text, ...rest); }) as typeof tx.query;
    return fn(tx);
  })) as PGlite['transaction'];
}

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent', LOGIN_RATE_LIMIT: '1000' });
const { app, services } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${API_BASE}`;
const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as { data: { token: string } };
};

try {
  // A staff user narrowed to one region by a data role (none in the demo data).
  const db = services.db;
  const [region] = await db.select({ id: regions.id }).from(regions).limit(1);
  const [role] = await db.insert(roles).values({ code: 'benchRegion', name: 'bench', nameEn: 'bench', type: 'data' }).returning({ id: roles.id });
  await db.insert(roleDataRules).values({ roleId: role.id, kind: 'region', refId: region.id });
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
  await db.insert(userRoles).values({ userId: staff.id, roleId: role.id });

  instrument((db as unknown as { $client: PGlite }).$client);
  const report = REPORT_QUERIES.find((r) => r.def.page === 'tireReport') ?? REPORT_QUERIES[0];
  const query = DASHBOARD_QUERIES.find((q) => q.id === 'stock.byBrand') ?? DASHBOARD_QUERIES[0];
  const calls: { name: string; path: string; body: unknown }[] = [
    { name: 'crud selectByPage (dealers)', path: '/basedata/dealer/selectByPage', body: { pageNum: 1, pageSize: 20 } },
    { name: 'crud selectByPage (warehouses)', path: '/basedata/warehouse/selectByPage', body: { pageNum: 1, pageSize: 20 } },
    { name: 'order page (PRorder)', path: `${orderBase('PRorder')}/selectByPage`, body: { pageNum: 1, pageSize: 20 } },
    { name: `report page (${report.def.page})`, path: `${reportPath(report.def.page)}/selectByPage`, body: { pageNum: 1, pageSize: 20 } },
    { name: `dashboard query (${query.id})`, path: queryPath(query.id), body: {} },
    { name: 'current user', path: '/sys/user/getCurrentUserInfo', body: {} },
  ];
  const rows: string[][] = [['user', 'call', 'auth', 'handler', 'total']];
  for (const userName of ['admin', 'dealer1', 'staff']) {
    const token = (await post('/sys/login', { userName, passWord: 'Demo@2026' })).data.token;
    for (const call of calls) {
      let last: Tally | null = { auth: 0, handler: 0, texts: [] };
      // The first run may touch the session's last-seen stamp; a warm console's calls do not.
      for (let i = 0; i <= RUNS; i++) {
        tally = { auth: 0, handler: 0, texts: [] };
        try {
          await post(call.path, call.body, token);
        } catch (err) {
          tally = null;
          last = null;
          rows.push([userName, call.name, '-', '-', String((err as Error).message).match(/: (\d{3}) /)?.[1] === '403' ? 'not granted' : (err as Error).message]);
          break;
        }
        last = tally;
        tally = null;
      }
      if (!last) continue;
      rows.push([userName, call.name, String(last.auth), String(last.handler), String(last.auth + last.handler)]);
      if (VERBOSE) for (const t of last.texts) console.log(`  ${userName} ${call.name}: ${t}`);
    }
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join('  '));
} finally {
  await app.close();
}
