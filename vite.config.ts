import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { alias } from './vite.alias.ts';
import { arcoStyle } from './vite.arcoStyle.ts';
import { precompress } from './vite.precompress.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [arcoStyle(), react(), precompress()],
  resolve: { alias },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      output: {
        // Libraries every signed-in page needs share one long-cached chunk; ECharts and
        // xlsx stay in the lazy chunks of the pages that use them.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/fms': api, '/socket.io': { target: api, ws: true } },
  },
});
