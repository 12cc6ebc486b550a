import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";

export type Tab = { id: string; label: string };

/**
 * Tabs as links (?tab=id), so each tab is a URL and works without JavaScript. A navigation
 * may carry state.selectedTab to open on a tab; that state is then cleared.
 */
export function Tabs({ tabs, current, param = "tab" }: { tabs: readonly Tab[]; current: string; param?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const selectedTab = (location.state as { selectedTab?: string } | null)?.selectedTab;
  useEffect(() => {
    if (!selectedTab) return;
    const params = new URLSearchParams(location.search);
    params.set(param, selectedTab);
    navigate(`${location.pathname}?${params}`, { replace: true, state: null, preventScrollReset: true });
  }, [selectedTab, location.pathname, location.search, navigate, param]);
  return (
    <nav className="tabs" aria-label="Tabs">
      {tabs.map((tab) => {
        const params = new URLSearchParams(location.search);
        params.set(param, tab.id);
        params.delete("page");
        return (
          <Link
            key={tab.id}
            to={`?${params}`}
            aria-current={tab.id === current ? "page" : undefined}
            preventScrollReset
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** The open tab: ?tab= when valid, else the first. */
export function currentTab(url: URL | string, tabs: readonly Tab[], param = "tab"): string {
  const value = new URL(url, "http://x").searchParams.get(param);
  return tabs.some((t) => t.id === value) ? (value as string) : tabs[0].id;
}
