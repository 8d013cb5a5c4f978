import { describe, expect, it } from 'vitest';
import { formatSummary, runStages, type Step } from './test-all.ts';

const node = (name: string, code: string): Step => ({
  name,
  command: [process.execPath, '-e', code],
});

describe('npm test stages', () => {
  it('runs a stage side by side, prints each step whole, and stops after a stage that failed', async () => {
    const printed: string[] = [];
    const results = await runStages(
      [
        [
          node(
            'slow',
            'setTimeout(() => { console.log("slow line 1"); console.log("slow line 2"); }, 200)',
          ),
          node('failing', 'console.log("bad"); process.exit(3)'),
        ],
        [node('never', 'console.log("ran")')],
      ],
      (text) => printed.push(text),
    );
    expect(results.map((result) => [result.name, result.ok])).toEqual([
      ['slow', true],
      ['failing', false],
    ]);
    expect(printed).toEqual(['\n── slow ──\nslow line 1\nslow line 2\n', '\n── failing ──\nbad\n']);
  }, 30_000);

  it('runs the next stage when every step of a stage passed', async () => {
    const results = await runStages(
      [[node('first', ''), node('second', '')], [node('then', '')]],
      () => undefined,
    );
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
  }, 30_000);

  it('says how long each stage took', () => {
    const summary = formatSummary(
      [
        { name: 'typecheck', ok: true, seconds: 38.4, output: '' },
        { name: 'browser journeys', ok: false, seconds: 612, output: '' },
      ],
      700.2,
    );
    expect(summary.split('\n')).toEqual([
      '',
      'npm test, stage by stage:',
      '  typecheck            38 s  passed',
      '  browser journeys    612 s  FAILED',
      '  total               700 s',
    ]);
  });
});
