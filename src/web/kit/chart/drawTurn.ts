import { useEffect, useState } from 'react';

/**
 * The first chart of a burst starts at once; the others wait for the frame that shows it
 *. Each ECharts instance builds its model and layout in the task that mounts it, and
 * the browser shows nothing until that task ends: home's panels, answered in one batch, built
 * every chart before the first one was seen. The rest then start together in the task after
 * that frame, so the whole dashboard costs one frame more, not one per chart.
 */
let frameTaken = false;
const waiting = new Set<() => void>();

function takeFrame(): void {
  frameTaken = true;
  // After the next frame is shown: a task of its own, so that frame is not held for the others.
  requestAnimationFrame(() => setTimeout(passOn, 0));
}

function passOn(): void {
  frameTaken = false;
  const starts = [...waiting];
  waiting.clear();
  for (const start of starts) start();
}

/** Whether the calling chart may start now; it re-renders with true when its turn comes. */
export function useDrawTurn(): boolean {
  const [turn, setTurn] = useState(() => {
    if (frameTaken) return false;
    takeFrame();
    return true;
  });
  useEffect(() => {
    if (turn) return undefined;
    const start = () => setTurn(true);
    waiting.add(start);
    if (!frameTaken) passOn(); // the frame was passed on before this chart joined
    return () => void waiting.delete(start);
  }, [turn]);
  return turn;
}
