import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server (Fastify + Socket.IO) that the dev server forwards to; same origin in production. */
const apiTarget = process.env.FAIRWAY_API_URL ?? 'http://localhost:3000';

// No `root` here: Vite defaults it to the working directory (apps/web for `npm run build -w @fairway/web`),
// and the root Vitest project extends this file, where a fixed root would move its include patterns.
/**
 * The guest page (ride.html) carries its small stylesheet inline: a phone that opened a QR code starts
 * drawing without waiting for a render-blocking CSS request (issue 22 item 6; the CSP allows inline styles).
 */
function inlineRideStylesheet(): Plugin {
  return {
    name: 'fairway-inline-ride-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || !filename.endsWith('ride.html')) return html;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (link, file: string) => {
          const sheet = bundle[file];
          return sheet?.type === 'asset' ? `<style>${String(sheet.source)}</style>` : link;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineRideStylesheet()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk holds which source module (bench/ride-bundle.ts finds the
    // portal page's chunk by it).
    manifest: true,
    // React, MUI, the router and TanStack Query make a ~500 kB (~160 kB gzip) entry chunk; the map
    // (Leaflet), the admin area and the login forms are split off as lazy routes.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      // Two pages: the operator app, and the guest ride flow (/ride/…, /unlock/…), which phones open from a
      // cart's QR code and which must stay small (issue #6: at most 150 kB of gzip JavaScript).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        ride: fileURLToPath(new URL('./ride.html', import.meta.url)),
      },
    },
  },
});
