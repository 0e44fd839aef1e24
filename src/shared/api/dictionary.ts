import { z } from 'zod';

const status = z.enum(['normal', 'disabled']);
/** Dictionary type keys are code-like: letters, digits and underscores. */
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]*$/;

export const dictTypeInput = z.object({
  type: z.string().trim().min(1).max(64).regex(DICT_TYPE_PATTERN),
  name: z.string().trim().min(1).max(64),
  nameEn: z.string().trim().min(1).max(64),
  status: status.default('normal'),
});
export type DictTypeInput = z.input<typeof dictTypeInput>;

export const dictDataInput = z.object({
  dictType: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(64),
  labelEn: z.string().trim().min(1).max(64),
  value: z.string().trim().min(1).max(64),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  status: status.default('normal'),
});
export type DictDataInput = z.input<typeof dictDataInput>;

export interface DictTypeRow { id: number; type: string; name: string; nameEn: string; status: string; entries: number }
export interface DictDataRow { id: number; dictType: string; label: string; labelEn: string; value: string; sort: number; status: string }
