import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { createPgliteGate, type Lane } from '../db/pgliteGate';
import { claimJobRun, scheduleJob } from './schedule';

/** The claim on the embedded database (one node); tests/cluster claims on PostgreSQL from several connections at once. */
describe('claimJobRun', () => {
  const client = new PGlite();
  const database = { db: drizzle({ client }) as unknown as Db };
  beforeAll(async () => {
    // The table as its migration makes it (the whole schema's migrations would take seconds).
    const migration = readFileSync(new URL('../db/migrations/0015_several_nodes.sql', import.meta.url), 'utf8');
    await client.exec(migration.split('--> statement-breakpoint').find((s) => s.includes('CREATE TABLE "job_runs"'))!);
  }, 60_000);
  afterAll(() => client.close());

  const runs = async (name: string) => (await queryRows<{ runs: number }>(database.db, sql`select runs from job_runs where name = ${name}`))[0]?.runs;

  it('claims a job never run, then not again within its interval', async () => {
    expect(await claimJobRun(database.db, 'first', 10)).toBe(true);
    expect(await claimJobRun(database.db, 'first', 10)).toBe(false);
    expect(await runs('first')).toBe(1);
  });

  it('after downtime longer than many intervals, claims one run, not one per missed interval', async () => {
    await database.db.execute(sql`insert into job_runs (name, last_run_at, last_node, runs) values ('overdue', now() - interval '5 hours', 'gone', 3)`);
    expect(await claimJobRun(database.db, 'overdue', 60)).toBe(true);
    expect(await claimJobRun(database.db, 'overdue', 60)).toBe(false);
    expect(await runs('overdue')).toBe(4);
  });

  it('takes fractions of a minute', async () => {
    await database.db.execute(sql`insert into job_runs (name, last_run_at, last_node) values ('short', now() - interval '4 seconds', 'n')`);
    expect(await claimJobRun(database.db, 'short', 0.1)).toBe(false);
    expect(await claimJobRun(database.db, 'short', 0.05)).toBe(true);
  });
});

/** A job's statements queue in its lane of the embedded database's gate, a read-heavy job's behind every request. */
describe('scheduleJob', () => {
  const client = new PGlite();
  const db = drizzle({ client }) as unknown as Db;
  beforeAll(async () => {
    const migration = readFileSync(new URL('../db/migrations/0015_several_nodes.sql', import.meta.url), 'utf8');
    await client.exec(migration.split('--> statement-breakpoint').find((s) => s.includes('CREATE TABLE "job_runs"'))!);
  }, 60_000);
  afterAll(() => client.close());

  it.each<Lane>(['long', 'short'])('runs a job declared in the %s lane there', async (lane) => {
    const gate = createPgliteGate();
    const statement = gate.wrap((fn) => fn());
    const closers: (() => Promise<void>)[] = [];
    const log = { debug: () => undefined, info: () => undefined, error: () => undefined };
    const app = { log, addHook: (_hook: string, fn: () => Promise<void>) => { closers.push(fn); } } as unknown as FastifyInstance;
    let ran!: () => void;
    const done = new Promise<void>((resolve) => { ran = resolve; });
    scheduleJob(app, db, {
      name: `lane-${lane}`, title: 'a job', lane, minutes: 60, firstAfterMs: 0,
      run: async () => {
        await statement(async () => undefined);
        ran();
      },
    });
    await done;
    await Promise.all(closers.map((close) => close()));
    expect(gate.stats().ran).toEqual({ short: lane === 'short' ? 1 : 0, dashboard: 0, long: lane === 'long' ? 1 : 0 });
  });
});
