import { Link, Outlet, useMatches, useRouteError } from "@remix-run/react";
import { ErrorScreen, errorScreenFor } from "~/components/error-screen";

/** The sign-in pages: one centred card; a page may ask for the wide card with handle.authCard. */
export default function AuthLayout() {
  const wide = useMatches().some((match) => (match.handle as { authCard?: string } | undefined)?.authCard === "wide");
  return (
    <main className="auth">
      <div className={`card auth-card ${wide ? "wide" : ""}`}>
        <Link to="/login" className="auth-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Fieldwise
        </Link>
        <Outlet />
      </div>
    </main>
  );
}

/** A sign-in page that fails keeps the card and the brand; the link leads back to sign in. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main className="auth">
      <div className="card auth-card">
        <Link to="/login" className="auth-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Fieldwise
        </Link>
        <ErrorScreen {...errorScreenFor(error)} inside />
      </div>
    </main>
  );
}
