import { z } from 'zod';
import { pageOf } from '../paging';
import { coercedRowId } from '../rowId';

/** Catalogue pages: materials, dealer material relations (and their matching), dealer materials. */
export type MaterialSource = 'factory' | 'erp';

/** A material's row (its page is declared in the manifest, src/shared/pages/basedata.ts). */
export interface MaterialRow {
  id: number;
  code: string;
  name: string;
  brandId: number;
  brandCode: string;
  brandName: string;
  specification: string;
  pattern: string;
  loadIndex: string;
  speedIndex: string;
  unit: string;
  /** Decimal text with two places. */
  price: string;
  source: MaterialSource;
  erpCode: string | null;
  status: string;
  brandLabel: string;
}

/** A material as the pickers show it. */
export const materialRefAnswer = z.object({
  id: z.number().int(), code: z.string(), name: z.string(), specification: z.string(), pattern: z.string(), brandName: z.string(),
});
export type MaterialRef = z.infer<typeof materialRefAnswer>;
const idCodeName = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type DealerRef = z.infer<typeof idCodeName>;
/** The brands a materials form and its filters choose from. */
export const brandOptionsAnswer = z.object({ brands: z.array(idCodeName) });
/** The brands, and the dealers within the caller's scope, a form and its filters choose from. */
export const catalogueOptionsAnswer = brandOptionsAnswer.extend({ dealers: z.array(idCodeName) });
export type CatalogueOptions = z.infer<typeof catalogueOptionsAnswer>;

/** What Relation matching's unmatched list is filtered by (its relations are declared in src/shared/pages/basedata.ts). */
export const materialRelationFilters = z.object({
  keyword: z.string().max(64).optional(),
  dealerId: coercedRowId.optional(),
  /** matched: has a factory material; unmatched: not yet. */
  matched: z.enum(['matched', 'unmatched']).optional(),
});

export const materialRelationRow = z.object({
  id: z.number().int(),
  dealerId: z.number().int(),
  dealerCode: z.string(),
  dealerName: z.string(),
  dealerMaterialCode: z.string(),
  dealerMaterialName: z.string(),
  materialId: z.number().int().nullable(),
  materialCode: z.string().nullable(),
  materialName: z.string().nullable(),
  specification: z.string().nullable(),
  pattern: z.string().nullable(),
  brandName: z.string().nullable(),
});
export type MaterialRelationRow = z.infer<typeof materialRelationRow>;

/** An unmatched relation with the factory material it most likely means. */
const matchSuggestionRow = materialRelationRow.extend({ suggestion: materialRefAnswer.extend({ score: z.number() }).nullable() });
export type MatchSuggestionRow = z.infer<typeof matchSuggestionRow>;
/** A page of unmatched relations, each with its suggestion. */
export const unmatchedAnswer = pageOf(matchSuggestionRow);
export const matchAnswer = z.object({ id: z.number().int(), materialId: z.number().int() });
export const autoMatchAnswer = z.object({ matched: z.number().int(), skipped: z.number().int() });

export const matchBody = z.object({ id: coercedRowId, materialId: coercedRowId }).strict();
export const autoMatchBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) }).strict();
export const materialPickBody = z.object({ keyword: z.string().max(64).optional(), id: coercedRowId.optional() });

/** A dealer material's row (its page is declared in the manifest, src/shared/pages/basedata.ts). */
export interface DealerMaterialRow {
  id: number;
  dealerId: number;
  dealerCode: string;
  dealerName: string;
  materialId: number;
  materialCode: string;
  materialName: string;
  brandName: string;
  specification: string;
  pattern: string;
  unit: string;
  /** The factory's list price. */
  listPrice: string;
  /** The dealer's own price; null: the list price. */
  price: string | null;
  safetyStock: number;
  status: string;
  dealerLabel: string; materialLabel: string; brandId: number; brandLabel: string;
}

// ---------------------------------------------------------------- matching

/**
 * The digits of the tyre size in a text: '205/55R16 91V' and '205 55 r16' both give 2055516,
 * '11R22.5' gives 11225. Empty when no size is found.
 */
export function sizeKey(text: string): string {
  const m = /(\d{1,3}(?:\.\d{1,2})?)(?:\s*[/\s]\s*(\d{2,3}(?:\.\d{1,2})?))?\s*(?:Z?R|-)\s*(\d{2}(?:\.\d)?)/i.exec(text);
  if (!m) return '';
  return `${m[1]}${m[2] ?? ''}${m[3]}`.replace(/\D/g, '');
}

/** Letters and digits only, upper case: 'Trail H/T' and 'trail ht' compare equal. */
export const compact = (text: string) => text.toUpperCase().replace(/[^0-9A-Z\u4e00-\u9fff]/g, '');

export interface MatchCandidate { id: number; specification: string; pattern: string; brandName: string; loadIndex: string; speedIndex: string }

/**
 * How well a dealer's material name means a factory material: the size must agree (the
 * digits of it), then the pattern, the brand and the service description add to the score.
 * 0 means no match.
 */
export function matchScore(name: string, m: MatchCandidate, nameSize = sizeKey(name), nameCompact = compact(name)): number {
  if (!nameSize || nameSize !== sizeKey(m.specification)) return 0;
  let score = 10;
  const pattern = compact(m.pattern);
  if (pattern && nameCompact.includes(pattern)) score += 6;
  const brand = compact(m.brandName);
  if (brand && nameCompact.includes(brand)) score += 2;
  if (nameCompact.includes(compact(`${m.loadIndex}${m.speedIndex}`))) score += 1;
  return score;
}

/** The best candidate for a name, or null; ties go to the earliest candidate. */
export function bestMatch<M extends MatchCandidate>(name: string, candidates: M[]): { material: M; score: number } | null {
  const size = sizeKey(name);
  if (!size) return null;
  const text = compact(name);
  let best: { material: M; score: number } | null = null;
  for (const m of candidates) {
    const score = matchScore(name, m, size, text);
    if (score > 0 && (!best || score > best.score)) best = { material: m, score };
  }
  return best;
}
