import { describe, expect, it } from 'vitest';
import { isWriteCall } from './offlineWrites';

describe('offline writes', () => {
  it('tells the calls that change something from reads', () => {
    for (const url of ['/orderManage/PRorder/save', '/orderManage/WLorder/complete', '/basedata/dealer/delete', '/orderManage/PRorder/markPrinted?lang=en-US', '/orderManage/PRorder/sync']) {
      expect(isWriteCall(url), url).toBe(true);
    }
    for (const url of ['/orderManage/PRorder/selectByPage', '/orderManage/PRorder/detail', '/orderManage/PRorder/offlineBook', '/health', undefined]) {
      expect(isWriteCall(url), String(url)).toBe(false);
    }
  });
});
