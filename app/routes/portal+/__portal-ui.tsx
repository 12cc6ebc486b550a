import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

/** Every portal answer: a customer's own records, never cached or indexed. */
export const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** A section of a portal page: a heading and its content. */
export function PortalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="portal-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One record of a list: its title, a few facts and its action links. */
export function PortalItem({
  title,
  facts,
  children,
}: {
  title: string;
  facts: Array<[string, ReactNode] | null>;
  children?: ReactNode;
}) {
  return (
    <li className="portal-item">
      <h3>{title}</h3>
      <dl>
        {facts.filter(Boolean).map((fact) => (
          <div key={fact![0]}>
            <dt>{fact![0]}</dt>
            <dd>{fact![1]}</dd>
          </div>
        ))}
      </dl>
      {children ? <p className="portal-actions">{children}</p> : null}
    </li>
  );
}

/** Older and newer pages of a list, as plain links. */
export function Pager({ page, hasMore, path }: { page: number; hasMore: boolean; path: string }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="portal-pager" aria-label="Pages">
      {page > 1 ? <Link to={page === 2 ? path : `${path}?page=${page - 1}`}>Newer</Link> : <span />}
      <span>Page {page}</span>
      {hasMore ? <Link to={`${path}?page=${page + 1}`}>Older</Link> : <span />}
    </nav>
  );
}

/** A page's error inside the portal's frame: its 404 (a forbidden section or a wrong address) or a failure. */
export function PortalError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="portal-section" aria-labelledby="portal-error">
      <h1 id="portal-error">{missing ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {missing
          ? "This page is not part of your portal."
          : "We could not show this page right now. Please try again in a minute."}
      </p>
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

/** A page's title with the company's name from the portal's frame. */
export function portalTitle(matches: ReadonlyArray<{ id: string; data?: unknown }>, page: string) {
  const frame = matches.find((m) => m.id === "routes/portal+/_layout")?.data as
    { portal?: { companyName: string } | null } | undefined;
  return [
    { title: frame?.portal ? `${page} | ${frame.portal.companyName}` : page },
    { name: "robots", content: "noindex" },
  ];
}
