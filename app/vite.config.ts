import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { routePatterns } from './src/app/paths';

const corePath = fileURLToPath(new URL('../pkg/dialtone_core.js', import.meta.url));
const toolsPath = fileURLToPath(new URL('../pkg-tools/dialtone_tools.js', import.meta.url));
const pkgDir = fileURLToPath(new URL('../pkg', import.meta.url));
const toolsDir = fileURLToPath(new URL('../pkg-tools', import.meta.url));

/** Writes the route table's patterns to routes.json beside index.html (the server's
 * list of known pages: anything else answers 404). */
function routeTable(): Plugin {
  return {
    name: 'dialtone-route-table',
    apply: 'build',
    generateBundle() {
      const source = JSON.stringify(routePatterns());
      this.emitFile({ type: 'asset', fileName: 'routes.json', source });
    },
  };
}

export default defineConfig({
  plugins: [wasm(), react(), tailwindcss(), routeTable()],
  resolve: {
    // Two modules of dialtone-core: the one every page loads, and the tools (IVR,
    // rate decks, call rules) that only their pages import (src/lib/core-tools.ts).
    alias: { 'dialtone-core': corePath, 'dialtone-core-tools': toolsPath },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
    fs: { allow: ['.', pkgDir, toolsDir] },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A few long-lived chunks instead of dozens of tiny shared ones: the React stack
        // every page needs, the charts only two pages draw, and the shared UI pieces.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@tanstack|react-hot-toast|goober)[\\/]/,
            },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|es-toolkit|decimal\.js-light)[\\/]/,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'ui', test: /src[\\/]components[\\/]ui[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Vitest's default of one worker fewer than the cores is one worker on a 2-core
    // machine, with the other core idle; and a fresh module graph for each of the 68
    // files cost more than their tests. Two workers sharing modules: 194 s -> 58 s
    // here (2026-12-01), passing in shuffled file orders. The setup file clears what a
    // test leaves behind (the rendered tree, stubbed globals, toasts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    // Vitest's 5 s is a test's whole budget: the buy-number wizard's walk (four steps,
    // each a render and a mocked request) took 5.1 s once, when every suite of make
    // test ran at half its usual speed (2026-12-02), and failed on the clock alone.
    testTimeout: 15_000,
  },
});
