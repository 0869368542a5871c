import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Safety nets, not deadlines: sized so that the suite passes on a machine whose cores are also busy with
    // other work (README, "Running the tests on a busy machine"). Long scenarios set their own, larger limits.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share a worker's loaded modules (discord.js, canvas, the engines): importing them again for
    // each of the 128 files cost about 110 s of the run (14 s now). No test mocks modules or leaves globals changed.
    isolate: false,
    // One worker more than cores: about a third of the test files' wall time is waiting (a hung worker's
    // deadline, Discord's retries after a 5xx, a bot process starting), which a third worker on 2 cores
    // fills with another file's work (README, "What the suite costs").
    maxWorkers: os.availableParallelism() + 1,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    // One throwaway PostgreSQL cluster per run; each test file that needs it creates its own database.
    globalSetup: ['test/support/postgres-global-setup.ts', 'test/support/test-build-global-setup.ts'],
    // SUITE_CPU=<file>: each test file's wall time and CPU-seconds, one JSON line each (test/support/file-cpu.ts).
    setupFiles: ['test/support/file-cpu.ts'],
  },
});
