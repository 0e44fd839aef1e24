import { useSnapshot } from 'valtio';
import { session } from '../stores/session';

export interface Permission {
  allowed: boolean;
  /** Why not, for a disabled button's tooltip. */
  reason?: string;
}

/** Whether the signed-in user holds a button code (spec section 6: buttonList). */
export function usePermission(code: string): Permission {
  const { buttons } = useSnapshot(session);
  return buttons.includes(code) ? { allowed: true } : { allowed: false, reason: code };
}

export function useButtons(): ReadonlySet<string> {
  const { buttons } = useSnapshot(session);
  return new Set(buttons);
}
