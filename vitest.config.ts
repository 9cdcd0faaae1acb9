import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { slowTests } from './scripts/lib/slow-tests.mjs';

// Three tiers told apart by file name (docs/testing.md):
//   *.unit.spec.ts  pure code, no I/O
//   *.int.spec.ts   embedded adapters, or one real server when configured
//   *.e2e.spec.ts   the whole product through the gateway in headless Chromium
const exclude = ['**/node_modules/**', '**/dist/**'];
const RENDERING = ['services/notification/src/rendering/**/*.unit.spec.ts'];

/** Vitest's order (tier groups, then its cache or file sizes), with the known slow files first. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = slowTests.indexOf(relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? slowTests.length : index;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, so every file
    // waited for the one before, though most of a file's time is spent waiting (on the database,
    // the bus, a browser, a timer) rather than computing. Three run side by side, once the
    // end-to-end files are done (they run first, two at a time: see the e2e project).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude: [...exclude, ...RENDERING],
          // Pure code: the files share their workers and loaded modules instead of a process each
          // (most of a unit file's time was its process starting and importing).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // The PDF rendering tests keep a process each: run after other files in one process, the
          // combining-marks test saw marks placed outside their line (to be understood: the fonts
          // are parsed once per process and shared by every document).
          name: 'unit-rendering',
          include: RENDERING,
          exclude,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude,
          // One child process per test file (vitest's default, pinned here on purpose): chDB binds
          // one data directory per process, so each file that opens it uses a folder of its own.
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude,
          pool: 'forks',
          // Two files side by side (each starts its own product on free ports with its own data
          // folder and browser), before the other tiers: three browsers and products at once, or
          // beside the timing-sensitive int files, starve each other on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page shows after a request and a lazily loaded chunk can take longer than
          // expect.poll's default second on a loaded machine: the poll checks what, not how fast.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
