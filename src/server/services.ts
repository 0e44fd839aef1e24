import type { Config } from './config';
import type { Database, Db } from './db/client';
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
}
