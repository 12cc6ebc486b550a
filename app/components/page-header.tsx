import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function PageHeader({
  title,
  breadcrumb,
  actions,
  badge,
}: {
  title: ReactNode;
  breadcrumb?: { label: string; to: string; state?: unknown };
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        {breadcrumb ? (
          <div className="breadcrumb">
            <Link to={breadcrumb.to} state={breadcrumb.state}>
              ‹ {breadcrumb.label}
            </Link>
          </div>
        ) : null}
        <h1>
          {title} {badge}
        </h1>
      </div>
      {actions ? <div className="row">{actions}</div> : null}
    </header>
  );
}

export function EmptyState({ children = "No items" }: { children?: ReactNode }) {
  return <p className="empty">{children}</p>;
}
