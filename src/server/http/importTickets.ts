import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { exportTickets } from '../db/schema';
import type { SessionUser } from '../platform/sessionStore';
import { notFound } from './errors';
import { defineRoute, type RouteDef } from './route';

/**
 * Import progress (docs/views-and-subscriptions.md, Long imports): the export tickets' way, for an
 * upload. The console takes a ticket, sends the file with it (`…/import?ticket=`) and polls the
 * rows read and checked so far from the ticket's row (`export_tickets`, report `import`), so any
 * node answers. Reading and checking happen outside the import's transaction, so the rows move
 * while the file is checked; the writes are then all or nothing.
 */
export const IMPORT_TICKET = 'import';
const ticketBody = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict();
const importProgressAnswer = z.object({
  read: z.number(), checked: z.number(),
  /** ready (not uploaded yet), reading, checking, writing, done or failed. */
  status: z.string(),
});
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
/** Rows between two writes of the counts: a few writes a second on a large file. */
const EVERY = 500;

export function importTicketRoutes(db: Db): RouteDef[] {
  return [
    defineRoute({
      method: 'POST', url: '/import/ticket', tag: 'imports', permission: 'session', body: z.object({}).strict(), answer: ticketBody,
      summary: 'A ticket (a minute) an xlsx import is sent with (`?ticket=`), to read its rows read and checked so far while it runs',
      handler: async ({ user, lang }) => {
        const ticket = randomBytes(32).toString('base64url');
        await db.insert(exportTickets).values({
          tokenHash: hash(ticket), userId: user.id, sessionId: user.sessionId, report: IMPORT_TICKET, filters: { checked: 0 }, lang, expiresAt: new Date(Date.now() + 60_000),
        });
        return { ticket };
      },
    }),
    defineRoute({
      method: 'POST', url: '/import/progress', tag: 'imports', permission: 'session', body: ticketBody, answer: importProgressAnswer,
      summary: 'The rows an import has read and checked so far, and where it stands (ready, reading, checking, writing, done, failed): its owner only',
      handler: async ({ body, user }) => {
        const [t] = await db.select().from(exportTickets)
          .where(and(eq(exportTickets.tokenHash, hash(body.ticket)), eq(exportTickets.userId, user.id), eq(exportTickets.report, IMPORT_TICKET)));
        if (!t) throw notFound();
        return { read: t.rows, checked: checkedOf(t.filters), status: t.status };
      },
    }),
  ];
}

const checkedOf = (filters: unknown) => z.object({ checked: z.number() }).catch({ checked: 0 }).parse(filters).checked;

/** What an import tells its ticket as it goes; nothing when it was sent without one. */
export interface ImportProgress {
  read(rows: number): Promise<void>;
  checked(rows: number): Promise<void>;
  writing(): Promise<void>;
  finish(ok: boolean): Promise<void>;
}

const yieldOnce = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The progress of the import a ticket names, claimed once by its own user within its minute; a
 * missing or unknown ticket imports without progress. Counts are written every EVERY rows, each
 * write letting the event loop answer the calls waiting (the polls among them).
 */
export async function importProgressOf(db: Db, user: SessionUser, ticket: string | undefined): Promise<ImportProgress> {
  const parsed = ticketBody.shape.ticket.safeParse(ticket);
  const [t] = parsed.success ? await db.update(exportTickets).set({ status: 'reading' })
    .where(and(eq(exportTickets.tokenHash, hash(parsed.data)), eq(exportTickets.userId, user.id), eq(exportTickets.report, IMPORT_TICKET),
      eq(exportTickets.status, 'ready'), gt(exportTickets.expiresAt, new Date())))
    .returning({ id: exportTickets.id }) : [];
  let read = 0;
  let checked = 0;
  const save = async (status: string) => {
    if (t) await db.update(exportTickets).set({ status, rows: read, filters: { checked } }).where(eq(exportTickets.id, t.id));
    await yieldOnce();
  };
  return {
    async read(rows) { read = rows; if (rows % EVERY === 0) await save('reading'); },
    async checked(rows) { checked = rows; if (rows === 1 || rows % EVERY === 0) await save('checking'); },
    writing: async () => save('writing'),
    finish: async (ok) => save(ok ? 'done' : 'failed'),
  };
}
