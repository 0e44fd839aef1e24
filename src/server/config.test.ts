import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('settings for several nodes', () => {
  it('the business time zone is the setting when given, else the host\'s; a zone that does not exist is refused', () => {
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Shanghai' }).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({}).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(loadConfig({ BUSINESS_TIME_ZONE: '' }).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(/BUSINESS_TIME_ZONE/);
  });

  it('an empty REDIS_URL or DATABASE_READ_URL counts as unset; job intervals take fractions of a minute', () => {
    const config = loadConfig({ REDIS_URL: '', DATABASE_READ_URL: '', ALERT_SWEEP_MINUTES: '0.05' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATABASE_READ_URL).toBeUndefined();
    expect(config.ALERT_SWEEP_MINUTES).toBe(0.05);
    expect(() => loadConfig({ REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX/);
  });
});
