import { fileURLToPath } from 'node:url';

/** Import aliases shared by Vite and Vitest (tsconfig.json `paths` says the same). */
export const alias = {
  '@shared': fileURLToPath(new URL('../src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('../src/web', import.meta.url)),
};
