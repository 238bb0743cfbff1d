import { defineConfig } from 'vitest/config';

const dbSetup = './server/test/global-setup.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'shared/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'desktop/src/**/*.test.ts',
            'family-web/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['server/**/*.int.test.ts', 'desktop/src/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          globalSetup: [dbSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Files share their worker's module cache: each one imports the whole server, which cost
          // more CPU than its tests on two cores (docs/reliability.md, "Test suite time"). Files
          // keep their own databases and servers; what they change in the process (process.env)
          // they restore.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          // With the int files, in the same two workers: a browser file waits on Chromium and
          // the network most of the time, which an int file's CPU work fills.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: [dbSetup],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // As for int: one module cache per worker (each file still launches its own browser).
          isolate: false,
        },
      },
    ],
  },
});
