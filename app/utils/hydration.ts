/**
 * Whether a page ships JavaScript. A route's `handle.hydrate` decides for itself and the routes
 * below it: `false` on the public layout (visit details, API documentation, 404), so a customer's
 * phone downloads no scripts; a page there that needs an island says `hydrate: true`. The deepest
 * route that says either wins; when none does, the page hydrates (signed-in and sign-in pages).
 */
export type HydrationHandle = { hydrate?: boolean };

export function wantsScripts(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const hydrate = (matches[i].handle as HydrationHandle | undefined)?.hydrate;
    if (typeof hydrate === "boolean") return hydrate;
  }
  return true;
}
