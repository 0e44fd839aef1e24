import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintLayout } from './PrintLayout';

describe('PrintLayout', () => {
  afterEach(cleanup);

  it('reports printing once, however often the dialog closes', () => {
    const printed = vi.fn();
    render(<PrintLayout title="Card" onPrinted={printed}><p>sheet</p></PrintLayout>);
    window.dispatchEvent(new Event('afterprint'));
    window.dispatchEvent(new Event('afterprint'));
    expect(printed).toHaveBeenCalledTimes(1);
  });

  it('opens the print dialog from its Print button, and not before the card is ready', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { rerender } = render(<PrintLayout title="Card" ready={false}><p>sheet</p></PrintLayout>);
    expect(screen.getByTestId('print-button')).toHaveProperty('disabled', true);
    rerender(<PrintLayout title="Card"><p>sheet</p></PrintLayout>);
    fireEvent.click(screen.getByTestId('print-button'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
