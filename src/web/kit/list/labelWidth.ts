/** The widest and narrowest label column of a search form; a label longer than the widest wraps (list.css). */
const MIN = 64;
const MAX = 168;
/** Room beside the text: Arco's label padding and a required field's asterisk. */
const PADDING = 22;

let canvas: HTMLCanvasElement | undefined;

/** A text's width in the page's font at the form's 14 px, measured, not guessed: Chinese and Latin letters differ. */
function textWidth(text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  // jsdom has no canvas: a letter's width is about 0.6 em, a Chinese character's one em.
  if (!context) return [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 14 : 8.4), 0);
  context.font = `14px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  return context.measureText(text).width;
}

/**
 * The label column of a search or filter form: as wide as its longest label in the language in use,
 * so "Specification" or "Dimension" is not cut to "Specific…" (docs/accessibility.md, "Nothing cut off").
 */
export function labelColumn(labels: readonly string[]): { flex: string } {
  const widest = Math.max(0, ...labels.map(textWidth));
  return { flex: `${Math.round(Math.min(MAX, Math.max(MIN, widest + PADDING)))}px` };
}
