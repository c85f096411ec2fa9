import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

const corePath = fileURLToPath(new URL('../pkg/dialtone_core.js', import.meta.url));
const pkgDir = fileURLToPath(new URL('../pkg', import.meta.url));

export default defineConfig({
  plugins: [wasm(), react(), tailwindcss()],
  resolve: {
    alias: { 'dialtone-core': corePath },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
    fs: { allow: ['.', pkgDir] },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
