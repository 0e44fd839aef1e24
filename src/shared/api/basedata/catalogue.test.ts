import { describe, expect, it } from 'vitest';
import { pageByRoute } from '../../pages';
import { inputSchemaOf } from '../../pages/schema';
import { bestMatch, sizeKey } from './catalogue';
import { TYRE_SIZE_PATTERN } from './catalogueFields';

const m = (id: number, specification: string, pattern: string, brandName = 'Everpeak') => {
  const [, service = ''] = specification.split(' ');
  return { id, specification, pattern, brandName, loadIndex: service.replace(/[A-Z]\d?$/, ''), speedIndex: service.replace(/^[\d/]+/, '') };
};

describe('catalogue rules and matching', () => {
  it('accepts tyre sizes loosely and refuses other text', () => {
    for (const s of ['205/55R16 91V', '225/45ZR17', '11R22.5 146/143M', '7.00R16LT 118/114L', '195/75R16C 107/105R', '31X10.50R15']) expect(TYRE_SIZE_PATTERN.test(s), s).toBe(true);
    for (const s of ['big tyre', '205', 'R16', '205/55R']) expect(TYRE_SIZE_PATTERN.test(s), s).toBe(false);
  });

  it('names the first broken material rule, as the manifest declares them', () => {
    const input = inputSchemaOf(pageByRoute('/basedata/base/material')!);
    const good = { code: 'AB', name: 'n', brandId: 1, specification: '205/55R16 91V', pattern: 'p', loadIndex: '91', speedIndex: 'V', price: '12.5' };
    const first = (over: Record<string, unknown>) => {
      const parsed = input.safeParse({ ...good, ...over });
      if (parsed.success) return null;
      const issue = parsed.error.issues[0] as { path: PropertyKey[]; params?: { messageKey?: string; emptyLabel?: { 'en-US': string } } };
      return { field: issue.path.join('.'), key: issue.params?.messageKey ?? issue.params?.emptyLabel?.['en-US'] };
    };
    expect(first({ code: '' })).toEqual({ field: 'code', key: 'Material code' });
    expect(first({ code: 'ab' })).toEqual({ field: 'code', key: 'uppercase' });
    expect(first({ specification: 'big tyre' })).toEqual({ field: 'specification', key: 'tyreSize' });
    expect(first({ price: '1.234' })).toEqual({ field: 'price', key: 'price' });
    expect(first({ price: -1 })).toEqual({ field: 'price', key: 'price' });
    expect(first({ price: null })).toEqual({ field: 'price', key: 'required' });
    expect(first({})).toBeNull();
  });

  it('reduces a size to its digits however it is written', () => {
    expect(sizeKey('205/55R16 91V')).toBe('2055516');
    expect(sizeKey('Comfort 205 55 r16 驰远')).toBe('2055516');
    expect(sizeKey('EP205/55ZR16')).toBe('2055516');
    expect(sizeKey('11R22.5 146/143M')).toBe('11225');
    expect(sizeKey('气门嘴 TR414')).toBe('');
  });

  it('suggests the material of the same size with the pattern named, else none', () => {
    const candidates = [m(1, '205/55R16 91V', 'EcoDrive', 'Roadlux'), m(2, '205/55R16 91V', 'Comfort C1'), m(3, '205/60R16 92H', 'Comfort C1')];
    expect(bestMatch('轮胎 205/55R16 EVERPEAK comfort c1', candidates)?.material.id).toBe(2);
    expect(bestMatch('Roadlux205/55R16EcoDrive', candidates)?.material.id).toBe(1);
    expect(bestMatch('205/60 R16 something', candidates)?.material.id).toBe(3);
    expect(bestMatch('内胎 4.00-8', candidates)).toBeNull();
  });
});
