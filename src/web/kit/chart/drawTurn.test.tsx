import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDrawTurn } from './drawTurn';

function Probe({ id }: { id: string }) {
  return <span data-testid={id}>{useDrawTurn() ? 'drawn' : 'waiting'}</span>;
}
const states = () => ['a', 'b', 'c'].map((id) => screen.getByTestId(id).textContent);

describe('charts that mount together (useDrawTurn)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('start the first at once and the others together after the frame that shows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(<><Probe id="a" /><Probe id="b" /><Probe id="c" /></>);
    expect(states()).toEqual(['drawn', 'waiting', 'waiting']);
    await act(async () => { vi.advanceTimersToNextFrame(); });
    expect(states()).toEqual(['drawn', 'waiting', 'waiting']); // the frame is shown; they start in the task after it
    await act(async () => { vi.advanceTimersByTime(1); });
    expect(states()).toEqual(['drawn', 'drawn', 'drawn']);
    // Once the frame has passed, the next chart to mount starts at once.
    await act(async () => { vi.advanceTimersToNextFrame(); vi.advanceTimersByTime(1); });
    render(<Probe id="d" />);
    expect(screen.getByTestId('d').textContent).toBe('drawn');
  });
});
