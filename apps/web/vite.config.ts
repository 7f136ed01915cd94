import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
// A relative import: the config is bundled with it (the contract's package exports TypeScript).
import { endpoints, socketPath } from '../../packages/contract/src/endpoints';

const api = 'http://localhost:8080';

/**
 * The build's `src/lib/wire-endpoints.ts`: the contract's endpoint table reduced to what the API
 * client sends by (method, path, encrypted, form), one line per route, generated from the
 * contract at build time so it cannot drift. The full table (auth, module ids, operator roles)
 * weighed about 9 KB gzip in every visitor's first download.
 */
function wireEndpointTable(): Plugin {
  return {
    name: 'arcadia-wire-endpoints',
    apply: 'build',
    load(id) {
      if (!/[\\/]src[\\/]lib[\\/]wire-endpoints\.ts$/.test(id)) return null;
      const lines = Object.entries(endpoints).map(([name, e]) => {
        const flags = `${e.encrypted ? 'e' : ''}${'form' in e && e.form ? 'f' : ''}`;
        return `${name} ${e.method} ${e.path}${flags ? ` ${flags}` : ''}`;
      });
      return [
        `const table = ${JSON.stringify(lines.join('\n'))};`,
        `export const socketPath = ${JSON.stringify(socketPath)};`,
        'export const wireEndpoints = {};',
        "for (const line of table.split('\\n')) {",
        "  const [name, method, path, flags = ''] = line.split(' ');",
        "  wireEndpoints[name] = { method, path, encrypted: flags.includes('e'), form: flags.includes('f') };",
        '}',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), wireEndpointTable()],
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
    // zustand) and the app's own start-up modules (API client, session, permission,
    // header controls). Split along the lazy routes that share them they came as thirty small
    // chunks, each compressed alone: 9 KB gzip more on the home route. List only modules the home
    // page already loads (compare the home chunks' source maps before and after): a module named
    // here is loaded with the shell (use-sync-external-store, say, serves only the chart and table
    // libraries: named here it cost the home route 0.5 KB).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|zustand)[\\/]/,
            },
            {
              name: 'app-shell',
              test: /[\\/]src[\\/]lib[\\/](session-store|ui-store|toast-store|storage|money|permission|first-login|first-paint|app-download-link|api-client|realtime|query-client|translator)\.ts$|[\\/]src[\\/]components[\\/](theme-toggle|language-select|customer-service-button|count-badge|brand-mark|network-error-screen)\.tsx$|[\\/]src[\\/]components[\\/]use-open-member-page\.ts$|[\\/]src[\\/]features[\\/](lobby[\\/]api[\\/]lobby|wallet[\\/]api[\\/]wallet|auth[\\/]api[\\/]session|auth[\\/]lib[\\/](session-items|invitation)|rewards[\\/]api[\\/](referral|promotions)|inbox[\\/]api[\\/]inbox)\.ts$|[\\/]src[\\/]features[\\/]lobby[\\/]components[\\/]home-skeleton\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
