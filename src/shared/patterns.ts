/** Field patterns both sides check (docs/product.md#validation). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A price: at least 0, at most two decimals. */
export const PRICE_PATTERN = /^\d{1,10}(?:\.\d{1,2})?$/;
/** Codes are uppercase letters and digits ('Please enter uppercase letters'). */
export const CODE_PATTERN = /^[A-Z0-9]+$/;
