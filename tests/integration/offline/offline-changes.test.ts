// Changes kept on a phone with no signal and replayed with their Offline-Change-Key (docs/decisions/075):
// each key applies once per company and user, a refusal is kept and answered again, and two replays
// at the same moment apply the change once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobTimelineEvents, offlineChanges } from "~/db/schema";
import { MAYBE_NOT_SAVED } from "~/http/offline-change.server";
import { action as detailsAction } from "~/routes/_app+/jobs+/$id";
import { action as newAction } from "~/routes/_app+/jobs+/new";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const KEY = "0b6f3c1e-5d2a-4c1b-9e7f-2a3b4c5d6e7f";
const OTHER_KEY = "6f1d2e3c-4b5a-4978-8a6b-5c4d3e2f1a0b";

async function newJob(f: JobsFixture) {
  const saved = await run(newAction, `/jobs/new?customerId=${f.customerId}`, {
    cookie: await sessionCookie(f.adminId),
    ...formPost({
      intent: "save",
      customerId: String(f.customerId),
      name: "Furnace check",
      "lineItems[0].name": "Check",
      "lineItems[0].unitPrice": "90",
      startTime: "2030-03-10T09:00",
      endTime: "2030-03-10T10:00",
      employeeIds: [String(f.techId)],
    }),
  });
  expect(saved.status).toBe(302);
  return saved.headers.get("Location")!.split("/").pop()!;
}

/** A status change from the job page, as the service worker replays it. */
const replay = (id: string, cookie: string, key: string | null, status: string) =>
  run(
    detailsAction,
    `/jobs/${id}`,
    {
      cookie,
      ...formPost({ intent: "status", status }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(key === null ? {} : { "Offline-Change-Key": key }),
      },
    },
    { id },
  );

const movesTo = async (id: string, status: number) =>
  (
    await db
      .select({ id: jobTimelineEvents.id })
      .from(jobTimelineEvents)
      .where(and(eq(jobTimelineEvents.jobId, Number(id)), eq(jobTimelineEvents.toStatus, status)))
  ).length;

/** The kept changes of this key in the fixture's company (one database serves the whole file). */
const keptRows = (f: JobsFixture, key: string) =>
  db
    .select({ userId: offlineChanges.userId, state: offlineChanges.state, path: offlineChanges.path })
    .from(offlineChanges)
    .where(and(eq(offlineChanges.companyId, f.companyId), eq(offlineChanges.key, key)));

describe("a change replayed with its Offline-Change-Key", () => {
  it("applies once: the second post of the same key answers the first redirect without running again", async () => {
    const f = await jobsFixture();
    const id = await newJob(f);
    const cookie = await sessionCookie(f.techId);
    const first = await replay(id, cookie, KEY, "2");
    const second = await replay(id, cookie, KEY, "2");
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await movesTo(id, 2)).toBe(1);
    expect(await keptRows(f, KEY)).toEqual([{ userId: f.techId, state: "applied", path: `/jobs/${id}` }]);
  });

  it("keeps a refusal and answers it again as 409 with the server's message", async () => {
    const f = await jobsFixture();
    const id = await newJob(f);
    const cookie = await sessionCookie(f.techId);
    const plain = await replay(id, cookie, null, "5");
    expect(plain.status).toBe(400);
    const { errors } = (await plain.json()) as { errors: Record<string, string> };
    const message = Object.values(errors)[0];
    expect(message).toBeTruthy();

    const refused = await replay(id, cookie, KEY, "5");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message });
    // The job moved on since: the same key still answers the kept refusal, and nothing is applied.
    expect((await replay(id, cookie, null, "2")).status).toBe(302);
    const again = await replay(id, cookie, KEY, "5");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message });
    expect(await movesTo(id, 5)).toBe(0);
    expect(await keptRows(f, KEY)).toEqual([{ userId: f.techId, state: "refused", path: `/jobs/${id}` }]);
  });

  it("keeps keys per user: another user's change with the same key is its own", async () => {
    const f = await jobsFixture();
    const id = await newJob(f);
    expect((await replay(id, await sessionCookie(f.techId), KEY, "2")).status).toBe(302);
    expect((await replay(id, await sessionCookie(f.adminId), KEY, "3")).status).toBe(302);
    expect(await movesTo(id, 2)).toBe(1);
    expect(await movesTo(id, 3)).toBe(1);
    expect((await keptRows(f, KEY)).map((r) => r.userId).sort()).toEqual([f.adminId, f.techId].sort());
  });

  it("applies once when two replays of the same key arrive together", async () => {
    const f = await jobsFixture();
    const id = await newJob(f);
    const cookie = await sessionCookie(f.techId);
    const answers = await Promise.all([replay(id, cookie, OTHER_KEY, "2"), replay(id, cookie, OTHER_KEY, "2")]);
    const statuses = answers.map((a) => a.status).sort();
    // The one that lost the claim sees the change finished (302) or still applying (409).
    expect(statuses[0]).toBe(302);
    expect([302, 409]).toContain(statuses[1]);
    const busy = answers.find((a) => a.status === 409);
    if (busy) expect(await busy.json()).toEqual({ message: MAYBE_NOT_SAVED });
    expect(await movesTo(id, 2)).toBe(1);
    expect(await keptRows(f, OTHER_KEY)).toHaveLength(1);
  });

  it("answers a claimed change that never finished (a crash) with 409, and a key that is no UUID with 400", async () => {
    const f = await jobsFixture();
    const id = await newJob(f);
    const cookie = await sessionCookie(f.techId);
    await db.insert(offlineChanges).values({ companyId: f.companyId, userId: f.techId, key: KEY, path: `/jobs/${id}` });
    const busy = await replay(id, cookie, KEY, "2");
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({ message: MAYBE_NOT_SAVED });
    const bad = await replay(id, cookie, "not-a-uuid", "2");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Offline-Change-Key must be a UUID" });
    expect(await movesTo(id, 2)).toBe(0);
  });
});
