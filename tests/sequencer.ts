import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Long by what they test, not by accident: 45 s of load through nginx, and Vite's dev
// server under an 8x slower CPU. Started first, they run beside the rest of the suite.
const LONG_BY_DESIGN = ['tests/e2e/multi-instance.test.ts', 'tests/e2e/fade-in.test.ts']

/**
 * Vitest's order (by project, then slowest first by the last run's timings, or largest first
 * without them, as on a clean clone), with the files that are long by design at the front.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const long = (spec: TestSpecification) =>
      LONG_BY_DESIGN.some((path) => spec.moduleId.endsWith(path))
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec))]
  }
}
