import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { queryRows, type Db } from '../db/client';
import { outbox } from '../db/schema';
import { scheduleJob } from '../jobs/schedule';
import { announceMonitor } from '../platform/monitorEvents';
import type { OutboxKind } from './enqueue';

/** A message as a sender receives it: a claimed outbox row. */
export interface Delivery {
  id: number;
  kind: OutboxKind;
  topic: string;
  target: string;
  payload: Record<string, unknown>;
  dealerId: number | null;
  /** This attempt's number, from 1. */
  attempt: number;
  createdAt: Date;
}

/** What the receiving side answered, kept on the row for the upload monitor (an SMTP reply, an HTTP status). */
export interface DeliveryAnswer { answer?: string }

/** Delivers one kind of message. Throwing (anything) has the delivery tried again later. */
export interface Sender {
  send(delivery: Delivery): Promise<DeliveryAnswer | void>;
}

/**
 * A delivery that did not go through, with what the other side answered. `permanent`: trying again
 * cannot help (the address is refused, the endpoint is gone), so it fails at once rather than after
 * every attempt.
 */
export class DeliveryFailure extends Error {
  readonly answer?: string;
  readonly permanent: boolean;
  constructor(message: string, opts: { answer?: string; permanent?: boolean } = {}) {
    super(message);
    this.name = 'DeliveryFailure';
    this.answer = opts.answer;
    this.permanent = opts.permanent ?? false;
  }
}

export interface Outbox {
  /** Who delivers `kind`; rows of a kind nobody registered wait (mail while SMTP is not configured). */
  register(kind: OutboxKind, sender: Sender): void;
  /** After a commit that enqueued: send what is due now from this node instead of at the next poll. */
  wake(): void;
  /** Sends everything due, round after round, until nothing is; answers how many were attempted. */
  drain(): Promise<number>;
}

export type OutboxSettings = Pick<Config, 'OUTBOX_MAX_ATTEMPTS' | 'OUTBOX_RETRY_SECONDS' | 'OUTBOX_POLL_SECONDS'>;

/** Rows one round claims at most, and sends side by side. */
const BATCH = 20;
/** How long a claim holds a row. A sender gives up well before (mail and webhook time-outs are under a minute). */
const LEASE_SECONDS = 120;
/** The longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 3_600;
const NODE = `${hostname()}:${process.pid}`;

/**
 * Seconds before attempt `attempt + 1`, after `attempt` failed: `first`, doubling, at most an hour,
 * less up to a tenth at random so that deliveries failed together (an SMTP server that was down) do
 * not all come back in the same second.
 */
export function backoffSeconds(attempt: number, first: number, random = Math.random()): number {
  const full = Math.min(MAX_BACKOFF_SECONDS, first * 2 ** Math.max(0, attempt - 1));
  return full * (1 - 0.1 * random);
}

type ClaimedRow = {
  id: number | string; kind: OutboxKind; topic: string; target: string; payload: Record<string, unknown>;
  dealer_id: number | null; attempts: number; created_at: string | Date;
};

/**
 * Claims up to BATCH due rows of the given kinds for this node, in one statement: `skip locked`
 * passes over rows another node is claiming at this moment, and the lease keeps a claimed row this
 * node's until it is settled (or the lease runs out, when the node died mid-send). A row waits while
 * an earlier row of its ordering key is still pending (in flight or backing off), so one key's
 * messages arrive in the order they were written.
 */
async function claim(db: Db, kinds: OutboxKind[]): Promise<Delivery[]> {
  const rows = await queryRows<ClaimedRow>(db, sql`
    with due as (
      select o.id from outbox o
      where o.status = 'pending' and o.next_attempt_at <= now() and (o.leased_until is null or o.leased_until < now())
        and o.kind = any(${sql.param(kinds)}::text[])
        and (o.ordering_key is null or not exists (
          select 1 from outbox p where p.ordering_key = o.ordering_key and p.status = 'pending' and p.id < o.id))
      order by o.id
      limit ${BATCH}
      for update skip locked
    )
    update outbox set leased_until = now() + ${LEASE_SECONDS} * interval '1 second', leased_by = ${NODE}, attempts = outbox.attempts + 1
    from due where outbox.id = due.id
    returning outbox.id, outbox.kind, outbox.topic, outbox.target, outbox.payload, outbox.dealer_id, outbox.attempts, outbox.created_at`);
  return rows.map((r) => ({
    id: Number(r.id), kind: r.kind, topic: r.topic, target: r.target, payload: r.payload, dealerId: r.dealer_id,
    attempt: r.attempts, createdAt: new Date(r.created_at),
  })).sort((a, b) => a.id - b.id);
}

const clip = (text: string | undefined, max: number) => (text == null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A claimed row, settled: only while this node still holds its lease (a row it lost is another node's now). */
const held = (id: number) => and(eq(outbox.id, id), eq(outbox.leasedBy, NODE), eq(outbox.status, 'pending'));

/**
 * The outbox's sending side (docs/outbox.md): senders per kind, a poll once across nodes (the
 * `outboxSend` job's `job_runs` claim) and a wake-up after a local commit, each round claiming due
 * rows, sending them side by side, and settling each: sent, or tried again after a backoff, or
 * failed after the last attempt (the upload monitor shows it, with a retry).
 */
export function createOutbox(db: Db, settings: OutboxSettings, log: Pick<FastifyInstance['log'], 'warn' | 'error'>): Outbox & { schedule(app: FastifyInstance): void } {
  const senders = new Map<OutboxKind, Sender>();
  let draining: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function settle(delivery: Delivery, outcome: { ok: true; answer?: string } | { ok: false; error: unknown }) {
    if (outcome.ok) {
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), leasedUntil: null, lastError: null, lastAnswer: clip(outcome.answer, 2048) })
        .where(held(delivery.id));
      return;
    }
    const failure = outcome.error instanceof DeliveryFailure ? outcome.error : null;
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    const last = failure?.permanent || delivery.attempt >= settings.OUTBOX_MAX_ATTEMPTS;
    const waitSeconds = backoffSeconds(delivery.attempt, settings.OUTBOX_RETRY_SECONDS);
    await db.update(outbox).set({
      status: last ? 'failed' : 'pending', leasedUntil: null, lastError: clip(message, 1024), lastAnswer: clip(failure?.answer, 2048),
      nextAttemptAt: last ? undefined : sql`now() + ${waitSeconds} * interval '1 second'`,
    }).where(held(delivery.id));
    if (last) {
      log.warn({ outbox: delivery.id, kind: delivery.kind, topic: delivery.topic, attempts: delivery.attempt, err: message }, 'outbox: delivery failed for good');
      announceMonitor('upload', delivery.dealerId);
    }
  }

  async function sendOne(delivery: Delivery) {
    const sender = senders.get(delivery.kind);
    try {
      if (!sender) throw new Error(`no sender for ${delivery.kind}`);
      const answer = await sender.send(delivery);
      await settle(delivery, { ok: true, answer: answer?.answer });
    } catch (error) {
      await settle(delivery, { ok: false, error });
    }
  }

  async function rounds(): Promise<number> {
    let attempted = 0;
    do {
      again = false;
      for (;;) {
        if (stopped || !senders.size) return attempted;
        const claimed = await claim(db, [...senders.keys()]);
        if (!claimed.length) break;
        attempted += claimed.length;
        await Promise.all(claimed.map(sendOne));
      }
      // A wake-up that came while a round was claiming may have found nothing yet: look once more.
    } while (again);
    return attempted;
  }

  const drain = (): Promise<number> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = rounds().finally(() => { draining = null; });
    return draining;
  };

  return {
    register(kind, sender) {
      senders.set(kind, sender);
    },
    wake() {
      void drain().catch((err: unknown) => log.error({ err }, 'outbox: sending failed'));
    },
    drain,
    schedule(app) {
      scheduleJob(app, db, {
        name: 'outboxSend', title: 'outbox sending', lane: 'short', minutes: settings.OUTBOX_POLL_SECONDS / 60, firstAfterMs: 1_000, quiet: true,
        run: async () => { await drain(); },
      });
      app.addHook('preClose', async () => {
        stopped = true;
        await draining;
      });
    },
  };
}
