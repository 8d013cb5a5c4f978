import { describe, expect, it } from 'vitest';
import { unixSocketDir } from './embedded-postgres.ts';

describe('unixSocketDir', () => {
  it("puts the socket in the cluster's directory", () => {
    expect(unixSocketDir('/var/lib/relatos/postgres', 5432)).toBe('/var/lib/relatos/postgres');
  });

  it('keeps TCP only when the socket path would be longer than PostgreSQL accepts', () => {
    // `<dir>/.s.PGSQL.54321` is 15 bytes longer than the directory; 107 is the limit.
    expect(unixSocketDir(`/${'a'.repeat(91)}`, 54321)).toBe(`/${'a'.repeat(91)}`);
    expect(unixSocketDir(`/${'a'.repeat(92)}`, 54321)).toBeUndefined();
  });
});
