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

/** A bad visit link (404) or a failing public page: the error screen, still without scripts. */
export function ErrorBoundary() {
  return <ErrorScreen {...errorScreenFor(useRouteError())} />;
}
