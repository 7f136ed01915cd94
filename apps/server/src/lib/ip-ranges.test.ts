import { describe, expect, it } from 'vitest';
import { ipInRanges, isValidRange, parseRanges } from './ip-ranges.js';

describe('ip ranges', () => {
  const ranges = parseRanges(['192.168.0.0/16', '203.0.113.7', '2001:db8::/32']);

  it.each([
    ['192.168.4.20', true],
    ['192.169.0.1', false],
    ['203.0.113.7', true],
    ['203.0.113.8', false],
    ['::ffff:192.168.1.1', true],
    ['2001:db8:1::5', true],
    ['2001:db9::1', false],
    ['not-an-ip', false],
  ])('%s in ranges → %s', (ip, expected) => {
    expect(ipInRanges(ip, ranges)).toBe(expected);
  });

  it('matches nothing with no ranges', () => {
    expect(ipInRanges('10.0.0.1', [])).toBe(false);
  });

  it.each([
    ['10.0.0.0/8', true],
    ['::1', true],
    ['10.0.0.0/33', false],
    ['300.1.1.1', false],
    ['', false],
  ])('validates %s → %s', (entry, expected) => {
    expect(isValidRange(entry)).toBe(expected);
  });
});
