// The pure parts of the offline change queue (docs/decisions/075), shared by the service worker
// (app/sw/sw.ts) and the page (app/components/offline-changes.tsx); no IndexedDB or fetch here, so
// the unit tests run them in Node.
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";

/** A form field as kept: a text value, or a file (a Blob, stored as is by IndexedDB). */
export type KeptField = { name: string; value: string } | { name: string; file: Blob; fileName: string };

export type QueuedChange = {
  /** The Offline-Change-Key (a UUID): the server applies a key once. */
  key: string;
  /** Path and query it was posted to (with Remix's `_data` when the page posted it by fetch). */
  url: string;
  encoding: "multipart" | "urlencoded";
  fields: KeptField[];
  jobId: number;
  description: string;
  /** Milliseconds; the replay order, with `seq` breaking ties of the same millisecond. */
  createdAt: number;
  seq: number;
  state: "waiting" | "conflict";
  /** The server's message for a conflict. */
  message?: string;
};

export const CARD_PAYMENT_OFFLINE = "Card payments need a connection. Record a payment note instead.";
export const SAVED_ON_PHONE = "Saved on this phone. It will be sent when you are back online.";
export const NOT_SENT_SIGNED_OUT = "You logged out before it could be sent. Nothing was changed.";
export const DB_NAME = "fieldwise-offline";
export const STORE = "changes";

const JOB_PAGE = /^\/jobs\/(\d+)(?:\/checklist\/\d+)?\/?$/;

/** The job a post goes to when it is one the phone may keep (a job page or a job's checklist page); else null. */
export function queueableJobId(pathname: string): number | null {
  const match = JOB_PAGE.exec(pathname);
  return match ? Number(match[1]) : null;
}

const textOf = (fields: KeptField[], name: string) => {
  const field = fields.find((f) => f.name === name);
  return field && "value" in field ? field.value : undefined;
};

/** A post that takes a card: never kept, it needs the payment service there and then. */
export function isCardPayment(url: URL, fields: KeptField[]): boolean {
  if (/pay-?online|stripe|card/i.test(url.pathname)) return true;
  const intent = textOf(fields, "intent") ?? url.searchParams.get("intent") ?? "";
  return /pay-?online|stripe|card|charge/i.test(intent);
}

/** The short line the waiting list shows for a kept change. */
export function describeChange(url: URL, fields: KeptField[]): string {
  if (url.pathname.includes("/checklist/") || url.searchParams.has("checklists")) return "Checklist";
  if (url.searchParams.get("upload")) {
    const files = fields.filter((f) => "file" in f && f.file.size > 0).length;
    return files === 1 ? "Photo" : `Photos (${files})`;
  }
  const intent = textOf(fields, "intent");
  if (intent === "status") {
    const label = jobStatusLabels[Number(textOf(fields, "status")) as JobStatusValue];
    return label ? `Status: ${label}` : "Status";
  }
  if (intent === "notes") return "Notes";
  if (intent === "sign") return "Signature";
  if (intent === "pay") return "Payment note";
  return intent ? intent.charAt(0).toUpperCase() + intent.slice(1) : "Change";
}

/** The replay order: oldest first, the order they were kept in for one millisecond. */
export function byReplayOrder(a: QueuedChange, b: QueuedChange): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

/** The next change to send: the oldest still waiting (a conflict waits for the technician, not the queue). */
export function nextToSend(changes: QueuedChange[]): QueuedChange | null {
  return changes.filter((c) => c.state === "waiting").sort(byReplayOrder)[0] ?? null;
}

export type ReplayResult = { kind: "applied" } | { kind: "conflict"; message: string } | { kind: "retry" };

export const REFUSED_FALLBACK = "The server refused this change.";
const GONE = "This job or checklist is no longer there.";
const NOT_ALLOWED = "You may no longer make this change.";

/**
 * What the server's answer to a replay means: a redirect or 2xx applied it (removed from the
 * phone), a 4xx refused it (kept as a conflict with the server's message), a 5xx is retried later.
 */
export function replayResult(status: number, body: unknown): ReplayResult {
  if (status === 0 || status < 400) return { kind: "applied" };
  if (status >= 500) return { kind: "retry" };
  const fallback = status === 404 ? GONE : status === 403 ? NOT_ALLOWED : REFUSED_FALLBACK;
  return { kind: "conflict", message: messageOf(body) ?? fallback };
}

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  if (typeof message === "string" && message) return message;
  if (errors && typeof errors === "object") {
    const first = typeof errors._global === "string" ? errors._global : Object.values(errors).find(Boolean);
    if (typeof first === "string") return first;
  }
  return null;
}

/** A GET's cache key: the same URL whatever order its query was written in. */
export function cacheKey(href: string): string {
  const url = new URL(href);
  url.searchParams.sort();
  url.hash = "";
  return url.href;
}

/** Signed-in pages the phone keeps for reading with no signal (their documents and `_data`). */
export function isKeptPage(pathname: string): boolean {
  return /^\/(schedule|jobs|customers|estimates|invoices)(\/|$)/.test(pathname);
}

/** The waiting list's heading: "1 change waiting to send", "3 changes waiting to send". */
export const waitingText = (count: number) => `${count} ${count === 1 ? "change" : "changes"} waiting to send`;
