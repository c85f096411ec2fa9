// Names every e2e test that passed only on a retry, with what failed first, so that a
// retry never hides a flaky test: make test's summary (scripts/lib/failed-tests.py)
// repeats these lines at the end of its output, which is the part CI keeps.
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const { flaky, retryCount } = test.diagnostic() ?? {};
    if (!flaky) return;
    const error = test.result().errors?.[0];
    const first = error?.message?.split('\n')[0] ?? 'no error kept';
    // Where in the test it failed: the deepest frame in an e2e file.
    const frame = error?.stacks?.find((f) => f.file.includes('/e2e/'));
    const at = frame ? ` at ${frame.file.split('/app/').pop()}:${frame.line}` : '';
    this.retried.push(
      `RETRIED ${test.module.relativeModuleId} > ${test.fullName} (${retryCount}): ${first}${at}`,
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length > 0) console.log(`\n${this.retried.join('\n')}`);
  }
}
