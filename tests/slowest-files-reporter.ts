import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * `npm test` ends with where its time went: the slowest test files (import plus tests and hooks),
 * with their project, and the sum per project. VITEST_SLOWEST_JSON=<file> also writes every file's
 * figures there (how docs/decisions/0044-fast-ci.md measured the suite).
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly count: number;

  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? 10;
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const files = testModules.map((module) => {
      const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
      return {
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        seconds: (duration + collectDuration + setupDuration + prepareDuration) / 1000,
        tests: [...module.children.allTests()].length,
      };
    });
    if (files.length === 0) return;
    files.sort((a, b) => b.seconds - a.seconds);
    const perProject = new Map<string, number>();
    for (const { project, seconds } of files)
      perProject.set(project, (perProject.get(project) ?? 0) + seconds);
    const lines = [`\n Slowest ${Math.min(this.count, files.length)} of ${files.length} test files:`];
    for (const { project, file, seconds, tests } of files.slice(0, this.count)) {
      lines.push(`  ${seconds.toFixed(1).padStart(7)} s  ${project.padEnd(5)} ${file} (${tests} tests)`);
    }
    const sums = [...perProject].map(([project, seconds]) => `${project} ${seconds.toFixed(0)} s`);
    lines.push(`  Sum of the files' times (workers overlap): ${sums.join(", ")}\n`);
    console.log(lines.join("\n"));
    const json = process.env.VITEST_SLOWEST_JSON;
    if (json) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(json, `${JSON.stringify(files, null, 1)}\n`);
    }
  }
}
