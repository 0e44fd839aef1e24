import { defineConfig } from 'vitest/config';
import { alias } from './build/alias.ts';

/**
 * Unit tests that render React, draw a chart or load the console's i18n (it reads localStorage)
 * need a browser's globals (jsdom, slow to start); every other unit test, the console's pure rules
 * included, runs in node. A test that needs them is named here.
 */
const BROWSER_TESTS = [
  'src/web/**/*.test.tsx',
  'src/web/kit/chart/echarts.test.ts',
  'src/web/kit/usePermission.test.ts',
  'src/web/kit/dashboard/seriesNames.test.ts',
  'src/web/firstPaint/earlyCalls.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit-web',
          include: BROWSER_TESTS,
          environment: 'jsdom',
          setupFiles: ['tests/setup/jsdom.ts'],
          // One jsdom a worker, not one a file (its start and React's import were most of this step);
          // what a test renders is taken down after it (tests/setup/jsdom.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'src/web/**/*.test.ts', 'build/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: BROWSER_TESTS,
          environment: 'node',
          // Pure rules: a worker imports what they share once, not once a file (the unit step 58 s to 21 s with the above).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/seededDatabase.ts'],
          setupFiles: ['tests/setup/testHashing.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000, // a file's server and seed, on a loaded 2-core machine
          // Each file starts its own server and database; two at a time on two cores.
          maxWorkers: 2,
          // The server's modules are imported once per worker, not once per file (4 to 5 s a file):
          // every file builds its own app, services and database, so no state crosses files.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two nodes of the built server on PostgreSQL and Redis; skipped where either does not answer.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
