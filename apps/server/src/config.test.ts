import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', DEFAULT_MERCHANT: 'demo', DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads DEMO=0 as production mode', () => {
    expect(loadConfig({ DEMO: '0' }).DEMO).toBe(false);
    expect(loadConfig({ DEMO: 'false' }).DEMO).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', OPS_API_KEY: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*OPS_API_KEY/,
    );
  });
});
