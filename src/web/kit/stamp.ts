import { formatDateTime } from '@shared/dates';

/** A moment as the console shows it (`formatDateTime`); `-` for none. */
export const stamp = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '-');
