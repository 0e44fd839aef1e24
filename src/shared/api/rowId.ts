import { z } from 'zod';

/** The largest id a row can have: ids are PostgreSQL integer (int4) columns. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row's id in a body: a positive integer the id columns can hold. Past int4 it is refused
 * here, as bad input, rather than by the database with an error of its own.
 */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);
/** The same, also taken as a numeric string (query strings, form values). */
export const coercedRowId = z.coerce.number().int().positive().max(MAX_ROW_ID);
