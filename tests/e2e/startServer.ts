/**
 * A browser-test server (src/server/main.ts). Given a data folder (tests/e2e/servers.ts names one
 * when this `npm test` made the seeded snapshot), it starts on a copy of the seeded database there,
 * as a restarted `npm start` finds its own; with `memory://` it seeds a database of its own.
 * Nothing of the server is imported before the copy is made: it sets the time zone before its modules load.
 */
import { seededDataDir } from '../setup/seededDataDir';

const dataDir = process.env.DATA_DIR;
if (dataDir && dataDir !== 'memory://') await seededDataDir(dataDir);
await import('../../src/server/main');
