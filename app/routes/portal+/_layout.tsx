import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requirePortal, type PortalAccess } from "~/access/portal.server";
import { findRouteRule, routePath } from "~/access/route-table";
import type { HydrationHandle } from "~/utils/hydration";
import portalStyles from "./__portal.css";
import { NO_STORE, PortalError } from "./__portal-ui";

/**
 * The portal's frame. The sign-in pages sit in this folder too and are open, so the frame asks for
 * the portal session only on the client-scope pages (the route table's entry of the address): the
 * page's own loader checks it again with its section's permission.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const rule = findRouteRule(routePath(new URL(request.url)));
  if (rule?.kind !== "client") return json({ portal: null }, { headers: NO_STORE });
  const access = await requirePortal({ request, context }, rule);
  return json({ portal: frameOf(access) }, { headers: NO_STORE });
}

const ACCENT = /^#[0-9a-f]{6}$/i;

function frameOf(access: PortalAccess) {
  const s = access.settings;
  return {
    companyName: access.company.businessName,
    logoUrl: access.company.logoUrl,
    accent: s.accentColor && ACCENT.test(s.accentColor) ? s.accentColor : null,
    customerName: [access.customer.firstName, access.customer.lastName].filter(Boolean).join(" "),
    sections: [
      { to: "/portal", label: "Home", end: true },
      s.canSeeVisits ? { to: "/portal/visits", label: "Visits" } : null,
      { to: "/portal/estimates", label: "Estimates" },
      { to: "/portal/invoices", label: "Invoices" },
      { to: "/portal/service-plans", label: "Service plans" },
      s.canRequestWork ? { to: "/portal/request-work", label: "Request work" } : null,
      s.canManageCards ? { to: "/portal/cards", label: "Cards" } : null,
    ].filter((x): x is { to: string; label: string; end?: boolean } => x !== null),
  };
}

/** The company's name and logo, the sections the settings allow, the customer and sign-out. */
export default function PortalLayout() {
  const { portal } = useLoaderData<typeof loader>();
  if (!portal) return <Outlet />;
  return (
    <div className="portal" style={portal.accent ? ({ "--accent": portal.accent } as React.CSSProperties) : undefined}>
      <header className="portal-header">
        <div className="portal-bar">
          <a className="portal-brand" href="/portal">
            {portal.logoUrl ? <img src={portal.logoUrl} alt="" /> : null}
            <span>{portal.companyName}</span>
          </a>
          <div className="portal-who">
            <span>{portal.customerName}</span>
            <Form method="post" action="/portal/sign-out" reloadDocument>
              <button type="submit" className="button">
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <nav className="portal-nav" aria-label="Portal">
          <ul>
            {portal.sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end} prefetch="none">
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="portal-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}

export const handle: HydrationHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: portalStyles }];

/** Every portal document is private; a page's thrown 404 keeps its caching headers too. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const passed = new Headers(NO_STORE);
  for (const name of ["Cache-Control", "X-Robots-Tag"]) {
    const value = errorHeaders?.get(name);
    if (value) passed.set(name, value);
  }
  return passed;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.portal ? `Your portal | ${data.portal.companyName}` : "Customer portal" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <main className="portal-main">
      <PortalError />
    </main>
  );
}
