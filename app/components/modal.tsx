import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal that is a route (or route state), so it opens and works without JavaScript.
 * With closeTo it is closable: × link, and with JavaScript Escape and backdrop click.
 * Without closeTo it is not closable (e.g. the Add Customer wizard).
 */
export function Modal({
  title,
  children,
  closeTo,
  size,
  subtitle,
}: {
  title: string;
  children: ReactNode;
  closeTo?: string;
  size?: "sm";
  subtitle?: ReactNode;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    if (!closeTo) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && navigate(closeTo, { preventScrollReset: true });
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="modal-backdrop"
      onClick={(e) => closeTo && e.target === e.currentTarget && navigate(closeTo, { preventScrollReset: true })}
    >
      <div
        ref={dialog}
        className={`modal ${size === "sm" ? "modal-sm" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {closeTo ? (
          <Link className="modal-close" to={closeTo} aria-label="Close" preventScrollReset>
            ×
          </Link>
        ) : null}
        {children}
      </div>
    </div>
  );
}
