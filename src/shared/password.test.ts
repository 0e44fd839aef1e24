import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordStrength } from './password';
import { pickLanguage } from './i18n/languages';
import { parseSettings, DEFAULT_SETTINGS } from './settings';

describe('password rules of docs/product.md#validation', () => {
  it.each([
    ['', 'passwordNewEmpty'],
    ['a1b2c', 'passwordLength'],
    ['Abcdefghij1234567890x', 'passwordLength'],
    ['12345678', 'passwordOneKind'],
    ['abcdEFGH', 'passwordOneKind'],
    ['abc123', 'passwordTooSimple'],
    ['Password1', 'passwordTooSimple'],
    ['aaa111', 'passwordTooSimple'],
  ])('%j is refused with %s', (password, key) => {
    expect(passwordProblem(password)).toBe(key);
  });

  it('accepts a password of 6 to 20 mixed characters', () => {
    expect(passwordProblem('Demo@2026')).toBeNull();
    expect(passwordProblem('tyre42')).toBeNull();
  });

  it('warns about weak passwords it accepts', () => {
    expect(passwordStrength('tyre42')).toBe('weak');
    expect(passwordStrength('Tyre4242')).toBe('strong');
    expect(passwordStrength('Demo@2026')).toBe('strong');
    expect(passwordStrength('tyrepress42')).toBe('medium');
    expect(passwordStrength('Tyre42!')).toBe('medium');
  });
});

describe('language and settings', () => {
  it('picks the lang query first, then Accept-Language, else zh-CN', () => {
    expect(pickLanguage('en-US', 'zh-CN')).toBe('en-US');
    expect(pickLanguage(undefined, 'en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLanguage(undefined, 'fr-FR')).toBe('zh-CN');
  });

  it('keeps valid stored settings and defaults the rest (default theme dark, colour #1890ff)', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ customTheme: 'dark', theme: '#1890ff', tagsView: true });
    expect(parseSettings('{"customTheme":"light","tagsView":"yes","theme":"red"}')).toMatchObject({ customTheme: 'light', tagsView: true, theme: '#1890ff' });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
  });
});
