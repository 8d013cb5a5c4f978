import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('uses Apertium when it is installed unless TRANSLATE_APERTIUM says otherwise', () => {
    expect(loadConfig({}).translation.apertium).toBe('auto');
    expect(loadConfig({ TRANSLATE_APERTIUM: 'true' }).translation.apertium).toBe('on');
    expect(loadConfig({ TRANSLATE_APERTIUM: '0' }).translation.apertium).toBe('off');
    expect(() => loadConfig({ TRANSLATE_APERTIUM: 'sometimes' })).toThrow(ConfigError);
  });

  it('derives the default public address from PORT', () => {
    expect(loadConfig({ PORT: '3310' }).publicUrl).toBe('http://localhost:3310');
  });

  it('reads DATABASE_URL and S3 settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/relatos',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      PUBLIC_URL: 'https://relatos.example/',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/relatos');
    expect(config.s3).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:9000' });
    expect(config.publicUrl).toBe('https://relatos.example');
  });

  it('lists every failing variable', () => {
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', TRUST_PROXY: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('PUBLIC_URL');
      expect(problems).toContain('TRUST_PROXY');
    }
  });

  it('runs one background job at a time by default; JOB_WORKERS=0 runs none here', () => {
    expect(loadConfig({}).jobs.concurrency).toBe(1);
    expect(loadConfig({ JOB_WORKERS: '0' }).jobs.concurrency).toBe(0);
    expect(() => loadConfig({ JOB_WORKERS: 'many' })).toThrow(ConfigError);
  });

  it('refuses a half-configured S3', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(ConfigError);
  });
});

describe('production', () => {
  it('refuses to start without SMTP_URL and AUTH_SECRET, saying why', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('SMTP_URL');
      expect(problems).toContain('AUTH_SECRET');
    }
  });

  it('starts with both set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      AUTH_SECRET: 'x'.repeat(40),
    });
    expect(config.smtpUrl).toBe('smtp://mail.example.com:587');
  });
});
