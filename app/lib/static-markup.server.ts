import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";

/**
 * Renders a display-only section (no state, no handlers: text, tables and links) to HTML on the
 * server, for `<ServerHtml>` (app/components/kit/server-html.tsx): the page shows the same markup
 * with JavaScript on or off, and the section's code never ships to the browser. Links render as
 * plain `<a href>` (a memory router gives them the context they need).
 */
export function staticMarkup<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(component, props)));
}
