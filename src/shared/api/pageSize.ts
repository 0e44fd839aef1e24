/**
 * The most rows one page of a list call holds (the paging body's `pageSize`), apart from the
 * schemas in `paging.ts`, so that a print page asking for a full page does not load zod.
 */
export const MAX_PAGE_SIZE = 500;
