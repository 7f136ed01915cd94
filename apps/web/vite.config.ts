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
    // What every page runs first in two chunks: the libraries (React, the router, TanStack Query,
    // i18next, zustand) and the app's own start-up modules (API client, session, permission,
    // header controls). Split along the lazy routes that share them they came as thirty small
    // chunks, each compressed alone: 9 KB gzip more on the home route. List only modules the home
    // page already loads (compare the home chunks' source maps before and after): a module named
    // here is loaded with the shell.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](?:query-core|react-query)|zustand|use-sync-external-store)[\\/]/,
            },
            {
              name: 'app-shell',
              test: /[\\/]src[\\/]lib[\\/](session-store|ui-store|toast-store|storage|money|permission|first-login|first-paint|app-download-link|api-client|realtime|query-client)\.ts$|[\\/]src[\\/]components[\\/](theme-toggle|language-select|customer-service-button|count-badge|brand-mark)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
