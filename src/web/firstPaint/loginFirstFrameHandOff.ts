/**
 * The login form's first frame (index.html, build/prerenderLogin.ts) and the login page taking it
 * over: what a user typed, or their browser filled in, before the page's code was in is kept, and
 * so is where the caret was. The login page is React's first render wherever the frame shows (the
 * page's first script puts a guarded path on login first), so it reads the frame as it renders,
 * in the same task as the commit that replaces it. Plain DOM: the page's first script imports the
 * marks too.
 */
export const FIRST_FRAME_ATTRIBUTE = 'data-first-frame';

/** The template holding the first frame's markup in a language. */
export const firstFrameTemplateId = (lang: string) => `login-first-frame-${lang}`;

type TypedField = 'userName' | 'passWord';
export interface FirstFrameInput {
  userName: string;
  passWord: string;
  /** The field the caret was in, and the selection in it. */
  focus?: { field: TypedField; start: number | null; end: number | null };
}

/** What the user did on the first frame, while it is on screen; null without one (or in the build's own render). */
export function readFirstFrame(): FirstFrameInput | null {
  const frame = typeof document === 'undefined' ? null : document.querySelector(`#root > [${FIRST_FRAME_ATTRIBUTE}]`);
  if (!frame) return null;
  const fields: [TypedField, HTMLInputElement | null][] = [
    ['userName', frame.querySelector<HTMLInputElement>('input[name="username"]')],
    ['passWord', frame.querySelector<HTMLInputElement>('input[name="password"]')],
  ];
  const focused = fields.find(([, input]) => input && input === document.activeElement);
  const focusedInput = focused?.[1];
  return {
    userName: fields[0][1]?.value ?? '',
    passWord: fields[1][1]?.value ?? '',
    ...(focused && focusedInput ? { focus: { field: focused[0], start: focusedInput.selectionStart, end: focusedInput.selectionEnd } } : {}),
  };
}

/** Puts the caret back where it was on the first frame, in the rendered form's input. */
export function restoreFirstFrameFocus(focus: FirstFrameInput['focus'], inputOf: (field: TypedField) => HTMLInputElement | null) {
  const el = focus && inputOf(focus.field);
  if (!el) return;
  el.focus();
  if (focus.start !== null && focus.end !== null) el.setSelectionRange(focus.start, focus.end);
}
