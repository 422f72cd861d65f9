// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(readEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
    });
  });

  it('coerces PORT from a string and rejects ports that are not ports', () => {
    expect(readEnv({ PORT: '4173' }).PORT).toBe(4173);
    expect(readEnv({ PORT: '0' }).PORT).toBe(0);
    expect(() => readEnv({ PORT: 'http' })).toThrow(/^Invalid environment: PORT: /);
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readEnv({ PORT: '80.5' })).toThrow(/PORT/);
  });

  it('accepts postgres:// and postgresql:// URLs and treats an empty DATABASE_URL as unset', () => {
    expect(readEnv({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(readEnv({ DATABASE_URL: 'postgresql://127.0.0.1/db' }).DATABASE_URL).toBe('postgresql://127.0.0.1/db');
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad DATABASE_URL with a message naming the variable and the expected form', () => {
    expect(() => readEnv({ DATABASE_URL: 'mysql://root@localhost/db' })).toThrow(
      /^Invalid environment: DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('rejects unknown NODE_ENV and LOG_LEVEL values, naming each variable', () => {
    let message = '';
    try {
      readEnv({ NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/NODE_ENV: /);
    expect(message).toMatch(/LOG_LEVEL: /);
  });

  it('keeps explicit values', () => {
    const env = readEnv({ NODE_ENV: 'test', HOST: '0.0.0.0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'build' });
    expect(env).toMatchObject({ NODE_ENV: 'test', HOST: '0.0.0.0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'build' });
  });
});
