import type { TestModeConfig, TestOperation } from '#shared/contracts/admin-migrations';
import { testModeConfig } from './migration-stores';

/** Log keys are the operation name plus a millisecond timestamp (spec §3); never reused. */
function logKey(operation: string, data: TestModeConfig['testData'], now: number): string {
  let ms = now;
  while (data[`${operation}_${ms}`]) ms += 1;
  return `${operation}_${ms}`;
}

/** Starts test mode (recording its start time) with an empty log. */
export function enableTestMode(now = new Date()): void {
  testModeConfig.write({ enabled: true, startedAt: now.toISOString(), testData: {} });
}

/** Ends test mode: the config is removed and its log with it. */
export function disableTestMode(): void {
  testModeConfig.write(null);
}

/** Empties the log; test mode stays on. */
export function clearTestLog(): void {
  const config = testModeConfig.read();
  if (config) testModeConfig.write({ ...config, testData: {} });
}

/**
 * Records an operation in the test log. Only while test mode is active: otherwise it logs a
 * warning and records nothing (spec §4). Returns whether the operation was recorded.
 */
export function recordTestOperation(
  operation: string,
  result: TestOperation['result'],
  details: TestOperation['details'],
  now = new Date(),
): boolean {
  const config = testModeConfig.read();
  if (!config?.enabled) {
    console.warn(`Test mode is not active: the operation "${operation}" was not recorded.`);
    return false;
  }
  const key = logKey(operation, config.testData, now.getTime());
  const entry: TestOperation = { operation, result, details, timestamp: now.toISOString() };
  try {
    testModeConfig.write({ ...config, testData: { ...config.testData, [key]: entry } });
    return true;
  } catch (error) {
    console.warn('The test operation could not be stored.', error);
    return false;
  }
}

/** The log, newest first. */
export function testLogEntries(
  config: TestModeConfig | null,
): Array<{ key: string; entry: TestOperation }> {
  if (!config) return [];
  return Object.entries(config.testData)
    .map(([key, entry]) => ({ key, entry }))
    .sort(
      (a, b) => b.entry.timestamp.localeCompare(a.entry.timestamp) || b.key.localeCompare(a.key),
    );
}

export const useTestMode = () => testModeConfig.use();
