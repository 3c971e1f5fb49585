import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy with a preload(). A lazy component suspends on its first render even when its chunk is
 * already in, and React then holds the fallback for up to 300 ms. Once preloaded, a new instance
 * renders the component at once instead. Each instance keeps the way it started for its lifetime,
 * so switching never remounts it and loses its state.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableLazy(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy as ComponentType<P>, props);
  }
  return Object.assign(PreloadableLazy, { preload });
}
