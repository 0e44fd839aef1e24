import { hashPasswordsForTests } from '../../src/server/platform/passwordHash';

/** Password hashes of the API tests' servers and seeds at the test work factor (passwordHash.ts says why). */
hashPasswordsForTests();
