import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable, useLoadedComponent, useLoadedFirst } from './preloadable';

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

/** A guard like the router's: its own placeholder until the code is in, inside a Suspense boundary that must never show. */
function Guard({ load, loaded }: { load?(): Promise<unknown>; loaded(): boolean }) {
  const ready = useLoadedFirst(load, loaded);
  return ready ? <p>the view</p> : <p>loading the view</p>;
}
const inBoundary = (guard: ReactElement) => <Suspense fallback={<p>suspended</p>}>{guard}</Suspense>;

describe('useLoadedFirst', () => {
  it('shows its own placeholder while the code loads, never a Suspense fallback, and the view once it is in', async () => {
    let arrive!: () => void;
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<void>((resolve) => { arrive = resolve; });
    };
    const { rerender } = render(inBoundary(<Guard load={load} loaded={() => false} />));
    expect(screen.getByText('loading the view')).toBeTruthy();
    expect(screen.queryByText('suspended')).toBeNull();
    rerender(inBoundary(<Guard load={load} loaded={() => false} />));
    await act(async () => arrive());
    expect(screen.getByText('the view')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('renders the view in the first commit when the code is in already, or there is nothing to load', () => {
    let loads = 0;
    const load = async () => { loads++; };
    render(inBoundary(<Guard load={load} loaded={() => true} />));
    render(inBoundary(<Guard loaded={() => false} />));
    expect(screen.getAllByText('the view')).toHaveLength(2);
    expect(loads).toBe(0);
  });

  it('a failed load renders the view too, which then shows its own error', async () => {
    render(inBoundary(<Guard load={() => Promise.reject(new Error('offline'))} loaded={() => false} />));
    expect(await screen.findByText('the view')).toBeTruthy();
  });
});

describe('useLoadedComponent', () => {
  function Host({ page }: { page: ReturnType<typeof preloadable<{ default: typeof Greeting }>> }) {
    const { Component, failed } = useLoadedComponent(page);
    if (failed) return <p>without it</p>;
    return Component ? <Component name="Zhao" /> : <p>its place</p>;
  }

  it('draws its placeholder, never suspending, then the component once its module is in', async () => {
    const Page = preloadable(async () => ({ default: Greeting }));
    render(inBoundary(<Host page={Page} />));
    expect(screen.getByText('its place')).toBeTruthy();
    expect(await screen.findByText('Hello Zhao')).toBeTruthy();
    expect(screen.queryByText('suspended')).toBeNull();
  });

  it('hands a failed load to the caller, which can do without', async () => {
    const Page = preloadable<{ default: typeof Greeting }>(() => Promise.reject(new Error('offline')));
    render(inBoundary(<Host page={Page} />));
    expect(await screen.findByText('without it')).toBeTruthy();
  });
});
