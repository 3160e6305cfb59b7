import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // .gz and .br beside each text asset; the server sends them as they are (@fastify/static
    // preCompressed), so no request pays for compression.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'],
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      '/avatars': 'http://localhost:3000',
      '/ws-endpoint': { target: 'http://localhost:3000', ws: true },
      '/telegram': 'http://localhost:3000',
    },
  },
  // The manifest tells the server which chunks each public page needs, to preload them from
  // index.html (apps/server/src/modules/site/seo.ts).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
