import { type ComponentType, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: components of any props are registered by name
const onServer = new Map<string, ComponentType<any>>();

/**
 * Registers a component for server rendering. Call it from the page's `.server.ts` module (never
 * bundled for the browser), so the server renders the component inline.
 */
export function serverComponent<P extends object>(name: string, component: ComponentType<P>) {
  onServer.set(name, component);
}

/**
 * A component loaded in its own chunk in the browser (hydrated when it arrives, so rarely used
 * sections stay out of the first-load budget) but rendered inline on the server from the
 * `serverComponent` registry, so the page is whole with JavaScript off: React.lazy alone would
 * stream it out of order, placed by a script.
 */
export function lazyInBrowser<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyInBrowser(props: P) {
    const Server = onServer.get(name) as ComponentType<P> | undefined;
    return Server ? <Server {...props} /> : <Lazy {...props} />;
  };
}
