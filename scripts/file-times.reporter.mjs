// A vitest reporter for `npm test` (scripts/test.mjs): each test file's time into
// .tmp/vitest-file-times.json: importing it, its hooks and its tests, which the JSON report's
// per-file times leave out (they run from the first test's start to the last test's end).
import fs from 'node:fs';

export const FILE_TIMES = '.tmp/vitest-file-times.json';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        file: m.moduleId,
        project: m.project.name,
        seconds:
          (d.prepareDuration +
            d.environmentSetupDuration +
            d.setupDuration +
            d.collectDuration +
            d.duration) /
          1000,
      };
    });
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(
      FILE_TIMES,
      JSON.stringify(
        rows.sort((a, b) => b.seconds - a.seconds),
        null,
        1,
      ),
    );
  }
}
