import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("sets zod's jitless option, as zod's own config() reads it", async () => {
    await import('./zod-jitless.ts');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
