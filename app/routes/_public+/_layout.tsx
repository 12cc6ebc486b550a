import type { HeadersFunction } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorScreen, errorScreenFor } from "~/components/error-screen";
import type { HydrationHandle } from "~/utils/hydration";

/**
 * Pages for anyone with the link (visit details, the API documentation, 404): they work without
 * JavaScript, so they ship none (docs/decisions). A page here that needs an island sets
 * `handle = { hydrate: true }` for itself.
 */
export default function PublicLayout() {
  return <Outlet />;
}

export const handle: HydrationHandle = { hydrate: false };

/**
 * A page's own `headers` reach its document, but an answer its loader throws (a bad link's 404)
 * renders here: the layout passes on that answer's caching and indexing headers (a token page's
 * `private, no-store` and `noindex`).
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const passed = new Headers();
  for (const name of ["Cache-Control", "X-Robots-Tag", "Referrer-Policy"]) {
    const value = errorHeaders?.get(name);
    if (value) passed.set(name, value);
  }
  return passed;
};

/** A bad visit link (404) or a failing public page: the error screen, still without scripts. */
export function ErrorBoundary() {
  return <ErrorScreen {...errorScreenFor(useRouteError())} />;
}
