import { useFetcher, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { EditScope, editScopeLabels, type EditScopeValue } from "~/models/jobs/jobs.schema";
import { joinWall, snap, splitWall, SNAP_MINUTES, timeLabel, wallMinutesBetween } from "~/models/schedule/schedule";
import { useHydrated } from "~/utils/use-hydrated";

/** A drop the user made: what the schedule route's action receives (times wall clock in the company's zone). */
export type PendingMove = {
  intent: "move" | "resize";
  jobId: number;
  /** An estimate visit's drop (the block's data-kind); a job's otherwise. */
  kind?: "estimate";
  start: string;
  end: string;
  isAllDay: boolean;
  employeeId?: number;
  fromEmployeeId?: number;
  recurring: boolean;
};

type DragState = {
  mode: "move" | "resize";
  block: HTMLElement;
  pointerId: number;
  x: number;
  y: number;
  started: boolean;
  start: string;
  end: string;
  isAllDay: boolean;
  lane?: number;
  grab: number;
  ghost?: HTMLElement;
  move?: PendingMove;
};

const DRAG_THRESHOLD_PX = 5;
/** The calendar's plain links (visits, '+N more'): one listener navigates client-side, as a <Link> would. */
const PLAIN_LINKS = ".visit a, a.tg-more";
/** A visit's Reschedule link: its second one (visit-block.tsx). */
const RESCHEDULE_LINK = ".visit > a + a";
const RESIZE_EDGE_PX = 6;

const numberAttr = (el: Element, name: string) => {
  const v = el.getAttribute(name);
  return v === null || v === "" ? undefined : Number(v);
};

/** Minutes after midnight at a vertical position in a time-grid column. */
function minutesAt(column: Element, clientY: number): number {
  const rect = column.getBoundingClientRect();
  const start = numberAttr(column, "data-grid-start") ?? 0;
  const end = numberAttr(column, "data-grid-end") ?? 1440;
  const ratio = Math.min(1, Math.max(0, (clientY - rect.top) / rect.height));
  return start + ratio * (end - start);
}

function dropTarget(x: number, y: number): Element | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const target = el.closest("[data-drop-column], [data-drop-day]");
    if (target) return target;
  }
  return null;
}

/** Where the drag would put the visit now, and the ghost's place on screen. */
function computeMove(
  d: DragState,
  x: number,
  y: number,
): { move: PendingMove; rect: { left: number; top: number; width: number; height: number } } | null {
  const target = dropTarget(x, y);
  if (!target) return null;
  const s = splitWall(d.start)!;
  const duration = wallMinutesBetween(d.start, d.end);
  const jobId = Number(d.block.dataset.visitId);
  const recurring = d.block.dataset.recurring !== undefined;
  const rect = target.getBoundingClientRect();
  const kind = d.block.dataset.kind === "estimate" ? ("estimate" as const) : undefined;
  const base = { jobId, kind, isAllDay: d.isAllDay, recurring };
  // Dropped in another employee's lane: the visit changes hands too.
  const lane = numberAttr(target, "data-lane");
  const laneChange = lane !== undefined && lane !== d.lane ? { employeeId: lane, fromEmployeeId: d.lane } : {};
  const moveTo = (date: string, start: number): PendingMove => ({
    ...base,
    intent: "move",
    start: joinWall(date, start),
    end: joinWall(date, start + duration),
    ...laneChange,
  });
  if (target.hasAttribute("data-drop-column")) {
    const date = target.getAttribute("data-date")!;
    const gridStart = numberAttr(target, "data-grid-start") ?? 0;
    const gridEnd = numberAttr(target, "data-grid-end") ?? 1440;
    const toY = (m: number) => rect.top + ((m - gridStart) / (gridEnd - gridStart)) * rect.height;
    if (d.mode === "resize") {
      const end = Math.min(1440, Math.max(s.minutes + SNAP_MINUTES, snap(minutesAt(target, y))));
      return {
        move: { ...base, intent: "resize", start: d.start, end: joinWall(s.date, end) },
        rect: {
          left: d.block.getBoundingClientRect().left,
          width: d.block.getBoundingClientRect().width,
          top: toY(s.minutes),
          height: toY(end) - toY(s.minutes),
        },
      };
    }
    if (d.isAllDay) return null;
    const start = Math.min(1440 - SNAP_MINUTES, Math.max(0, snap(minutesAt(target, y) - d.grab)));
    return {
      move: moveTo(date, start),
      rect: {
        left: rect.left,
        width: rect.width,
        top: toY(start),
        height: Math.max(18, toY(Math.min(gridEnd, start + duration)) - toY(start)),
      },
    };
  }
  if (d.mode === "resize") return null;
  const date = target.getAttribute("data-drop-day")!;
  return {
    move: moveTo(date, s.minutes),
    rect: { left: rect.left + 2, width: rect.width - 4, top: rect.top + 2, height: Math.min(rect.height - 4, 28) },
  };
}

function ghostText(move: PendingMove) {
  const s = splitWall(move.start)!;
  const e = splitWall(move.end)!;
  return move.isAllDay ? `${s.date}: all day` : `${s.date.slice(5)} ${timeLabel(s.minutes)} – ${timeLabel(e.minutes)}`;
}

/**
 * The calendar's drag-and-drop island: it hydrates over the server markup and only reads it
 * (data attributes of visits and drop targets). A drop posts intent=move or resize to the
 * schedule route's action, after the scope question for a visit of a series.
 */
export function ScheduleIsland({
  enabled,
  returnTo,
  children,
}: {
  enabled: boolean;
  returnTo: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const fetcher = useFetcher<{ message?: string }>();
  const [askScope, setAskScope] = useState<PendingMove | null>(null);
  const [saving, setSaving] = useState<HTMLElement | null>(null);
  const active = hydrated && enabled;
  const navigate = useNavigate();

  // The visits' links are plain <a> (hundreds of <Link>s cost the server's render): once hydrated,
  // a plain click on one is a client-side navigation, as with <Link>; without JavaScript they are links.
  useEffect(() => {
    const root = container.current;
    if (!hydrated || !root) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const link = (e.target as Element).closest?.<HTMLAnchorElement>(PLAIN_LINKS);
      const href = link?.getAttribute("href");
      if (!link || !href || !root.contains(link)) return;
      e.preventDefault();
      navigate(href);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [hydrated, navigate]);

  const submit = useCallback(
    (move: PendingMove, scope?: EditScopeValue) => {
      const form = new FormData();
      form.set("intent", move.intent);
      form.set("jobId", String(move.jobId));
      if (move.kind) form.set("kind", move.kind);
      form.set("start", move.start);
      form.set("end", move.end);
      if (move.isAllDay) form.set("isAllDay", "on");
      if (move.employeeId !== undefined) form.set("employeeId", String(move.employeeId));
      if (move.fromEmployeeId !== undefined) form.set("fromEmployeeId", String(move.fromEmployeeId));
      if (scope !== undefined) form.set("recurrentEventEditOption", String(scope));
      form.set("returnTo", returnTo);
      fetcher.submit(form, { method: "post", action: "/schedule?index" });
    },
    [fetcher, returnTo],
  );

  // The ghost of the last drop stays until the server has answered (and the page re-rendered).
  useEffect(() => {
    if (fetcher.state === "idle" && saving && !askScope) {
      saving.remove();
      setSaving(null);
    }
  }, [fetcher.state, saving, askScope]);

  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    let suppressClickUntil = 0;
    const onClick = (e: MouseEvent) => {
      if (Date.now() < suppressClickUntil) e.preventDefault();
    };
    const end = (cancel: boolean) => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      d.block.classList.remove("is-dragging");
      if (!d.started) return;
      // The click that follows a drag must not open the job.
      suppressClickUntil = Date.now() + 400;
      const move = d.move;
      const unchanged = !move || (move.start === d.start && move.end === d.end && move.employeeId === undefined);
      if (cancel || unchanged) {
        d.ghost?.remove();
        return;
      }
      if (d.ghost) {
        d.ghost.classList.add("is-saving");
        setSaving(d.ghost);
      }
      if (move.recurring) setAskScope(move);
      else submit(move);
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || e.pointerType === "touch" || drag.current) return;
      const target = e.target as HTMLElement;
      const block = target.closest<HTMLElement>(".visit");
      if (!block || !root.contains(block) || target.closest(RESCHEDULE_LINK)) return;
      const column = block.closest("[data-drop-column]");
      // The bottom edge of a timed visit resizes it (drawn by CSS as the block's ::after).
      const mode = column && block.getBoundingClientRect().bottom - e.clientY <= RESIZE_EDGE_PX ? "resize" : "move";
      const s = splitWall(block.dataset.start ?? "");
      if (!s) return;
      drag.current = {
        mode,
        block,
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        started: false,
        start: block.dataset.start!,
        end: block.dataset.end!,
        isAllDay: block.dataset.allDay !== undefined,
        lane: numberAttr(block, "data-lane"),
        grab: column ? minutesAt(column, e.clientY) - s.minutes : 0,
      };
      if (mode === "resize") e.preventDefault();
    };
    const onMove = (e: PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      if (!d.started) {
        if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
        d.started = true;
        d.block.classList.add("is-dragging");
        d.ghost = d.block.cloneNode(true) as HTMLElement;
        d.ghost.classList.add("visit-ghost");
        d.ghost.classList.remove("is-dragging");
        d.ghost.setAttribute("aria-hidden", "true");
        document.body.appendChild(d.ghost);
      }
      e.preventDefault();
      const next = computeMove(d, e.clientX, e.clientY);
      d.move = next?.move;
      if (!d.ghost) return;
      d.ghost.hidden = !next;
      if (!next) return;
      Object.assign(d.ghost.style, {
        left: `${next.rect.left}px`,
        top: `${next.rect.top}px`,
        width: `${next.rect.width}px`,
        height: `${next.rect.height}px`,
      });
      // The time follows the customer's name (visit-block.tsx).
      const time = d.ghost.querySelector("strong + span");
      if (time) time.textContent = ghostText(next.move);
    };
    const onUp = (e: PointerEvent) => drag.current?.pointerId === e.pointerId && end(false);
    const onCancel = () => end(true);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && end(true);
    const onDragStart = (e: DragEvent) => (e.target as HTMLElement).closest?.(".visit") && e.preventDefault();
    const listeners: [EventTarget, string, (e: never) => unknown, AddEventListenerOptions?][] = [
      [root, "pointerdown", onDown],
      [root, "click", onClick, { capture: true }],
      [root, "dragstart", onDragStart],
      [window, "pointermove", onMove],
      [window, "pointerup", onUp],
      [window, "pointercancel", onCancel],
      [window, "keydown", onKey],
    ];
    for (const [target, type, listener, options] of listeners)
      target.addEventListener(type, listener as EventListener, options);
    return () => {
      for (const [target, type, listener, options] of listeners)
        target.removeEventListener(type, listener as EventListener, options);
    };
  }, [active, submit]);

  const error = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  return (
    <div
      ref={container}
      className="schedule-island"
      data-interactive={active || undefined}
      aria-busy={fetcher.state !== "idle" || undefined}
    >
      {error ? (
        <p className="alert alert-warning" role="alert">
          {error}
        </p>
      ) : null}
      {children}
      {askScope ? (
        <ScopeDialog
          onChoose={(scope) => {
            const move = askScope;
            setAskScope(null);
            submit(move, scope);
          }}
          onCancel={() => {
            setAskScope(null);
            saving?.remove();
            setSaving(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The scope question for a visit of a series (only this, this and following, all). */
function ScopeDialog({ onChoose, onCancel }: { onChoose: (scope: EditScopeValue) => void; onCancel: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onCancel();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="modal modal-sm" role="dialog" aria-modal="true" aria-labelledby="scope-title">
        <h2 id="scope-title">Reschedule recurring visit</h2>
        <p>This visit is part of a series. Which visits should change?</p>
        <div className="stack">
          {([EditScope.OnlyThis, EditScope.ThisAndFollowing, EditScope.All] as const).map((scope, i) => (
            <button
              key={scope}
              ref={i === 0 ? first : undefined}
              type="button"
              className="button"
              onClick={() => onChoose(scope)}
            >
              {editScopeLabels[scope]}
            </button>
          ))}
        </div>
        <div className="modal-actions">
          <button type="button" className="button-link" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
