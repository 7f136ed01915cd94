import { describe, expect, it } from 'vitest';
import { type RegisterFieldRule, checkRegisterField, registerPatterns } from './register-patterns.js';

const rule = (
  patternId: number,
  min = 1,
  max = 20,
  extra: Partial<RegisterFieldRule> = {},
): RegisterFieldRule => ({
  enabled: true,
  required: true,
  patternId,
  minLength: min,
  maxLength: max,
  acceptedPattern: '*',
  type: 'text',
  ...extra,
});

describe('register patterns', () => {
  it('every pattern compiles as a unicode regular expression', () => {
    for (const source of Object.values(registerPatterns)) expect(() => new RegExp(source, 'u')).not.toThrow();
  });

  it.each([
    [1, 'abc123', true],
    [1, '1abc', false],
    [3, 'me@example.com', true],
    [3, 'me@example', false],
    [5, 'abc123', true],
    [5, 'abcdef', false],
    [6, '0123', true],
    [6, '12a', false],
    [7, 'abC1', true],
    [7, 'abc1', false],
    [11, '2026-11-22', true],
    [11, '11-22-2026', true],
    [11, '22/11/2026', false],
    [13, 'สวัสดี', true],
    [17, 'Aa1!aaaa', true],
    [17, 'Aa1aaaaa', false],
    [18, 'Ada Lovelace', true],
    [18, 'Ada', false],
    [21, '912345', true],
    [21, '812345', false],
  ])('pattern %i: %s → %s', (id, value, ok) => {
    expect(checkRegisterField(rule(id, 1, 40), value) === null).toBe(ok);
  });
});

describe('checkRegisterField', () => {
  it('asks for a required value and lets an empty optional one pass', () => {
    expect(checkRegisterField(rule(1), '  ')).toBe('required');
    expect(checkRegisterField(rule(1, 1, 20, { required: false }), '')).toBeNull();
  });

  it('counts characters, not UTF-16 units, for the length bounds', () => {
    expect(checkRegisterField(rule(0, 2, 2), '𝒜𝒜')).toBeNull();
    expect(checkRegisterField(rule(0, 4, 8), 'abc')).toBe('length');
    expect(checkRegisterField(rule(0, 1, 3), 'abcd')).toBe('length');
  });

  it('applies the extra accepted pattern unless it is *', () => {
    expect(checkRegisterField(rule(4, 1, 20, { acceptedPattern: 'vip[0-9]+' }), 'vip12')).toBeNull();
    expect(checkRegisterField(rule(4, 1, 20, { acceptedPattern: 'vip[0-9]+' }), 'abc12')).toBe('pattern');
  });
});
