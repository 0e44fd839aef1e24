import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appVersions } from '../db/schema';

/** How long a node answers the version it read last before reading it again (another node may have written). */
const FRESH_MS = 2_000;

/**
 * The dictionary version every answer carries (`x-dict-version`), so consoles refresh their
 * cached dictionaries. It lives in the database (`app_versions`, bumped by a trigger in the
 * writing transaction), so every node answers the same number within FRESH_MS of a write, and it
 * only grows: a node answers at most FRESH_MS behind, an older number a console ignores (it
 * refreshes only on a newer one), never a different one that makes consoles flip.
 */
export interface DictVersion {
  /**
   * The version to answer with: the last read while it is younger than FRESH_MS, else read again
   * first (calls at the same moment share the read). Answering the old one while reading in the
   * background let a node idle since its start answer its start's version once, long after.
   */
  current(): number | Promise<number>;
  /** A dictionary write committed through this node: the next answers wait for the new version. */
  changed(): void;
}

export async function dictVersionOf(db: Db): Promise<DictVersion> {
  const read = async () => {
    const [row] = await db.select({ version: appVersions.version }).from(appVersions).where(eq(appVersions.name, 'dict'));
    return row?.version ?? 0;
  };
  let value = await read();
  let readAt = Date.now();
  let reading: Promise<number> | null = null;
  /** Set by a write here: answers wait for the read that follows it. */
  let stale = false;
  const refresh = () => {
    const started = Date.now();
    reading ??= read().then(
      (v) => {
        value = Math.max(value, v);
        readAt = started;
        return value;
      },
      () => value,
    ).finally(() => { reading = null; });
    return reading;
  };
  return {
    current() {
      if (stale) {
        stale = false;
        // A read already under way may have started before the write committed: read once more after it.
        return (reading ?? Promise.resolve()).then(() => refresh());
      }
      if (Date.now() - readAt > FRESH_MS) return refresh();
      return value;
    },
    changed() {
      stale = true;
    },
  };
}
