import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { waitingText, type QueuedChange } from "~/sw/queue";
import { registerServiceWorker } from "~/sw/register.client";
import { dropChange, keptChanges } from "~/sw/store.client";

/**
 * The changes kept on this phone (docs/decisions/075): "N changes waiting to send" with each one,
 * and each conflict with the server's message and a Dismiss button. Registers the service worker.
 * Reads IndexedDB in effects only, so the server renders nothing here.
 */
export function OfflineChanges() {
  const [changes, setChanges] = useState<QueuedChange[]>([]);
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const readRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("indexedDB" in window)) return;
    let live = true;
    const read = () =>
      void keptChanges()
        .then((kept) => live && setChanges(kept))
        .catch(() => undefined);
    readRef.current = read;
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: string } | null)?.type;
      if (type === "offline-changes") read();
      // The day's visits are kept for reading offline (a mark tests and support can look for).
      if (type === "offline-visits-kept") document.documentElement.dataset.offlineKept = String(Date.now());
      // Sent changes changed the server's data: show it.
      if (type === "offline-changes-sent") revalidateRef.current();
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    const unregister = registerServiceWorker();
    read();
    return () => {
      live = false;
      navigator.serviceWorker.removeEventListener("message", onMessage);
      unregister();
    };
  }, []);

  const waiting = changes.filter((c) => c.state === "waiting");
  const conflicts = changes.filter((c) => c.state === "conflict");
  if (!changes.length) return null;
  return (
    <section className="stack offline-changes" aria-label="Changes on this phone">
      {waiting.length ? (
        <div className="alert alert-warning" role="status">
          <p>
            <strong>{waitingText(waiting.length)}</strong>
          </p>
          <ul>
            {waiting.map((c) => (
              <li key={c.key}>{c.description}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflicts.map((c) => (
        <div key={c.key} className="alert form-error row wrap" role="alert">
          <p>
            {c.description} was not saved: {c.message}
          </p>
          <button type="button" className="button" onClick={() => void dropChange(c.key).then(() => readRef.current())}>
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}
