/**
 * Code 128 (ISO/IEC 15417), subsets B and C chosen automatically: runs of digits go in C
 * (two digits per symbol), everything else in B. Each symbol is six bar/space widths of
 * 11 modules in all; the stop symbol has seven (13 modules).
 */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
export const CODE128_PATTERNS: readonly string[] = PATTERNS;

const SWITCH_TO_C = 99;
const SWITCH_TO_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** Digits from position i on. */
function digitRun(text: string, i: number) {
  let j = i;
  while (j < text.length && text[j] >= '0' && text[j] <= '9') j++;
  return j - i;
}

/**
 * The symbol values of `text`: start, data, check symbol, stop. Subset C pays off for four or
 * more digits at the start or end, six or more inside; an odd run leaves its first digit in B.
 */
export function code128Values(text: string): number[] {
  if (!text) throw new Error('Code 128 needs at least one character');
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 subset B cannot encode ${JSON.stringify(ch)}`);
  }
  const firstRun = digitRun(text, 0);
  let subsetC = firstRun >= 4 || (firstRun === text.length && firstRun % 2 === 0);
  const values = [subsetC ? START_C : START_B];
  let i = 0;
  while (i < text.length) {
    const run = digitRun(text, i);
    if (subsetC) {
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(SWITCH_TO_B);
      subsetC = false;
    }
    const worthC = run >= 6 || (run >= 4 && i + run === text.length);
    if (worthC && run % 2 === 0) {
      values.push(SWITCH_TO_C);
      subsetC = true;
      continue;
    }
    values.push(text.charCodeAt(i) - 32);
    i++;
  }
  // Check symbol: start value plus each data value times its position, modulo 103.
  const check = values.reduce((sum, v, pos) => sum + v * Math.max(pos, 1), 0) % 103;
  return [...values, check, STOP];
}

/** Bar and space widths in modules, starting with a bar. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...PATTERNS[v]].map(Number));
}
