import { describe, expect, it } from 'vitest';
import { errorMessage, getOrThrow, isKeyOf, isRecord, must, numberOrNull } from './must';

describe('must', () => {
  it('answers a value that is there, falsy ones included', () => {
    expect(must(0, 'a count')).toBe(0);
    expect(must('', 'a name')).toBe('');
    expect(must([1].find((n) => n === 1), 'one')).toBe(1);
  });

  it('names what is missing', () => {
    expect(() => must(undefined, 'page /x')).toThrow('missing page /x');
    expect(() => must(null, 'the parent column')).toThrow('missing the parent column');
  });
});

describe('getOrThrow', () => {
  const map = new Map([['a', 0]]);
  it('answers the value under a key', () => expect(getOrThrow(map, 'a', 'letter')).toBe(0));
  it('names what and which key are missing', () => expect(() => getOrThrow(map, 'b', 'letter')).toThrow('missing letter: b'));
});

describe('narrowing helpers', () => {
  it('tells objects from everything else', () => {
    expect([{}, [], new Error('x')].every(isRecord)).toBe(true);
    expect([null, undefined, 1, 'x', true].some(isRecord)).toBe(false);
  });

  it('tells own keys from inherited and unknown ones', () => {
    const table = { SO: 1 };
    expect(isKeyOf(table, 'SO')).toBe(true);
    expect(isKeyOf(table, 'toString')).toBe(false);
    expect(isKeyOf(table, 'XX')).toBe(false);
  });

  it('reads numbers, and null for anything else', () => {
    expect([3, 0, null, undefined, '3'].map(numberOrNull)).toEqual([3, 0, null, null, null]);
  });

  it('says what was thrown', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});
