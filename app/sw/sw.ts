/// <reference lib="webworker" />
// The service worker (docs/decisions/075), bundled by scripts/build-sw.mjs to public/sw.js: keeps
// the app's build assets and fonts, the signed-in pages the technician reads in the field (network
// first, the kept copy with no signal), and the changes posted to a job with no signal, sent again
// in order with their Offline-Change-Key when the connection returns.
import { ExpirationPlugin } from "workbox-expiration";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  cacheKey,
  CARD_PAYMENT_OFFLINE,
  describeChange,
  isCardPayment,
  isKeptPage,
  nextToSend,
  NOT_SENT_SIGNED_OUT,
  queueableJobId,
  replayResult,
  SAVED_ON_PHONE,
  type KeptField,
  type QueuedChange,
} from "~/sw/queue";
import { OFFLINE_CHANGE_HEADER, OFFLINE_KEEP_HEADER } from "~/sw/headers";
import { dropChange, keepChange, keptChanges } from "~/sw/store.client";

declare const self: ServiceWorkerGlobalScope;

const ASSETS = "fieldwise-assets-v1";
const PAGES = "fieldwise-pages-v1";
const SYNC_TAG = "offline-changes";
const NETWORK_TIMEOUT_MS = 4000;
const LAYOUT_DATA = new Set(["root", "routes/_app+/_layout"]);

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Remix's build assets are fingerprinted: the kept copy is always right.
const assets = new CacheFirst({
  cacheName: ASSETS,
  // Kept under the bare URL; the server's `Vary: Accept-Encoding` must not make a kept file miss.
  matchOptions: { ignoreVary: true },
  plugins: [new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 30 * 86400, purgeOnQuotaError: true })],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && /^\/(build|fonts|icons)\//.test(url.pathname), assets);

const isData = (url: URL) => url.searchParams.has("_data");

/** Navigations and Remix `_data` GETs of the kept pages; never /api (but the visit list) nor other GETs. */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && (request.mode === "navigate" || isData(url)) && !url.pathname.startsWith("/api/"),
  ({ request }) => networkFirst(request),
);

/**
 * Remix's route discovery (`/__manifest?p=...`): network first; with no signal, the routes of every
 * kept answer together (patches are keyed by route id, so their union is a valid answer).
 */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
  async ({ request }) => {
    const cache = await caches.open(PAGES);
    try {
      const response = await fetch(request);
      if (response.status === 200) await cache.put(cacheKey(request.url), response.clone());
      return response;
    } catch {
      const routes: Record<string, unknown> = {};
      for (const key of await cache.keys()) {
        if (new URL(key.url).pathname !== "/__manifest") continue;
        Object.assign(routes, await (await cache.match(key))?.json().catch(() => ({})));
      }
      return Response.json(routes);
    }
  },
);

const html = (title: string, text: string, link: string | null, status = 200) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;margin:2rem;color:#2E3758"><h1>${title}</h1><p>${text}</p>` +
      (link ? `<p><a href="${link}">Back</a></p>` : "") +
      `</body></html>`,
    { status, headers: { "Content-Type": "text/html; charset=utf-8" } },
  );

const offlinePage = () =>
  html(
    "You are offline",
    "This page was not kept on this phone. Open the agenda to see today's visits.",
    "/schedule?view=agenda",
    503,
  );

async function networkFirst(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const keep = isKeptPage(url.pathname);
  const network = fetch(request).then(async (response) => {
    if (keep && response.status === 200 && !response.redirected) {
      await (await caches.open(PAGES)).put(cacheKey(request.url), response.clone());
    }
    return response;
  });
  network.catch(() => undefined); // answered below; a late failure after the kept copy went out is no error
  const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), NETWORK_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, late]);
    if (first !== "late") return first;
    // A slow network when opening a page: its kept copy, this very address only, else keep waiting.
    // A fetch inside the app (Remix's data, the reload after a change) always waits for the answer:
    // a copy from before the change would show it undone.
    const exact =
      keep && request.mode === "navigate" ? await (await caches.open(PAGES)).match(cacheKey(url.href)) : undefined;
    return exact ?? (await network);
  } catch {
    const answer = keep ? await keptAnswer(url) : undefined;
    return answer ?? offlineAnswer(url);
  }
}

/** With no signal and no kept copy: the offline page; to a Remix fetch, have Remix load the address as a document (the offline page). */
function offlineAnswer(url: URL): Response {
  if (!isData(url)) return offlinePage();
  url.searchParams.delete("_data");
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": `${url.pathname}${url.search}`, "X-Remix-Reload-Document": "true" },
  });
}

/**
 * The kept copy of a page or its `_data`: the exact URL, else the same page under another query,
 * else for a layout's data (the same on every page) any kept page's.
 */
async function keptAnswer(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(PAGES);
  const exact = await cache.match(cacheKey(url.href));
  if (exact) return exact;
  // The same page under another query (after a post to `?upload=…`, Remix reloads the page there).
  const routeId = url.searchParams.get("_data");
  const keys = (await cache.keys()).map((request) => ({ request, url: new URL(request.url) }));
  const samePage = keys.find((k) => k.url.pathname === url.pathname && k.url.searchParams.get("_data") === routeId);
  if (samePage) return cache.match(samePage.request);
  if (!routeId || !LAYOUT_DATA.has(routeId)) return undefined;
  const anyPage = keys.find((k) => k.url.searchParams.get("_data") === routeId);
  return anyPage ? cache.match(anyPage.request) : undefined;
}

/**
 * The kept pages are the signed-in user's customers and jobs: gone when they sign out (a shared
 * phone) or their session ended; the build assets stay.
 */
let signedInAs = 0;
const forgetPages = () => {
  // A keeping run still under way puts nothing after this (it was asked for the user who left).
  signedInAs += 1;
  return caches.delete(PAGES);
};

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === "/logout",
  async ({ request }) => {
    // What waits is sent now, while the session is still theirs; what cannot be sent is never sent
    // later under whoever signs in next: it stays listed as not saved, with the reason.
    await sendWaiting().catch(() => false);
    for (const change of await keptChanges())
      if (change.state === "waiting") await keepChange({ ...change, state: "conflict", message: NOT_SENT_SIGNED_OUT });
    await forgetPages();
    try {
      return await fetch(request);
    } catch {
      return offlineAnswer(new URL(request.url));
    }
  },
  "POST",
);

/** Fetches the visits of today and tomorrow and keeps their pages and `_data` for reading offline. */
async function keepVisits(manifestVersion: string | null): Promise<void> {
  const keeping = { credentials: "same-origin", headers: { [OFFLINE_KEEP_HEADER]: "1" } } as const;
  const run = signedInAs;
  const answer = await fetch("/api/offline/visits", keeping);
  // Signed out, or the session ended elsewhere: nothing of theirs stays on the phone.
  if (answer.status === 401 || answer.status === 403) return void (await forgetPages());
  if (!answer.ok) return;
  const { pages } = (await answer.json()) as { pages: { url: string; data: string[] }[] };
  const cache = await caches.open(PAGES);
  const urls = pages.flatMap((p) => [p.url, ...p.data]);
  if (manifestVersion) {
    // The kept pages' routes, for Remix's route discovery with no signal, and Log Out's (the shell's
    // menu posts there: the worker answers it offline).
    const discovery = new URLSearchParams();
    const paths = [...pages.map((p) => new URL(p.url, self.location.origin).pathname), "/logout"];
    for (const path of [...new Set(paths)].sort()) discovery.append("p", path);
    discovery.set("version", manifestVersion);
    urls.push(`/__manifest?${discovery}`);
  }
  const keepOne = async (path: string) => {
    const href = new URL(path, self.location.origin).href;
    const response = await fetch(href, keeping);
    if (response.status !== 200 || response.redirected) return;
    if (path.startsWith("/__manifest?")) await keepAssets(routeAssets(await response.clone().json()));
    // A kept document names every module and style sheet it runs with (modulepreload links): keep them too.
    if (response.headers.get("Content-Type")?.includes("text/html"))
      await keepAssets(
        [...(await response.clone().text()).matchAll(/["'](\/build\/[^"'\s]+\.(?:js|css))["']/g)].map((m) => m[1]),
      );
    if (run === signedInAs) await cache.put(cacheKey(href), response);
  };
  for (let i = 0; i < urls.length; i += 4) await Promise.allSettled(urls.slice(i, i + 4).map(keepOne));
  await tellPages({ type: "offline-visits-kept", count: pages.length });
}

/** The modules of the routes a `/__manifest` answer names. */
function routeAssets(routes: Record<string, { module?: string; imports?: string[]; css?: string[] }>): string[] {
  return Object.values(routes).flatMap((r) => [r.module ?? "", ...(r.imports ?? []), ...(r.css ?? [])]);
}

/** The imports of a built module (`from"/build/_shared/chunk-X.js"`, `"./y.js"`): the chunks it needs to run. */
const importsOf = (code: string) => [...code.matchAll(/["']((?:\.{1,2}|\/build)\/[^"'\s]+\.js)["']/g)].map((m) => m[1]);

/**
 * Build assets the page names (the shell's and the kept pages' modules), kept ahead of need with
 * every chunk they import: a route module that runs offline needs all of them.
 */
async function keepAssets(urls: string[]) {
  const cache = await caches.open(ASSETS);
  const seen = new Set<string>();
  // Only the build's own files: a chunk's text also holds strings that look like paths (a bundled
  // package's "../node_modules/x/index.js"), and asking the app for those is a page request.
  const build = `${self.location.origin}/build/`;
  const ours = (list: string[]) => list.filter((href) => href.startsWith(build));
  let next = ours(urls.map((u) => new URL(u, self.location.origin).href));
  while (next.length) {
    const found: string[] = [];
    await Promise.allSettled(
      next.map(async (href) => {
        if (seen.has(href)) return;
        seen.add(href);
        let response = await cache.match(href, { ignoreVary: true });
        if (!response) {
          const fetched = await fetch(href, { headers: { [OFFLINE_KEEP_HEADER]: "1" } });
          if (!fetched.ok) return;
          await cache.put(href, fetched.clone());
          response = fetched;
        }
        if (href.endsWith(".js")) for (const i of importsOf(await response.text())) found.push(new URL(i, href).href);
      }),
    );
    next = ours(found).filter((href) => !seen.has(href));
  }
}

// ---- The change queue ----

const wantsJson = (url: URL) => isData(url);

function cardRefusal(url: URL) {
  return wantsJson(url)
    ? Response.json({ errors: { _global: CARD_PAYMENT_OFFLINE } }, { status: 400 })
    : html("Not sent", CARD_PAYMENT_OFFLINE, url.pathname, 400);
}

registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (queueableJobId(url.pathname) !== null || /pay-?online|stripe/i.test(url.pathname)),
  async ({ request }) => {
    const copy = request.clone();
    try {
      return await fetch(request);
    } catch (error) {
      const url = new URL(request.url);
      const fields = await fieldsOf(copy);
      const jobId = queueableJobId(url.pathname);
      if (isCardPayment(url, fields) || jobId === null) return cardRefusal(url);
      await queueChange(url, copy.headers.get("Content-Type") ?? "", fields, jobId);
      // As the server answers a saved change (post, then redirect): Remix goes back to the page's own
      // address, so the next form there posts to it and not to this post's `?upload=…`.
      return wantsJson(url)
        ? new Response(null, { status: 204, headers: { "X-Remix-Redirect": url.pathname, "X-Offline-Queued": "true" } })
        : html("Saved on this phone", SAVED_ON_PHONE, `${url.pathname}`);
    }
  },
  "POST",
);

async function fieldsOf(request: Request): Promise<KeptField[]> {
  const form = await request.formData();
  return [...form.entries()].map(([name, value]) =>
    typeof value === "string" ? { name, value } : { name, file: value, fileName: value.name },
  );
}

let lastSeq = 0;
async function queueChange(url: URL, contentType: string, fields: KeptField[], jobId: number) {
  await keepChange({
    key: crypto.randomUUID(),
    url: `${url.pathname}${url.search}`,
    encoding: contentType.startsWith("multipart/") ? "multipart" : "urlencoded",
    fields,
    jobId,
    description: describeChange(url, fields),
    createdAt: Date.now(),
    seq: ++lastSeq,
    state: "waiting",
  });
  await tellPages({ type: "offline-changes" });
  // Background Sync where the browser has it; the page's load and `online` otherwise.
  await (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync
    ?.register(SYNC_TAG)
    .catch(() => undefined);
}

function bodyOf(change: QueuedChange): BodyInit {
  if (change.encoding === "multipart") {
    const form = new FormData();
    for (const f of change.fields) {
      if ("file" in f) form.append(f.name, f.file, f.fileName);
      else form.append(f.name, f.value);
    }
    return form;
  }
  return new URLSearchParams(change.fields.flatMap((f) => ("value" in f ? [[f.name, f.value]] : [])));
}

let running: Promise<boolean> | null = null;

/** Sends the waiting changes one at a time, oldest first; false when the network failed (try later). */
function sendWaiting(): Promise<boolean> {
  running ??= (async () => {
    try {
      let sent = 0;
      for (;;) {
        const change = nextToSend(await keptChanges());
        if (!change) break;
        let response: Response;
        try {
          response = await fetch(change.url, {
            method: "POST",
            headers: { [OFFLINE_CHANGE_HEADER]: change.key },
            body: bodyOf(change),
            credentials: "same-origin",
            redirect: "manual",
          });
        } catch {
          return false;
        }
        const body = response.headers.get("Content-Type")?.includes("json")
          ? await response.json().catch(() => null)
          : null;
        const result = replayResult(response.type === "opaqueredirect" ? 0 : response.status, body);
        if (result.kind === "retry") return false;
        if (result.kind === "applied") await dropChange(change.key);
        else await keepChange({ ...change, state: "conflict", message: result.message });
        sent += 1;
        await tellPages({ type: "offline-changes" });
      }
      if (sent) await tellPages({ type: "offline-changes-sent", count: sent });
      return true;
    } finally {
      running = null;
    }
  })();
  return running;
}

async function tellPages(message: Record<string, unknown>) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener("sync" as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    sendWaiting().then((done) => {
      if (!done) throw new Error("Still offline: the browser tries the sync again later");
    }),
  );
});

/** Back online, or a page loaded: send what waits, then keep today's and tomorrow's visits. */
let manifestVersion: string | null = null;
async function refresh(assetUrls: string[] = []) {
  await sendWaiting();
  await Promise.allSettled([keepVisits(manifestVersion), keepAssets(assetUrls)]);
}

self.addEventListener("online", () => void refresh());
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; assets?: unknown; manifestVersion?: unknown } | null;
  if (data?.type === "page-loaded" || data?.type === "online") {
    const assetUrls = Array.isArray(data.assets) ? data.assets.filter((a): a is string => typeof a === "string") : [];
    if (typeof data.manifestVersion === "string") manifestVersion = data.manifestVersion;
    event.waitUntil(refresh(assetUrls));
  } else if (data?.type === "send") {
    event.waitUntil(sendWaiting());
  }
});
