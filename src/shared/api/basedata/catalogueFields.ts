/**
 * What a material's size fields may hold, without zod: the materials page of the manifest (which
 * the signed-in shell loads) imports these, and `catalogue.ts` keeps the schemas of the calls.
 */
/**
 * A tyre size, loosely: width[/aspect] construction rim [suffix] [load index speed symbol].
 * 205/55R16 91V, 225/45ZR17, 11R22.5 146/143M, 7.00R16LT 118/114L, 195/75R16C 107/105R, 31X10.50R15.
 */
export const TYRE_SIZE_PATTERN = /^(?:\d{2}X)?\d{1,3}(?:\.\d{1,2})?(?:\/\d{2,3}(?:\.\d{1,2})?)?\s?(?:ZR|R|D|B|-)\s?\d{2}(?:\.\d)?(?:[A-Z]{1,2})?(?:\s+\d{2,3}(?:\/\d{2,3})?\s?[A-Z]\d?)?$/i;
export const LOAD_INDEX_PATTERN = /^\d{2,3}(?:\/\d{2,3})?$/;
