import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // `^/ops/`: the operator API; `/ops` itself is a page of this app.
    proxy: {
      '/wps': api,
      '/lgw': api,
      '^/ops/': api,
      '/docs': api,
      '/healthz': api,
      '/readyz': api,
      // Generated artwork, the house games' client API and vendor callbacks live on the server.
      '/assets/art': api,
      '/house/api': api,
      '/vendor/': api,
      // The real-time channel (Socket.IO over WebSocket).
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    // The manifest lets bench/ measure exactly what the home route loads.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    // The libraries every page runs first (React, the router, TanStack Query, i18next, zustand) in one
    // chunk: split along the app's lazy routes they came as a dozen small chunks, each compressed
    // alone (5 KB gzip more on the home route), and one chunk also caches across deploys.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](?:query-core|react-query)|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
