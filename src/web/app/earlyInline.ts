// The script vite.earlyCalls.ts inlines in index.html's head: the signed-in first view's calls go
// out while the page is parsed, beside the console's code rather than after it.
import { startEarlyCalls } from './earlyStart';

startEarlyCalls();
