/** Field patterns both sides check (spec section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Codes are uppercase letters and digits ('Please enter uppercase letters'). */
export const CODE_PATTERN = /^[A-Z0-9]+$/;
