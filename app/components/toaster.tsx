import { useEffect, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";

export type ToastMessage = {
  message: string;
  description?: string;
  type: "success" | "error" | "info" | "warning";
  duration?: number;
};

const titles: Record<string, string> = {
  error: "Error",
  success: "Success",
  warning: "Alert",
  info: "Alert",
  loader: "Loading...",
};

const TOAST_EVENT = "fieldwise:toast";

/** Shows a toast from the browser (a real-time event): the same toast a flash message shows. */
export function showToast(toast: ToastMessage) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: toast }));
}

/**
 * Flash toasts, bottom right. Rendered on the server so they show without JavaScript
 * (dismissed by a link); once hydrated they dismiss on click or Enter and after 3000 ms.
 */
export function Toaster({ initial }: { initial: ToastMessage | null }) {
  const data = useRouteLoaderData<{ toast: ToastMessage | null }>("root");
  const current = data?.toast ?? initial;
  const [visible, setVisible] = useState<ToastMessage | null>(current);
  useEffect(() => setVisible(current), [current]);
  useEffect(() => {
    const show = (event: Event) => setVisible((event as CustomEvent<ToastMessage>).detail);
    window.addEventListener(TOAST_EVENT, show);
    return () => window.removeEventListener(TOAST_EVENT, show);
  }, []);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), visible.duration ?? 3000);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div className="toasts" aria-live="polite">
      <span id="toast-dismissed" />
      <div
        className={`toast toast-${visible.type}`}
        role={visible.type === "error" ? "alert" : "status"}
        tabIndex={0}
        onClick={() => setVisible(null)}
        onKeyDown={(e) => e.key === "Enter" && setVisible(null)}
      >
        <strong className="toast-title">{titles[visible.type] ?? "Alert"}</strong>
        <p className="toast-text">{visible.message}</p>
        {visible.description ? <p className="toast-text">{visible.description}</p> : null}
        <a className="toast-close" href="#toast-dismissed" aria-label="Dismiss">
          ×
        </a>
      </div>
    </div>
  );
}
