import { describe, expect, it } from 'vitest';
import { buildEnv } from './build-env.mjs';

describe('buildEnv', () => {
  it('drops NODE_ENV so a build started by npm start is a production bundle, keeping the rest', () => {
    expect(buildEnv({ NODE_ENV: 'development', PATH: '/usr/bin', PORT: '3000' })).toEqual({
      PATH: '/usr/bin',
      PORT: '3000',
    });
    expect(buildEnv({ NODE_ENV: 'test' })).toEqual({});
  });
});
