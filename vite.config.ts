import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { alias } from './build/alias.ts';
import { arcoStyle } from './build/arcoStyle.ts';
import { precompress } from './build/precompress.ts';
import { chunkGroups } from './build/chunks.ts';
import { inlineEarlyCalls } from './build/earlyCalls.ts';
import { prerenderLogin } from './build/prerenderLogin.ts';
import { offline } from './build/offline.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [arcoStyle(), react(), inlineEarlyCalls(), prerenderLogin(), precompress(), offline()],
  resolve: { alias },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      output: {
        // React in one long-cached chunk, the login page's code in another, the signed-in shell
        // in a third (build/chunks.ts); ECharts, xlsx and each page in lazy chunks of their own.
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/fms': api, '/socket.io': { target: api, ws: true } },
  },
});
