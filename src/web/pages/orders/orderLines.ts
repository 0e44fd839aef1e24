import type { MessageKey } from '@shared/i18n/messages';
import type { AdjustKind } from '@shared/orders/orderTypes';

/** One row of the lines editor; blank cells stay undefined until the user fills them. */
export interface LineDraft {
  key: number;
  materialId?: number;
  plannedQty?: number;
  adjustKind?: AdjustKind;
}

/**
 * What is wrong with the lines as a whole, in the server's own words (orderLinesRequired,
 * orderLineDuplicate), so the form refuses what the server would refuse. Blank rows are
 * ignored: they are the editor's, not the order's.
 */
export function linesProblem(lines: LineDraft[] | undefined): MessageKey | null {
  const filled = (lines ?? []).filter((l) => l.materialId !== undefined);
  if (!filled.length) return 'orderLinesRequired';
  const seen = new Set<string>();
  for (const l of filled) {
    // On a loss/overflow order a material may appear once per direction.
    const key = `${l.materialId}:${l.adjustKind ?? ''}`;
    if (seen.has(key)) return 'orderLineDuplicate';
    seen.add(key);
  }
  if (filled.some((l) => !l.plannedQty || l.plannedQty < 1)) return 'required';
  return null;
}

/** The lines the server receives: blank rows dropped, the adjust kind only where the order has one. */
export const linesBody = (lines: LineDraft[], withKind: boolean) =>
  lines.filter((l) => l.materialId !== undefined).map((l) => ({
    materialId: l.materialId!, plannedQty: l.plannedQty!, ...(withKind ? { adjustKind: l.adjustKind ?? 'loss' } : {}),
  }));
