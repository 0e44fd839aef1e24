import { describe, expect, it } from 'vitest';
import { isSpreadsheet } from './spreadsheetName';
import { arrange } from './useTablePrefs';

const cols = [{ key: 'code' }, { key: 'name' }, { key: 'phone' }, { key: 'status' }];

describe('column settings', () => {
  it('keep the page order when nothing was saved', () => {
    expect(arrange(cols, { hidden: [], order: [], density: 'small' }).map((c) => c.key)).toEqual(['code', 'name', 'phone', 'status']);
  });
  it('follow the saved order and leave hidden columns out', () => {
    expect(arrange(cols, { hidden: ['phone'], order: ['status', 'code', 'name', 'phone'], density: 'small' }).map((c) => c.key))
      .toEqual(['status', 'code', 'name']);
  });
  it('put columns added since the last save at the end', () => {
    expect(arrange(cols, { hidden: [], order: ['name', 'code'], density: 'small' }).map((c) => c.key)).toEqual(['name', 'code', 'phone', 'status']);
  });
});

describe('import files', () => {
  it('accept only xls or xlsx names (docs/product.md#validation)', () => {
    expect(isSpreadsheet('dealers.xlsx')).toBe(true);
    expect(isSpreadsheet('OLD.XLS')).toBe(true);
    expect(isSpreadsheet('dealers.csv')).toBe(false);
    expect(isSpreadsheet('xlsx')).toBe(false);
    expect(isSpreadsheet('dealers.xlsx.exe')).toBe(false);
  });
});
