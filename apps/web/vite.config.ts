import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API, the identity service and the config file come from the server on 8080.
const server = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/services': server,
      '/auth': server,
      '/assets/config': server,
    },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
