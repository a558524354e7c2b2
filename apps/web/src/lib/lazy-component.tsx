import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component whose code is fetched on demand, and `preload` to fetch it before it is drawn. */
export type LazyComponent<Props extends object> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * The one way the app loads a component's code on demand (docs/rules.md#performance-budgets): React.lazy,
 * with `preload`. Once its code is there the component is drawn at once, not through Suspense: React
 * reveals what follows a Suspense fallback at most every 300 ms, so a screen or a dialog whose code is
 * already loaded would still wait that long.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a failed download (offline) is tried again by the next render or 'Recarregar'
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function OnDemand(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the component itself would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(OnDemand, { preload });
}
