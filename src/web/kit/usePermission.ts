import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session';

export interface Permission {
  allowed: boolean;
  /** Why not, for a disabled button's tooltip. */
  reason?: string;
}

/** Whether the signed-in user holds a button code (docs/product.md#permissions: buttonList). */
export function usePermission(code: string): Permission {
  const { buttons } = useSnapshot(session);
  return buttons.includes(code) ? { allowed: true } : { allowed: false, reason: code };
}

/** The user's button codes; the same set while they do not change, so hooks may depend on it. */
export function useButtons(): ReadonlySet<string> {
  const { buttons } = useSnapshot(session);
  // The snapshot keeps the array's identity until session.buttons changes.
  return useMemo(() => new Set(buttons), [buttons]);
}
