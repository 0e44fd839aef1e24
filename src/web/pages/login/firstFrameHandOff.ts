/**
 * The login form's first frame (index.html, vite.prerenderLogin.ts) and the login page taking it
 * over: what a user typed, or their browser filled in, before the page's code was in is kept, and
 * so is where the caret was. React removes the frame with its first commit, which on a guarded
 * path (a redirect to login) comes before the login page renders: the entry watches the frame
 * from before it starts React (main.tsx) and the login page takes what was last seen there.
 * Plain DOM: the page's first script imports the marks too.
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

let seen: FirstFrameInput | null = null;

function read(frame: Element): FirstFrameInput {
  const fields: [TypedField, HTMLInputElement | null][] = [
    ['userName', frame.querySelector<HTMLInputElement>('input[name="username"]')],
    ['passWord', frame.querySelector<HTMLInputElement>('input[name="password"]')],
  ];
  const focused = fields.find(([, input]) => input && input === document.activeElement);
  return {
    userName: fields[0][1]?.value ?? '',
    passWord: fields[1][1]?.value ?? '',
    ...(focused ? { focus: { field: focused[0], start: focused[1]!.selectionStart, end: focused[1]!.selectionEnd } } : {}),
  };
}

/** Keeps what the user does on the first frame, if the page has one, until React removes it. */
export function watchFirstFrame() {
  const frame = document.querySelector(`#root > [${FIRST_FRAME_ATTRIBUTE}]`);
  if (!frame) return;
  const update = () => {
    if (frame.isConnected) seen = read(frame);
  };
  update();
  for (const type of ['input', 'focusin', 'keyup', 'mouseup', 'select']) frame.addEventListener(type, update, true);
}

/** What was last seen on the first frame; null without one, or once the login page has taken it. */
export const firstFrameInput = (): FirstFrameInput | null => seen;

/** Forgets what was typed on the first frame (a password among it) once no login page will take it: a session came. */
export function forgetFirstFrame() {
  seen = null;
}

/** Puts the caret back where it was on the first frame, in the rendered form's input, and forgets the frame. */
export function takeOverFirstFrame(focus: FirstFrameInput['focus'], inputOf: (field: TypedField) => HTMLInputElement | null) {
  seen = null;
  const el = focus && inputOf(focus.field);
  if (!el) return;
  el.focus();
  if (focus.start !== null && focus.end !== null) el.setSelectionRange(focus.start, focus.end);
}
