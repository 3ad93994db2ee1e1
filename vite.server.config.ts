// The server's build (`npm run build:server`): server/ bundled into dist/server/index.js, run by
// `npm start` as plain JavaScript. Packages stay in node_modules (Vite's SSR build leaves them
// external): argon2 is native code and PGlite loads its own WebAssembly.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const MIGRATIONS = new URL('./server/db/migrations/', import.meta.url)

// server/db/migrate.ts reads the SQL files beside itself; in the build, beside index.js.
function migrations(): Plugin {
  return {
    name: 'coinvera:migrations',
    generateBundle() {
      for (const file of readdirSync(MIGRATIONS)) {
        if (!file.endsWith('.sql')) continue
        this.emitFile({
          type: 'asset',
          fileName: `migrations/${file}`,
          source: readFileSync(new URL(file, MIGRATIONS)),
        })
      }
    },
  }
}

export default defineConfig({
  // Nothing from public/ belongs in the server's folder.
  publicDir: false,
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  plugins: [migrations()],
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist/server',
    target: 'node20',
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'index.js' } },
  },
})
