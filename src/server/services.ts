import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Realtime } from './realtime/types';

/** What route modules are built from: the configuration and the database. */
export interface Services {
  config: Config;
  db: Db;
  database: Database;
  /** Bumped at every dictionary change; answers carry it so consoles refresh their cache. */
  dictVersion: { value: number };
  /** socket.io pushes; attached once the HTTP server exists. */
  realtime: Realtime;
}
