import { ApiError } from '../api/errors';

/** Nobody answered: no response, a gateway's 502-504, or a write refused before it left (offline). */
export const unanswered = (err: unknown) => err instanceof ApiError && (err.code === 0 || err.status === 502 || err.status === 503 || err.status === 504);
