// The script build/earlyCalls.ts inlines in index.html's head: the signed-in first view's calls go
// out while the page is parsed, beside the console's code rather than after it; on home, home's
// code is fetched from here too.
import { startEarlyCalls } from './earlyStart';

/** Home's chunks and styles, written in by the build (build/earlyCalls.ts); none where it did not. */
declare const __HOME_MODULES__: readonly string[] | undefined;

startEarlyCalls(typeof __HOME_MODULES__ === 'undefined' ? [] : __HOME_MODULES__);
