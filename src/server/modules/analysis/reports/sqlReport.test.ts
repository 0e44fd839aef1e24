import { describe, expect, it } from 'vitest';
import { BATCH_MS_TARGET, nextBatchRows, ROW_LIST_BATCH } from './sqlReport';

describe('a row list export batch on the embedded database', () => {
  it('grows towards its time while batches are quick, at most doubling', () => {
    expect(nextBatchRows(100, BATCH_MS_TARGET / 4)).toBe(200);
    expect(nextBatchRows(100, BATCH_MS_TARGET / 1.25)).toBe(125);
  });

  it('shrinks when a batch held the database too long, at most halving', () => {
    expect(nextBatchRows(100, BATCH_MS_TARGET * 10)).toBe(50);
    expect(nextBatchRows(100, BATCH_MS_TARGET * 1.25)).toBe(80);
  });

  it('stays within its bounds', () => {
    expect(nextBatchRows(ROW_LIST_BATCH.least, 1000)).toBe(ROW_LIST_BATCH.least);
    expect(nextBatchRows(ROW_LIST_BATCH.most, 0)).toBe(ROW_LIST_BATCH.most);
  });
});
