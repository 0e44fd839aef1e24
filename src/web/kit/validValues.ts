import type { FormInstance } from '@arco-design/web-react';

/**
 * The form's values, or null when a field is invalid: the form marks it beside the field, so
 * there is nothing more to say. Anything else validate() throws is a programming error, thrown on.
 */
export async function validValues<T>(form: Pick<FormInstance<T>, 'validate'>): Promise<T | null> {
  try {
    return await form.validate();
  } catch (err) {
    // Arco rejects an invalid form with its ValidateError, which holds the fields' errors.
    if (err instanceof Error && 'errors' in err) return null;
    throw err;
  }
}
