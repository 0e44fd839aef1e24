import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Outbox } from './outbox/dispatcher';
import type { DictVersion } from './platform/dictVersion';
import type { Realtime } from './realtime/types';

/** What route modules are built from: the configuration and the database. */
export interface Services {
  config: Config;
  db: Db;
  /** Where reports and dashboards read: the read replica (DATABASE_READ_URL), else `db`. */
  readDb: Db;
  database: Database;
  /** Grows at every dictionary change (kept in the database); answers carry it so consoles refresh their cache. */
  dictVersion: DictVersion;
  /** socket.io pushes; attached once the HTTP server exists. */
  realtime: Realtime;
  /** What leaves the server (mail, webhooks): senders per kind, and a wake-up after a commit that enqueued (docs/outbox.md). */
  outbox: Outbox;
}
