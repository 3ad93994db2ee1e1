import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { COMPILE_HINT, VENDOR_CHUNK } from './src/boot/chunks'
import { defineConfig, type Plugin } from 'vite'

// Market data kept in the visitor's storage (src/lib/persist.ts) is dropped when the code that
// shapes it changes: the buster is a hash of those files, so it moves with them and only them.
const STORED_DATA_SOURCES = ['contract/market.ts', 'src/features/market/queries.ts']
const storageBuster = STORED_DATA_SOURCES.reduce(
  (hash, file) => hash.update(readFileSync(new URL(file, import.meta.url))),
  createHash('sha256'),
)
  .digest('hex')
  .slice(0, 16)

// `npm run dev:mock` needs MSW's worker script; serving it from node_modules keeps it out of
// public/ and therefore out of every production build.
function mswWorker(): Plugin {
  const file = fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'))
  return {
    name: 'coinvera:msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript')
        res.end(readFileSync(file))
      })
    },
  }
}

// Only when Vitest runs: builds need no test code.
const testSequencer = process.env.VITEST
  ? (await import('./tests/sequencer')).LongFilesFirst
  : undefined

export default defineConfig(({ mode }) => ({
  plugins: [
    // The router plugin must run before React's so it can split route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Each page's loader comes with its component, in the page's own chunk: what a loader
      // imports (a coin's queries and schemas) then reaches no other page's entry.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      routeFileIgnorePattern: '\\.test\\.',
    }),
    react(),
    mode === 'mock' && mswWorker(),
  ],
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  define: { __STORAGE_BUSTER__: JSON.stringify(storageBuster) },
  server: {
    // In plain `npm run dev` the API comes from the Node server (`npm start`) on port 3000.
    proxy: mode === 'mock' ? undefined : { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    // The app's one stylesheet (src/styles/global.css), written into every page as a <style>
    // (scripts/prerender.ts builds other-pages.css apart). Split per chunk, a lazy chunk's
    // preload linked it again: a second download, and offline, a failed import of the chunk.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        postBanner: COMPILE_HINT,
        codeSplitting: { groups: [VENDOR_CHUNK] },
      },
    },
  },
  test: {
    // Three files at a time on 2 cores, every project together: both cores stay busy (98-99% in a
    // full run) while a file waits for a server or a browser. The files that are long by design
    // go first (docs/PERFORMANCE.md, "The test suite").
    maxWorkers: 3,
    sequence: { sequencer: testSequencer },
    // expect.poll waits for what a test expects to come about; its 1 s default is a deadline that
    // a loaded machine misses. A test whose subject is a time bound gives its own timeout.
    expect: { poll: { timeout: 5000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['tests/setup.ts'],
          // One jsdom and one module graph per worker, not per file: the unit files took 126 s of
          // CPU isolated and 46 s so (one run each). tests/setup.ts resets what a test may leave
          // (the DOM, storage, cookies, mock handlers); no unit file uses vi.mock, which needs a
          // fresh module graph. Checked with shuffled orders (--sequence.shuffle).
          isolate: false,
          // A limit for a test that hangs, not a measure: beside the other files on a loaded
          // 2-core machine, form tests took over the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // server/middleware/rate-limit.test.ts measures the memory kept after a collection.
          execArgv: ['--expose-gc'],
          // A module graph per worker, not per file (CPU 171 s -> 148 s over these files). Each
          // file opens its own servers and databases; argon2's checks are counted with a spy on
          // the package's exports, not vi.mock, which a shared graph would not honour. Checked
          // with the files in shuffled orders (--sequence.shuffle.files).
          isolate: false,
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/support/setup.ts'],
          // Each worker loads Playwright once, not once per file (import time 35 s -> 7 s over the
          // e2e files; their workers' CPU 97 s -> 75 s). A file's servers, browser contexts and
          // fake upstream are its own (support/site.ts); none uses vi.mock.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
}))
