import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { alias } from './vite.alias.ts';
import { arcoStyle } from './vite.arcoStyle.ts';
import { precompress } from './vite.precompress.ts';
import { chunkGroups } from './vite.chunks.ts';
import { inlineEarlyCalls } from './vite.earlyCalls.ts';
import { prerenderLogin } from './vite.prerenderLogin.ts';
import { offline } from './vite.offline.ts';

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
        // in a third (vite.chunks.ts); ECharts, xlsx and each page in lazy chunks of their own.
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/fms': api, '/socket.io': { target: api, ws: true } },
  },
});
