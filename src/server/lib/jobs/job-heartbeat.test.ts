import { describe, expect, it } from 'vitest';
import { createJobHeartbeat, type JobProgress } from './job-heartbeat.ts';
import type { Heartbeat } from './jobs.repository.ts';

/** A heartbeat whose writes the test answers one by one, on a clock it moves. */
function harness(minIntervalMs = 500) {
  let clock = 0;
  const writes: (JobProgress | undefined)[] = [];
  const answers: ((heartbeat: Heartbeat) => void)[] = [];
  const verdicts: string[] = [];
  const heartbeat = createJobHeartbeat({
    write: (progress) => {
      writes.push(progress);
      return new Promise((resolve) => answers.push(resolve));
    },
    onVerdict: (verdict) => verdicts.push(verdict),
    onWriteError: () => undefined,
    minIntervalMs,
    now: () => clock,
  });
  const answer = async (value: Heartbeat = { owned: true, cancelRequested: false }) => {
    answers.shift()!(value);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { heartbeat, writes, verdicts, answer, tick: (ms: number) => (clock += ms) };
}

describe('job heartbeat', () => {
  it('writes a new stage at once and progress within a stage at most once per interval', async () => {
    const { heartbeat, writes, answer, tick } = harness(500);
    heartbeat.report('Decoding', 0.1);
    expect(writes).toEqual([{ stage: 'Decoding', fraction: 0.1 }]);
    await answer();

    tick(100);
    heartbeat.report('Decoding', 0.2);
    expect(writes).toHaveLength(1);
    tick(400);
    heartbeat.report('Decoding', 0.3);
    expect(writes.at(-1)).toEqual({ stage: 'Decoding', fraction: 0.3 });
    await answer();

    heartbeat.report('Aligning', 0.4);
    expect(writes.at(-1)).toEqual({ stage: 'Aligning', fraction: 0.4 });
  });

  it('keeps one write in flight and sends only the newest progress after it', async () => {
    const { heartbeat, writes, answer } = harness(0);
    heartbeat.report('Aligning', 0.1);
    heartbeat.report('Aligning', 0.2);
    heartbeat.report('Aligning', 0.3);
    expect(writes).toHaveLength(1);
    await answer();
    expect(writes).toEqual([
      { stage: 'Aligning', fraction: 0.1 },
      { stage: 'Aligning', fraction: 0.3 },
    ]);
  });

  it('clamps fractions into 0–1', () => {
    const { heartbeat, writes } = harness();
    heartbeat.report('Odd', 7);
    expect(writes[0]).toEqual({ stage: 'Odd', fraction: 1 });
  });

  it('a plain beat carries no progress; its answer tells a cancel or a takeover', async () => {
    const { heartbeat, writes, verdicts, answer } = harness();
    void heartbeat.beat();
    expect(writes).toEqual([undefined]);
    await answer({ owned: true, cancelRequested: true });
    void heartbeat.beat();
    await answer({ owned: false, cancelRequested: false });
    expect(verdicts).toEqual(['cancelled', 'lost']);
  });

  it('settles once nothing is in flight', async () => {
    const { heartbeat, answer } = harness();
    heartbeat.report('Saving', 0.9);
    let settled = false;
    const settling = heartbeat.settle().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await answer();
    await settling;
    expect(settled).toBe(true);
  });
});
