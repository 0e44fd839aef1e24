import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's module
export type Module = { default: ComponentType<any> };
/** A component module's props (always an object). */
type PropsOf<M extends Module> = (M['default'] extends ComponentType<infer P> ? P : never) & object;

/** A lazily loaded component that can be loaded ahead (its whole module), and then renders without suspending. */
export type Preloadable<M extends Module> = ComponentType<PropsOf<M>> & {
  load(): Promise<M>;
  /** The component once its module is in, for a caller that shows its own placeholder until then (LazyChart). */
  loaded(): ComponentType<PropsOf<M>> | undefined;
};

/**
 * `React.lazy` that does not suspend once its module is in. A lazy component suspends
 * at its first render even when its module loaded long before (its import resolves a tick later),
 * and React holds each Suspense boundary's reveal until 300 ms after its fallback showed: on the
 * way to home's first chart, the session gate, the layout, the page and the chart are four such
 * boundaries. Loaded ahead with `load()`, the component renders at once. Each mounted instance
 * keeps the component it began with, so a module arriving later never remounts what is on screen.
 */
export function preloadable<M extends Module>(factory: () => Promise<M>): Preloadable<M> {
  type P = PropsOf<M>;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<M> | undefined;
  const load = () => (pending ??= factory().then(
    (module) => {
      loaded = module.default;
      return module;
    },
    (err: unknown) => {
      pending = undefined; // a later render tries again
      throw err;
    },
  ));
  const Lazy: ComponentType<P> = lazy(load);
  function PreloadableComponent(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement<P>(component, props);
  }
  return Object.assign(PreloadableComponent, { load, loaded: () => loaded });
}

/**
 * Whether what `load` brings in is there: true at once where `loaded` says so (or there is nothing
 * to load), else false until `load()`, started once at mount, settles, failed or not. A caller
 * shows its own placeholder meanwhile instead of suspending: React reveals a Suspense
 * boundary that has shown its fallback no sooner than 300 ms after the fallback showed, however
 * soon the code comes. A failed load renders anyway, so the route imports again and shows its error.
 */
export function useLoadedFirst(load: (() => Promise<unknown>) | undefined, loaded: () => boolean): boolean {
  const [ready, setReady] = useState(() => !load || loaded());
  const [started] = useState(() => (ready ? undefined : load));
  useEffect(() => {
    // Ready, it stays so: a view kept hidden and shown again (Activity) reruns this effect.
    if (!started || ready) return undefined;
    let mounted = true;
    // A failed load renders anyway (see above): the route imports again and shows the error there.
    void started().catch(() => undefined).finally(() => mounted && setReady(true));
    return () => void (mounted = false);
  }, [started, ready]);
  return ready;
}

/**
 * A preloadable's component once its module is in, loading it if need be, for a caller that draws
 * its own placeholder meanwhile (a chart's skeleton, the filter bar's empty fields) rather than
 * suspending; `failed` is the load's error, for the caller to throw or to do without.
 */
export function useLoadedComponent<M extends Module>(module: Preloadable<M>): { Component?: ComponentType<PropsOf<M>>; failed?: unknown } {
  const [Component, setComponent] = useState(() => module.loaded());
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    if (Component) return undefined;
    let live = true;
    module.load().then((m) => live && setComponent(() => m.default), (err: unknown) => live && setFailed(() => err));
    return () => { live = false; };
  }, [Component, module]);
  return { Component, failed };
}
