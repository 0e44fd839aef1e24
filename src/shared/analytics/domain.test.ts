import { describe, expect, it } from 'vitest';
import {
  CHANNEL_INBOUND_TYPES, CHANNEL_OUTBOUND_TYPES, channelFlow, daysOfStock, dotAgeWeeks, monthsBetween, parseDot, periodOf, periodRange, stockAgeBucket, turnoverRate,
} from './domain';

describe('analytics domain maths', () => {
  it('parses DOT codes WWYY', () => {
    expect(parseDot('2324')).toEqual({ week: 23, year: 2024 });
    expect(parseDot('5424')).toBeNull();
    expect(parseDot('23A4')).toBeNull();
    // Week 1 of 2025 starts on Monday 30 December 2024.
    expect(dotAgeWeeks('0125', new Date('2025-01-05T12:00:00Z'))).toBe(0);
    expect(dotAgeWeeks('5224', new Date('2025-01-05T12:00:00Z'))).toBe(1);
  });
  it('buckets stock age by whole months', () => {
    expect(monthsBetween(new Date(2026, 0, 31), new Date(2026, 1, 28))).toBe(0);
    expect(monthsBetween(new Date(2026, 0, 15), new Date(2026, 1, 15))).toBe(1);
    expect(stockAgeBucket(new Date(2026, 0, 15), new Date(2026, 4, 14))).toBe('0-3');
    expect(stockAgeBucket(new Date(2026, 0, 15), new Date(2026, 4, 15))).toBe('4-6');
    expect(stockAgeBucket(new Date(2025, 0, 15), new Date(2026, 0, 15))).toBe('10-12');
    expect(stockAgeBucket(new Date(2025, 0, 15), new Date(2026, 1, 15))).toBe('12+');
  });
  it('computes DOS and turnover', () => {
    expect(daysOfStock(60, 30)).toBe(60);
    expect(daysOfStock(60, 0)).toBeNull();
    expect(turnoverRate(30, 60)).toBe(0.5);
    expect(turnoverRate(30, 0)).toBeNull();
  });
  it('counts channel flow: shipping orders out, receipts and returns in; transfers, adjustments and corrections neither', () => {
    expect(CHANNEL_OUTBOUND_TYPES).toEqual(['WI', 'LB', 'WL', 'WC', 'XO', 'ZO', 'CO']);
    expect(CHANNEL_INBOUND_TYPES).toEqual(['PR', 'PB', 'LR', 'LC', 'OX', 'OC', 'ZI', 'CI']);
    expect([channelFlow('WL', -1), channelFlow('PR', 1), channelFlow('LR', 1)]).toEqual(['ship', 'receive', 'receive']);
    // A transfer's two sides, a loss and an overflow, a stocktake, an unknown type.
    expect([channelFlow('TR', -1), channelFlow('TR', 1), channelFlow('DO', -1), channelFlow('DO', 1), channelFlow('IV', 1), channelFlow('XX', -1)]).toEqual([null, null, null, null, null, null]);
    // Trace corrections carry the cancelled order's type with the opposite sign.
    expect([channelFlow('WL', 1), channelFlow('PR', -1), channelFlow('LR', -1)]).toEqual([null, null, null]);
  });
  it('labels periods, with ISO weeks across a year boundary, and maps them back to days', () => {
    expect(periodOf('2026-01-01', 'week')).toBe('2026-W01');
    expect(periodOf('2027-01-01', 'week')).toBe('2026-W53');
    expect(periodOf('2024-12-30', 'week')).toBe('2025-W01');
    expect(periodOf('2026-08-09', 'quarter')).toBe('2026-Q3');
    expect(periodOf('2026-08-09', 'halfYear')).toBe('2026-H2');
    expect(periodRange('2025-W01', 'week')).toEqual({ dateFrom: '2024-12-30', dateTo: '2025-01-05' });
    expect(periodRange('2024-02', 'month')).toEqual({ dateFrom: '2024-02-01', dateTo: '2024-02-29' });
    expect(periodRange('2026-Q4', 'quarter')).toEqual({ dateFrom: '2026-10-01', dateTo: '2026-12-31' });
  });
});
