import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { HubConnection } from "@microsoft/signalr";
import { showToast } from "~/components/toaster";
import { RealtimeEvent, type HubName } from "~/services/realtime/events";

/** 1 s, 2 s, 4 s ... up to 30 s between attempts, with jitter so a restarted server is not stormed. */
function backoff(attempt: number) {
  return Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

/** What a text notification shows: its content, as given (a string, or an object's message). */
function toastText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (content && typeof content === "object")
    for (const key of ["message", "content", "text"])
      if (typeof (content as Record<string, unknown>)[key] === "string")
        return (content as Record<string, string>)[key];
  return null;
}

/**
 * The real-time island: a SignalR connection to the `private` hub when signed in, else the
 * `public` one; a change of scope restarts it. The client library loads after the page (a dynamic
 * import) and pages never wait for it or depend on it: an event only refreshes what a reload
 * would show (the loaders are revalidated) or shows a toast. `<html data-realtime>` tells whether
 * it is connected.
 */
export function RealtimeConnection({ scope }: { scope: HubName }) {
  const { revalidate } = useRevalidator();
  const refresh = useRef(revalidate);
  refresh.current = revalidate;

  useEffect(() => {
    let stopped = false;
    let connection: HubConnection | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const mark = (state: string) => {
      if (!stopped) document.documentElement.dataset.realtime = state;
    };

    const connect = () => {
      if (stopped || !connection) return;
      connection.start().then(
        () => {
          attempt = 0;
          mark("connected");
        },
        (error: { statusCode?: number }) => {
          if (stopped) return;
          mark("disconnected");
          // The session ended: the page's own loaders send the user to sign-in ('You were logged out').
          if (scope === "private" && error?.statusCode === 401) refresh.current();
          retry = setTimeout(connect, backoff(attempt++));
        },
      );
    };

    import("@microsoft/signalr")
      .then((signalr) => {
        if (stopped) return;
        connection = new signalr.HubConnectionBuilder()
          .withUrl(`/hubs/${scope}`)
          .withAutomaticReconnect({
            nextRetryDelayInMilliseconds: ({ previousRetryCount }) => backoff(previousRetryCount),
          })
          .configureLogging(signalr.LogLevel.None)
          .build();
        connection.on(RealtimeEvent.TextNotification, (content: unknown) => {
          const message = toastText(content);
          if (message) showToast({ type: "success", message });
        });
        connection.on(RealtimeEvent.NewBookingRequestCounter, () => refresh.current());
        connection.on(RealtimeEvent.TwoWayTextNotification, () => refresh.current());
        connection.onreconnecting(() => mark("reconnecting"));
        connection.onreconnected(() => {
          mark("connected");
          // Events sent while it was away are not replayed: read what they would have changed.
          refresh.current();
        });
        // Closed for good (the server said not to reconnect, or reconnecting gave up): start afresh later.
        connection.onclose(() => {
          if (stopped) return;
          mark("disconnected");
          retry = setTimeout(connect, backoff(attempt++));
        });
        connect();
      })
      .catch(() => mark("unavailable"));

    return () => {
      stopped = true;
      clearTimeout(retry);
      delete document.documentElement.dataset.realtime;
      void connection?.stop();
    };
  }, [scope]);

  return null;
}
