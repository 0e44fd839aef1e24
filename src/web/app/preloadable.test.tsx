import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadable', () => {
  it('loaded ahead, renders at once: no fallback, no suspension', async () => {
    const Page = preloadable(async () => ({ default: Greeting }));
    await Page.load();
    render(<Suspense fallback={<p>loading</p>}><Page name="Li" /></Suspense>);
    // Synchronously, in the first commit: a lazy component would show the fallback here.
    expect(screen.getByText('Hello Li')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('not loaded, suspends like React.lazy and loads its module once', async () => {
    let loads = 0;
    const Page = preloadable(async () => {
      loads++;
      return { default: Greeting };
    });
    render(<Suspense fallback={<p>loading</p>}><Page name="Wang" /></Suspense>);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => { await Page.load(); });
    expect(await screen.findByText('Hello Wang')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('a failed load is tried again by the next call', async () => {
    let fail = true;
    const Page = preloadable(async () => {
      if (fail) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Page.load()).rejects.toThrow('offline');
    fail = false;
    await expect(Page.load()).resolves.toEqual({ default: Greeting });
  });
});
