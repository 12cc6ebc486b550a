import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { ErrorScreen, errorScreenFor } from "~/components/error-screen";
import { RealtimeConnection } from "~/components/realtime";
import { Toaster } from "~/components/toaster";
import { toasts } from "~/sessions.server";
import appStyles from "~/styles/app.css";
import { wantsScripts } from "~/utils/hydration";
import { useNonce } from "~/utils/nonce";
import { useRouteError } from "@remix-run/react";
import { useEffect } from "react";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

// The default title of a page without its own meta, and of an error screen (a route's own meta
// is not used below the error boundary). Charset and viewport are plain tags in <head>, not meta:
// a route's own meta replaces its parents', which dropped the viewport on phones.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorScreenFor(error).title} | Fieldwise` : "Fieldwise" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Most requests carry no toast: they skip reading (and re-signing) the toast cookie, and only a
  // shown toast gets its cookie cleared.
  if (!/(^|;\s*)__toast=/.test(request.headers.get("Cookie") ?? "")) return json({ toast: null });
  const { toast, headers } = await toasts().getToast(request);
  return json({ toast: toast ?? null }, toast ? { headers } : undefined);
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Pages that ask for no JavaScript (handle.hydrate) get no scripts at all; once a page runs
  // JavaScript, every page it navigates to renders them, as the client always does.
  const matches = useMatches();
  const scripts = wantsScripts(matches) || typeof document !== "undefined";
  // The body font is preloaded for the app's pages only: a public page (a customer's link, the
  // booking form, the customer portal) needs no web font in its budget and gets it through the stylesheet (swap, with
  // system fallbacks) only when its text uses it.
  const preloadFont = !matches.some((match) => /^routes\/(_public|portal)\+\//.test(match.id));
  // Real time: the private hub under the signed-in layout, the public one elsewhere (a hydrated page
  // only); it restarts when the scope or the signed-in user changes.
  const realtimeKey = useRouteLoaderData<{ realtimeKey?: string }>("routes/_app+/_layout")?.realtimeKey;
  // A mark that the page is interactive (forms initialised), on error screens too: tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2E3758" />
        <Meta />
        {preloadFont ? (
          <link
            rel="preload"
            href="/fonts/source-sans-pro-latin-400-normal.woff2"
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ) : null}
        <Links />
      </head>
      <body>
        {children}
        <Toaster initial={data?.toast ?? null} />
        {scripts ? (
          <RealtimeConnection key={realtimeKey ?? "public"} scope={realtimeKey ? "private" : "public"} />
        ) : null}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Document>
      <ErrorScreen {...errorScreenFor(error)} />
    </Document>
  );
}
