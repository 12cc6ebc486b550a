import { NavLink } from "@remix-run/react";

const TABS = [
  { to: "/service-plans", label: "Overview", end: true },
  { to: "/service-plans/plans-we-offer", label: "Plans we offer", end: false },
  { to: "/service-plans/customer-service-plans", label: "Customer service plans", end: false },
] as const;

/** The service plans area's pages as tabs (links, so they work without JavaScript); only for the roles that open them all. */
export function ServicePlansTabs() {
  return (
    <nav className="tabs" aria-label="Service plans">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
