import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The suite tests the site as users get it: the production build, prerendered pages included.
 * Build once per run; E2E_SKIP_BUILD=1 says the build in dist/ is already fresh.
 */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') {
    if (!existsSync(`${root}/dist/client/index.html`)) {
      throw new Error(
        'E2E_SKIP_BUILD=1 but dist/client/index.html is missing: run `npm run build`.',
      )
    }
    return
  }
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 200_000,
  })
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`,
    )
  }
}
