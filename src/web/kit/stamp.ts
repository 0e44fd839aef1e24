const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the console shows it (spec section 9: 'year-month-day hours:minutes:seconds'); `-` for none. */
export const stamp = (iso: string | null | undefined) => {
  if (!iso) return '-';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
