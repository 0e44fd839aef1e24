import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../stores/session';
import { useButtons } from './usePermission';

afterEach(() => { session.buttons = []; });

describe('useButtons', () => {
  it('answers the same set while the buttons do not change, so effects and memos keyed on it do not rerun', () => {
    session.buttons = ['user:add', 'user:edit'];
    const { result, rerender } = renderHook(() => useButtons());
    const first = result.current;
    expect([...first]).toEqual(['user:add', 'user:edit']);
    rerender();
    rerender();
    expect(result.current).toBe(first);
  });

  it('answers a new set when the session\'s buttons change', async () => {
    session.buttons = ['user:add'];
    const { result } = renderHook(() => useButtons());
    const first = result.current;
    await act(async () => { session.buttons = ['user:add', 'user:delete']; });
    expect(result.current).not.toBe(first);
    expect(result.current.has('user:delete')).toBe(true);
  });
});
