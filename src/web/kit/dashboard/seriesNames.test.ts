import { describe, expect, it } from 'vitest';
import { DOT_AGE_KEYS } from '@shared/analytics/ageGroups';
import { LANGUAGES } from '@shared/i18n/languages';
import { i18n } from '../../i18n';
import { ns } from './locale';
import { labelRows } from './seriesNames';

const categoriesIn = (lang: (typeof LANGUAGES)[number]) => i18n.getFixedT(lang, ns)('category', { returnObjects: true }) as Record<string, string>;

describe('chart labels of query rows', () => {
  it('name every DOT age group the server answers, in both languages', () => {
    for (const lang of LANGUAGES) {
      const names = categoriesIn(lang);
      for (const key of DOT_AGE_KEYS) expect(names[key], `${lang} ${key}`).toMatch(/\S/);
      expect(Object.keys(names).sort()).toEqual([...DOT_AGE_KEYS].sort());
    }
    expect(categoriesIn('zh-CN').dotUpTo26w).toBe('半年内');
    expect(categoriesIn('en-US').noDot).toBe('No DOT');
  });

  it('turn the category keys of the x field into names, and leave other values and fields alone', () => {
    const rows = [{ bucket: 'dot27to52w', qty: 3 }, { bucket: 'noDot', qty: 1 }, { bucket: 'constructor', qty: 0 }];
    expect(labelRows(rows, 'zh-CN', 'bucket', categoriesIn('zh-CN'))).toEqual([
      { bucket: '半年至一年', qty: 3 }, { bucket: '无 DOT', qty: 1 }, { bucket: 'constructor', qty: 0 },
    ]);
    expect(labelRows([{ period: 'noDot', qty: 1 }], 'en-US', 'bucket', categoriesIn('en-US'))).toEqual([{ period: 'noDot', qty: 1 }]);
  });

  it('name ISO weekdays', () => {
    expect(labelRows([{ weekday: 1, hour: 9, qty: 2 }], 'en-US')).toEqual([{ weekday: 'Mon', hour: 9, qty: 2 }]);
  });
});
