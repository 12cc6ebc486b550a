import { describe, expect, it } from "vitest";
import {
  byReplayOrder,
  cacheKey,
  describeChange,
  isCardPayment,
  isKeptPage,
  nextToSend,
  queueableJobId,
  replayResult,
  waitingText,
  type KeptField,
  type QueuedChange,
} from "~/sw/queue";

const change = (
  key: string,
  createdAt: number,
  seq: number,
  state: QueuedChange["state"] = "waiting",
): QueuedChange => ({
  key,
  url: "/jobs/1",
  encoding: "urlencoded",
  fields: [],
  jobId: 1,
  description: "Change",
  createdAt,
  seq,
  state,
});
const text = (entries: Record<string, string>): KeptField[] =>
  Object.entries(entries).map(([name, value]) => ({ name, value }));
const url = (path: string) => new URL(path, "http://localhost");

describe("the offline queue's order", () => {
  it("sends the oldest waiting change first, the order kept within one millisecond, conflicts skipped", () => {
    const kept = [change("c", 2000, 3), change("b", 1000, 2), change("a", 1000, 1, "conflict"), change("d", 1000, 4)];
    expect(nextToSend(kept)?.key).toBe("b");
    expect([...kept].sort(byReplayOrder).map((c) => c.key)).toEqual(["a", "b", "d", "c"]);
    expect(nextToSend([change("a", 1, 1, "conflict")])).toBeNull();
    expect(nextToSend([])).toBeNull();
  });
});

describe("what the phone keeps", () => {
  it("keeps posts to a job's page and its checklist pages, naming the job", () => {
    expect(queueableJobId("/jobs/42")).toBe(42);
    expect(queueableJobId("/jobs/42/checklist/7")).toBe(42);
    expect(queueableJobId("/jobs/new")).toBeNull();
    expect(queueableJobId("/jobs/42/edit")).toBeNull();
    expect(queueableJobId("/api/jobs/42")).toBeNull();
    expect(queueableJobId("/estimates/42")).toBeNull();
  });

  it("never keeps a card payment", () => {
    expect(isCardPayment(url("/api/jobs/4/pay-online"), [])).toBe(true);
    expect(isCardPayment(url("/jobs/4"), text({ intent: "payOnline" }))).toBe(true);
    expect(isCardPayment(url("/jobs/4"), text({ intent: "stripeCheckout" }))).toBe(true);
    expect(isCardPayment(url("/jobs/4"), text({ intent: "pay", note: "Cash" }))).toBe(false);
    expect(isCardPayment(url("/jobs/4"), text({ intent: "status", status: "4" }))).toBe(false);
  });

  it("describes each change for the waiting list", () => {
    expect(describeChange(url("/jobs/4"), text({ intent: "status", status: "4" }))).toBe("Status: Finished");
    expect(describeChange(url("/jobs/4"), text({ intent: "notes", privateNotes: "x" }))).toBe("Notes");
    expect(describeChange(url("/jobs/4"), text({ intent: "sign", name: "Ada" }))).toBe("Signature");
    expect(describeChange(url("/jobs/4"), text({ intent: "pay" }))).toBe("Payment note");
    expect(describeChange(url("/jobs/4/checklist/9"), text({ "answers.a": "x" }))).toBe("Checklist");
    const photo = (name: string): KeptField => ({ name: "files", file: new Blob(["x"]), fileName: name });
    expect(describeChange(url("/jobs/4?upload=currentState"), [photo("a.jpg")])).toBe("Photo");
    expect(describeChange(url("/jobs/4?upload=currentState"), [photo("a.jpg"), photo("b.jpg")])).toBe("Photos (2)");
    expect(waitingText(1)).toBe("1 change waiting to send");
    expect(waitingText(3)).toBe("3 changes waiting to send");
  });
});

describe("a replay's answer", () => {
  it("applies on 2xx, 3xx and Remix's 204 redirect, refuses on 4xx with the server's message, retries on 5xx", () => {
    expect(replayResult(204, null)).toEqual({ kind: "applied" });
    expect(replayResult(0, null)).toEqual({ kind: "applied" }); // an opaque redirect of a plain form post
    expect(replayResult(409, { message: "This job was cancelled." })).toEqual({
      kind: "conflict",
      message: "This job was cancelled.",
    });
    expect(replayResult(400, { errors: { status: "Pick a status", _global: "Changed while you were away." } })).toEqual(
      {
        kind: "conflict",
        message: "Changed while you were away.",
      },
    );
    expect(replayResult(400, { errors: { status: "Pick a status" } })).toEqual({
      kind: "conflict",
      message: "Pick a status",
    });
    expect(replayResult(404, null)).toEqual({ kind: "conflict", message: "This job or checklist is no longer there." });
    expect(replayResult(422, null)).toEqual({ kind: "conflict", message: "The server refused this change." });
    expect(replayResult(503, null)).toEqual({ kind: "retry" });
  });
});

describe("the page cache", () => {
  it("finds a page whatever order its query was written in", () => {
    expect(cacheKey("http://h/schedule?view=agenda&_data=routes%2Fx")).toBe(
      cacheKey("http://h/schedule?_data=routes%2Fx&view=agenda"),
    );
    expect(cacheKey("http://h/jobs/1#top")).toBe("http://h/jobs/1");
  });

  it("keeps signed-in pages of the field, never the API, sign-in or public pages", () => {
    expect(isKeptPage("/schedule")).toBe(true);
    expect(isKeptPage("/jobs/5")).toBe(true);
    expect(isKeptPage("/customers/5")).toBe(true);
    expect(isKeptPage("/api/offline/visits")).toBe(false);
    expect(isKeptPage("/login")).toBe(false);
    expect(isKeptPage("/service-visit-details/abc")).toBe(false);
    expect(isKeptPage("/jobsite")).toBe(false);
  });
});
