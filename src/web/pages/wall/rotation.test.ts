import { describe, expect, it } from 'vitest';
import { DEFAULT_ROTATE_SECONDS, nextIndex, parseRotation } from './rotation';

const known = ['flows', 'home', 'stock'];
const parse = (id: string, query: string) => parseRotation(id, new URLSearchParams(query), known);

describe('wall screen rotation', () => {
  it('shows only the dashboard of the path when nothing rotates', () => {
    expect(parse('stock', '')).toEqual({ ids: ['stock'], start: 0, seconds: DEFAULT_ROTATE_SECONDS, refreshSeconds: undefined });
  });

  it('rotates through the listed dashboards, starting at the one in the path', () => {
    expect(parse('stock', 'rotate=home,stock,flows&interval=30')).toMatchObject({ ids: ['home', 'stock', 'flows'], start: 1, seconds: 30 });
  });

  it('puts the path dashboard first when the list leaves it out, and drops unknown and repeated ids', () => {
    expect(parse('home', 'rotate=flows,nope,flows, stock')).toMatchObject({ ids: ['home', 'flows', 'stock'], start: 0 });
  });

  it('has nothing to show for an unknown dashboard', () => expect(parse('nope', '').ids).toEqual([]));

  it('keeps intervals within sane bounds and ignores nonsense', () => {
    expect(parse('home', 'interval=1&refresh=2')).toMatchObject({ seconds: 10, refreshSeconds: 5 });
    expect(parse('home', 'interval=abc&refresh=-4')).toMatchObject({ seconds: DEFAULT_ROTATE_SECONDS, refreshSeconds: undefined });
    expect(parse('home', 'interval=99999').seconds).toBe(3600);
  });

  it('wraps around after the last dashboard', () => {
    expect([nextIndex(0, 3), nextIndex(2, 3), nextIndex(0, 1), nextIndex(0, 0)]).toEqual([1, 0, 0, 0]);
  });
});
