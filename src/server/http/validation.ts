import type { z } from 'zod';
import { message, type MessageKey } from '../../shared/i18n/messages';
import type { Language } from '../../shared/i18n/languages';

/**
 * Turns the first zod issue into the one-line message the console shows: the field, then
 * what is wrong with it, in the caller's language (`userName: This input item is mandatory`).
 */
export function describeIssue(error: z.ZodError, lang: Language): string {
  const issue = error.issues[0];
  // An unknown key is reported at the object holding it; name the key itself (`isAdmin: Invalid value`).
  const path = issue.code === 'unrecognized_keys' && issue.keys.length ? [...issue.path, issue.keys[0]] : issue.path;
  const field = path.length ? path.join('.') : 'body';
  let text: string;
  // Manifest fields (src/shared/pages/schema.ts) name their message: a blank's label, or a shared message's key.
  const params: { emptyLabel?: Record<Language, string>; messageKey?: MessageKey } | undefined = issue.code === 'custom' ? issue.params : undefined;
  if (params?.emptyLabel) {
    text = message(lang, 'cannotBeEmpty', { label: params.emptyLabel[lang] });
  } else if (params?.messageKey) {
    text = message(lang, params.messageKey);
  } else if (issue.message && !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too') && !issue.message.startsWith('Unrecognized') && issue.code === 'custom') {
    text = issue.message;
  } else if (issue.code === 'invalid_type' && issue.input === undefined) {
    text = message(lang, 'required');
  } else if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
    text = message(lang, 'required');
  } else if (issue.code === 'too_big' && issue.origin === 'string') {
    text = message(lang, 'tooLong', { max: Number(issue.maximum) });
  } else if (issue.code === 'invalid_format' && issue.format === 'email') {
    text = message(lang, 'email');
  } else if (issue.code === 'invalid_format' && /barcode$/i.test(field)) {
    text = message(lang, 'barcodeFormat');
  } else if (issue.code === 'invalid_format' && /phone$/i.test(field)) {
    text = message(lang, 'phone');
  } else {
    text = message(lang, 'invalidValue');
  }
  return `${field}: ${text}`;
}
