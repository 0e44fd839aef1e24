import { describe, expect, it } from 'vitest';
import { checkedKeysOf, grantedIdsOf, leafKeysOf, parentKeysOf, strictKeysOf, toTreeData } from './grantTree';
import type { GrantNode } from '@shared/menu';

const node = (id: number, parentId: number | null, type: GrantNode['type'], children: GrantNode[] = []): GrantNode =>
  ({ id, parentId, type, label: `n${id}`, perm: `p${id}`, children });

// section 1 > group 2 > page 3 (buttons 4, 5) and page 6 (no buttons)
const TREE = [node(1, null, 'section', [node(2, 1, 'group', [node(3, 2, 'page', [node(4, 3, 'button'), node(5, 3, 'button')]), node(6, 2, 'page')])])];

describe('permission tree of the role drawer', () => {
  it('gives a page with buttons an "open the page" leaf, and none to a page without', () => {
    const data = toTreeData(TREE, (n) => n.label, 'open');
    const page3 = data[0].children![0].children![0];
    expect(page3.children!.map((c) => c.key)).toEqual(['view:3', '4', '5']);
    expect(data[0].children![0].children![1].children).toBeUndefined();
    expect(parentKeysOf(data)).toEqual(['1', '2', '3']);
    expect(leafKeysOf(data)).toEqual(['view:3', '4', '5', '6']);
  });

  it('checks only leaves for granted ids, so a granted page without buttons does not check its buttons', () => {
    expect(checkedKeysOf(TREE, new Set([1, 2, 3]))).toEqual(['view:3']);
    expect(checkedKeysOf(TREE, new Set([1, 2, 3, 5, 6]))).toEqual(['view:3', '5', '6']);
    expect(checkedKeysOf(TREE, new Set())).toEqual([]);
  });

  it('shows exactly the granted nodes in a read-only tree, where nothing cascades', () => {
    expect(strictKeysOf(TREE, new Set([1, 2, 3, 5]))).toEqual(['1', '2', '3', 'view:3', '5']);
    expect(strictKeysOf(TREE, new Set([6]))).toEqual(['6']);
  });

  it('grants each checked node with its ancestors, the view leaf standing for its page', () => {
    expect(grantedIdsOf(TREE, ['view:3'])).toEqual([1, 2, 3]);
    expect(grantedIdsOf(TREE, ['5'])).toEqual([1, 2, 3, 5]);
    expect(grantedIdsOf(TREE, ['6', '2'])).toEqual([1, 2, 6]);
    expect(grantedIdsOf(TREE, [])).toEqual([]);
  });

  it('round-trips: what is granted is what the tree shows and saves again', () => {
    for (const granted of [[1, 2, 3], [1, 2, 3, 4], [1, 2, 6], [1, 2, 3, 4, 5, 6]]) {
      expect(grantedIdsOf(TREE, checkedKeysOf(TREE, new Set(granted)))).toEqual(granted);
    }
  });
});
