import { defineConfig } from 'vitest/config';
import { alias } from './vite.alias.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit-web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        resolve: { alias },
        test: { name: 'unit-node', include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/pgliteSnapshot.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two at a time on two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
