// Registers the service worker (public/sw.js, scope /) from the signed-in shell, and tells it when a
// page loaded or the connection came back: it then sends the waiting changes and keeps today's and
// tomorrow's visits (docs/decisions/075). Public pages never load this.

type RemixManifest = {
  version: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
};

/** The build assets the kept pages need with no signal: what this page loaded and the kept pages' route modules. */
function assetsToKeep(): string[] {
  const manifest = (window as unknown as { __remixManifest?: RemixManifest }).__remixManifest;
  const urls = new Set<string>();
  document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]").forEach((el) => {
    const href = "href" in el ? el.getAttribute("href") : el.getAttribute("src");
    if (href?.startsWith("/build/")) urls.add(href);
  });
  if (manifest) {
    [manifest.entry.module, ...manifest.entry.imports].forEach((u) => urls.add(u));
    for (const [id, route] of Object.entries(manifest.routes)) {
      if (!/^(root|routes\/_app\+\/(_layout|schedule\+\/_index|jobs\+\/\$id(_\.checklist\.\$checklistId)?))$/.test(id))
        continue;
      [route.module, ...(route.imports ?? []), ...(route.css ?? [])].forEach((u) => urls.add(u));
    }
  }
  return [...urls];
}

function tell(type: "page-loaded" | "online") {
  const manifest = (window as unknown as { __remixManifest?: RemixManifest }).__remixManifest;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type, assets: assetsToKeep(), manifestVersion: manifest?.version ?? null }),
  );
}

/** Registers the worker where the browser has service workers; returns the clean-up. */
export function registerServiceWorker(): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  tell("page-loaded");
  const online = () => tell("online");
  window.addEventListener("online", online);
  return () => window.removeEventListener("online", online);
}
