import { announceMonitor } from '../../platform/monitorEvents';
import type { Language } from '../../../shared/i18n/languages';
import { message } from '../../../shared/i18n/messages';
import type { Db } from '../../db/client';
import { exchangeLogs } from '../../db/schema';
import { AppError } from '../../http/errors';

export type ExchangeEntry = Omit<typeof exchangeLogs.$inferInsert, 'id' | 'createdAt' | 'retriedAt' | 'retriedBy'>;

/** Records one exchange with an outside system (the upload monitor lists them). */
export async function recordExchange(db: Db, entry: ExchangeEntry): Promise<void> {
  await db.insert(exchangeLogs).values({ ...entry, message: entry.message?.slice(0, 512) ?? null });
  announceMonitor('upload', entry.dealerId ?? null);
}

/** What a refused exchange says, in the caller's language: the answer's message, or 'internal'. */
export const failureText = (err: unknown, lang: Language) =>
  (err instanceof AppError ? `${err.field ? `${err.field}: ` : ''}${message(lang, err.key, err.params)}` : message(lang, 'internal'));
