import type { ReactNode } from 'react';
import type { ResourceType } from '@shared/menu';
import type { GrantNode } from '@shared/menu';

/** Key of the leaf that stands for "open the page" under a page with buttons. */
const VIEW = 'view:';

export interface GrantTreeNode {
  key: string;
  title: ReactNode;
  type: ResourceType | 'view';
  disableCheckbox?: boolean;
  children?: GrantTreeNode[];
}

/**
 * The permission drawer's tree data. Arco's checkable tree checks a parent only through its
 * children, so a page with buttons gets a first leaf "open the page": checking it alone grants
 * the page without any button (a read-only role), which the tree could not say otherwise.
 */
export function toTreeData(nodes: GrantNode[], title: (node: GrantNode) => ReactNode, openPage: ReactNode): GrantTreeNode[] {
  return nodes.map((n) => {
    const children = toTreeData(n.children, title, openPage);
    if (n.type === 'page' && children.length) children.unshift({ key: `${VIEW}${n.id}`, title: openPage, type: 'view' });
    return { key: String(n.id), title: title(n), type: n.type, children: children.length ? children : undefined };
  });
}

/**
 * Keys to show checked for the granted ids: leaves only, since a checked parent would check
 * every child. Parents then show checked or half-checked from their leaves.
 */
export function checkedKeysOf(nodes: GrantNode[], granted: ReadonlySet<number>): string[] {
  const keys: string[] = [];
  const walk = (list: GrantNode[]) => {
    for (const n of list) {
      if (!n.children.length) {
        if (granted.has(n.id)) keys.push(String(n.id));
        continue;
      }
      if (n.type === 'page' && granted.has(n.id)) keys.push(`${VIEW}${n.id}`);
      walk(n.children);
    }
  };
  walk(nodes);
  return keys;
}

/**
 * Keys to show checked in a read-only tree (checkStrictly, nothing cascades): exactly the
 * granted nodes, and the view leaf of each granted page that has buttons.
 */
export function strictKeysOf(nodes: GrantNode[], granted: ReadonlySet<number>): string[] {
  const keys: string[] = [];
  const walk = (list: GrantNode[]) => list.forEach((n) => {
    if (granted.has(n.id)) {
      keys.push(String(n.id));
      if (n.type === 'page' && n.children.length) keys.push(`${VIEW}${n.id}`);
    }
    walk(n.children);
  });
  walk(nodes);
  return keys;
}

/** Ids to grant: every checked node (the view leaf stands for its page) and all ancestors, i.e. the half-checked parents. */
export function grantedIdsOf(nodes: GrantNode[], checked: readonly string[]): number[] {
  const parent = new Map<number, number | null>();
  const walk = (list: GrantNode[]) => list.forEach((n) => { parent.set(n.id, n.parentId); walk(n.children); });
  walk(nodes);
  const ids = new Set<number>();
  for (const key of checked) {
    let id: number | null | undefined = Number(key.startsWith(VIEW) ? key.slice(VIEW.length) : key);
    while (id != null && parent.has(id) && !ids.has(id)) {
      ids.add(id);
      id = parent.get(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The same tree with every checkbox disabled, for a role the user may look at but not change. */
export function readOnlyTree(nodes: GrantTreeNode[]): GrantTreeNode[] {
  return nodes.map((n) => ({ ...n, disableCheckbox: true, children: n.children && readOnlyTree(n.children) }));
}

/** Keys of every node that has children (for "expand all"). */
export function parentKeysOf(nodes: GrantTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? [n.key, ...parentKeysOf(n.children)] : []));
}

/** Keys of every leaf (for "select all"). */
export function leafKeysOf(nodes: GrantTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? leafKeysOf(n.children) : [n.key]));
}
