import { Form, Link, NavLink, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Modal } from "~/components/modal";
import { OfflineChanges } from "~/components/offline-changes";
import type { Shell } from "~/access/navigation.server";

const TIMER_CAP_MS = 2147483646;
const SESSION_REFRESH_MS = 600000;

const icons = {
  inbox: <path d="M4 4h16v12H7l-3 3V4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </>
  ),
  menu: <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />,
  activity: (
    <path d="M3 12h4l3-8 4 16 3-8h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  ),
};

function Icon({ name }: { name: keyof typeof icons }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      {icons[name]}
    </svg>
  );
}

function withDialog(location: { pathname: string; search: string }, open: boolean) {
  const params = new URLSearchParams(location.search);
  if (open) params.set("dialog", "limited");
  else params.delete("dialog");
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/** Refreshes the account state when the trial or subscription ends, and the session every 10 minutes. */
function useAccountRefresh(refreshAt: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const interval = setInterval(revalidate, SESSION_REFRESH_MS);
    const timer = refreshAt
      ? setTimeout(revalidate, Math.min(Math.max(0, Date.parse(refreshAt) - Date.now()), TIMER_CAP_MS))
      : undefined;
    return () => {
      clearInterval(interval);
      if (timer) clearTimeout(timer);
    };
  }, [refreshAt, revalidate]);
}

/** The inbox icon's dot: the company has unread texts. */
const UNREAD_DOT = {
  position: "absolute",
  top: 6,
  right: 6,
  width: 10,
  height: 10,
  borderRadius: "50%",
  background: "var(--secondary)",
  border: "2px solid var(--surface)",
} as const;

/** The badge of new booking requests (on Requests and on the drawer's toggle). */
function NewCount({ count, corner = false }: { count: number; corner?: boolean }) {
  return (
    <span className="counter" style={corner ? { position: "absolute", top: 0, right: -4 } : undefined}>
      {count > 99 ? "99+" : count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}

/** The signed-in shell: navigation by role and feature, 'New' menu, profile menu, banners. Works without JavaScript. */
export function AppShell({ shell, children, tip }: { shell: Shell; children: ReactNode; tip?: ReactNode }) {
  const location = useLocation();
  useAccountRefresh(shell.refreshAt);
  const initials = `${shell.user.firstName[0] ?? ""}${shell.user.lastName[0] ?? ""}`.toUpperCase();
  const limited = withDialog(location, true);
  const navLinks = shell.nav.map((item) => (
    <NavLink key={item.to} to={item.to} prefetch="intent">
      {item.label}
      {item.count ? (
        <>
          {" "}
          <NewCount count={item.count} />
        </>
      ) : null}
    </NavLink>
  ));
  return (
    <>
      <header className="shell-header">
        <div className="shell-bar">
          <details className="drawer menu">
            <summary className="icon-button" aria-label="Open navigation">
              <Icon name="menu" />
              {shell.newRequests ? <NewCount count={shell.newRequests} corner /> : null}
            </summary>
            <nav aria-label="Main">{navLinks}</nav>
          </details>
          <Link to={shell.home} className="shell-logo">
            {shell.company.logoUrl ? <img src={shell.company.logoUrl} alt="" /> : null}
            <span>{shell.company.businessName}</span>
          </Link>
          <nav className="shell-nav" aria-label="Main">
            {navLinks}
          </nav>
          <span className="spacer" />
          <details className="menu new-menu">
            <summary className="button">New</summary>
            <div className="menu-panel">
              <Link to={shell.isActive ? "/jobs/new" : limited}>Job</Link>
              <Link to={shell.isActive ? "/estimates/new" : limited}>Estimate</Link>
              {shell.canCreateCustomer ? <Link to="/customers/new">Customer</Link> : null}
            </div>
          </details>
          {shell.showInbox ? (
            <Link
              to="/inbox"
              className="icon-button"
              aria-label={shell.inboxUnread ? "Inbox, unread messages" : "Inbox"}
              style={{ position: "relative" }}
            >
              <Icon name="inbox" />
              {shell.inboxUnread ? <span className="unread-dot" style={UNREAD_DOT} /> : null}
            </Link>
          ) : null}
          {shell.showAdminIcons ? (
            <Link to="/activity-feed" className="icon-button" aria-label="Activity feed">
              <Icon name="activity" />
            </Link>
          ) : null}
          {shell.showAdminIcons ? (
            <Link to="/settings" className="icon-button" aria-label="Settings">
              <Icon name="settings" />
            </Link>
          ) : null}
          <details className="menu">
            <summary className="icon-button" aria-label="Profile menu">
              <span className="avatar">{shell.user.logoUrl ? <img src={shell.user.logoUrl} alt="" /> : initials}</span>
            </summary>
            <div className="menu-panel">
              <p className="muted" style={{ margin: "0.25rem 0.75rem" }}>
                {shell.user.firstName} {shell.user.lastName}
              </p>
              {shell.user.isSuperAdmin ? <Link to="/admin-panel">Admin</Link> : null}
              <Link to="/calendar-feed">Calendar Feed</Link>
              <Form method="post" action="/logout">
                <button type="submit">Log Out</button>
              </Form>
            </div>
          </details>
        </div>
      </header>
      {shell.banners.map((banner) => (
        <div
          key={banner.kind}
          className={`banner ${banner.kind === "inactive" ? "banner-danger" : banner.kind === "messaging" ? "banner-warning" : "banner-info"}`}
          role="status"
        >
          {banner.text}{" "}
          {banner.kind === "impersonation" ? (
            <Form method="post" action="/account/stop-impersonating">
              <button type="submit" className="button-link">
                {banner.linkText}
              </button>
            </Form>
          ) : banner.linkTo ? (
            <Link to={banner.linkTo}>{banner.linkText}</Link>
          ) : null}
        </div>
      ))}
      <main className="page" id="main">
        <OfflineChanges />
        {tip}
        {children}
      </main>
      {new URLSearchParams(location.search).get("dialog") === "limited" ? (
        <Modal title="Your account is limited" closeTo={withDialog(location, false)} size="sm">
          <p>Please, subscribe or pay for the current subscription.</p>
          <div className="modal-actions">
            <Link className="button" to={withDialog(location, false)}>
              Cancel
            </Link>
            <Link className="button button-primary" to="/billing">
              Go to Billing
            </Link>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
