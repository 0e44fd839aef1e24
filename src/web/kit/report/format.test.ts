import { describe, expect, it } from 'vitest';
import { formatCell } from './format';
import { cleanFilters, filtersFromQuery } from './reportFilters';

describe('report cells', () => {
  it('formats by column type', () => {
    expect(formatCell('number', 12345, 'en-US')).toBe('12,345');
    expect(formatCell('decimal', '3.5', 'en-US')).toBe('3.50');
    expect(formatCell('percent', 0.125, 'en-US')).toBe('12.5%');
    expect(formatCell('text', null, 'en-US')).toBe('-');
    expect(formatCell('date', '2026-11-02', 'en-US')).toBe('2026-11-02');
  });
});

describe('report filters from the URL', () => {
  it('keeps valid drill-down parameters and drops unknown or invalid ones one by one', () => {
    const q = new URLSearchParams('dealerId=3&dateFrom=2026-11-01&dateTo=bad&dimension=month&foo=1');
    expect(filtersFromQuery(q)).toEqual({ dealerId: 3, dateFrom: '2026-11-01', dimension: 'month' });
  });
  it('drops empty values', () => {
    expect(cleanFilters({ a: '', b: null, c: 0, d: 'x' })).toEqual({ c: 0, d: 'x' });
  });
});
