import { existsSync } from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { assignedChecklists, jobs, jobSeriesChecklists, jobTimelineEvents, subscriptions } from "~/db/schema";
import { Role } from "~/access/roles";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { formDefinitionSchema } from "~/models/checklists/checklist-items";
import { createForm } from "~/models/checklists/forms.server";
import { imageMessages } from "~/models/files/file-rules";
import { jobCreateSchema, TimelineEvent } from "~/models/jobs/jobs.schema";
import { createJob, extendSeriesHorizons } from "~/models/jobs/jobs.server";
import { uploadsRoot } from "~/services/storage.server";
import { loader as jobPageLoader, action as jobPageAction } from "~/routes/_app+/jobs+/$id";
import { action as estimatePageAction } from "~/routes/_app+/estimates+/$id";
import { action as fillAction, loader as fillLoader } from "~/routes/_app+/jobs+/$id_.checklist.$checklistId";
import { action as estimateFillAction } from "~/routes/_app+/estimates+/$id_.checklist.$checklistId";
import { action as apiAssign } from "~/routes/api+/jobs+/assign-checklists";
import { action as apiRemove } from "~/routes/api+/jobs+/remove-checklist";
import { action as apiAnswer } from "~/routes/api+/jobs+/$id_.checklist.$checklistId";
import { loader as apiList } from "~/routes/api+/jobs+/$id_.checklists";
import { action as apiEstimateAssign } from "~/routes/api+/estimates+/assign-checklists";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { formPost, run } from "../jobs/fixtures";
import { checklistsFixture, type ChecklistsFixture } from "./documents-fixture";

useTestDatabase();

const NOW = new Date("2025-01-01T12:00:00Z");

const storedOnDisk = (key: string) => existsSync(path.join(uploadsRoot(), key));
const png = async (colour = "#2E3758") =>
  new File([new Uint8Array(await solidImage(64, 48, "png", colour))], "unit.png", { type: "image/png" });

/** Every item of the all-types form answered, as the fill-in screen posts it without JavaScript. */
async function allAnswered(extra: (form: FormData) => void = () => {}) {
  const form = new FormData();
  form.set("answer-chk", "on");
  form.set("answer-txt", "04512 m3");
  form.append("answer-img", await png());
  form.append("answer-img", await png("#3AC09D"));
  form.set("answer-cnd", "fair");
  form.set("answer-sig", "Grace Hopper");
  form.set("answer-yno", "yes");
  form.set("answer-lng", "Replaced the filter.");
  form.set("answer-mch", "In 6 months");
  extra(form);
  return form;
}

const row = async (id: number) => (await db.select().from(assignedChecklists).where(eq(assignedChecklists.id, id)))[0];

async function signedIn(): Promise<ChecklistsFixture & { cookie: string }> {
  const f = await checklistsFixture();
  return { ...f, cookie: await sessionCookie(f.adminId) };
}

const fill = (f: { cookie: string; jobId: number }, checklistId: number, body: FormData) =>
  run(
    fillAction,
    `/jobs/${f.jobId}/checklist/${checklistId}`,
    { method: "POST", body, cookie: f.cookie },
    { id: String(f.jobId), checklistId: String(checklistId) },
  );

const put = (f: { cookie: string; jobId: number }, checklistId: number, body: FormData) =>
  run(
    apiAnswer,
    `/api/jobs/${f.jobId}/checklist/${checklistId}`,
    { method: "PUT", body, cookie: f.cookie },
    { id: String(f.jobId), checklistId: String(checklistId) },
  );

/** A weekly series of visits (Thursdays) from 2025-01-02, materialised up to the horizon from NOW. */
async function series(f: ChecklistsFixture, count?: number) {
  const input = jobCreateSchema.parse({
    customerId: f.customerId,
    name: "Pool cleaning",
    startTime: "2025-01-02T14:00:00.000Z",
    endTime: "2025-01-02T15:00:00.000Z",
    timezone: "America/New_York",
    recurrence: { frequency: 2, interval: 1, daysOfWeek: [4], ...(count ? { count } : {}) },
  });
  const { id } = await createJob(f.admin, input, NOW);
  const [first] = await db.select({ seriesId: jobs.seriesId }).from(jobs).where(eq(jobs.id, id));
  const visits = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.seriesId, first.seriesId!))
    .orderBy(asc(jobs.seriesOccurrence));
  return { seriesId: first.seriesId!, visits: visits.map((v) => v.id) };
}

const formsOn = async (jobIds: number[]) => {
  const out: Record<number, (number | null)[]> = {};
  for (const jobId of jobIds)
    out[jobId] = (
      await db
        .select({ formId: assignedChecklists.companyChecklistId })
        .from(assignedChecklists)
        .where(eq(assignedChecklists.jobId, jobId))
    ).map((r) => r.formId);
  return out;
};

describe("assigning checklists", () => {
  it("copies the forms onto the job from the page, with a public token, and a second assign is a no-op", async () => {
    const f = await signedIn();
    const { id: jobId } = await createJob(
      f.admin,
      jobCreateSchema.parse({ customerId: f.customerId, name: "Boiler check" }),
    );
    const res = await run(
      jobPageAction,
      `/jobs/${jobId}?checklists`,
      { ...formPost({ intent: "assignChecklists", companyCheckListIds: [String(f.formId)] }), cookie: f.cookie },
      { id: String(jobId) },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/jobs/${jobId}`);
    const again = await run(
      jobPageAction,
      `/jobs/${jobId}?checklists`,
      { ...formPost({ intent: "assignChecklists", companyCheckListIds: [String(f.formId)] }), cookie: f.cookie },
      { id: String(jobId) },
    );
    expect(again.status).toBe(302);
    const rows = await db.select().from(assignedChecklists).where(eq(assignedChecklists.jobId, jobId));
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe("Safety inspection");
    expect(rows[0].items.map((i) => i.key)).toEqual(["chk", "txt", "img", "flg", "cnd", "sig", "yno", "lng", "mch"]);
    expect(rows[0].publicToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(rows[0].answers).toEqual({});
    expect(rows[0].completedAt).toBeNull();

    // The page lists it with its state and links.
    const page = await run(jobPageLoader, `/jobs/${jobId}`, { cookie: f.cookie }, { id: String(jobId) });
    const data = await page.json();
    expect(data.checklists.checklists).toEqual([
      {
        id: rows[0].id,
        companyChecklistId: rows[0].companyChecklistId,
        name: "Safety inspection",
        completed: false,
        answeredBy: null,
        publicPath: `/jobs/public-checklist/${f.companyId}/${jobId}/${rows[0].publicToken}`,
      },
    ]);
    expect(data.checklists.forms.map((o: { name: string }) => o.name)).toEqual(["Safety inspection", "Site clean-up"]);
  });

  it("asks for a form when none is chosen", async () => {
    const f = await signedIn();
    const res = await run(
      jobPageAction,
      `/jobs/${f.jobId}?checklists`,
      { ...formPost({ intent: "assignChecklists" }), cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { companyCheckListIds: "Choose at least one form" } });
  });

  it("assigns to this and the following visits of a series, and to visits made later", async () => {
    const f = await signedIn();
    const { seriesId, visits } = await series(f);
    expect(visits.length).toBeGreaterThan(4);
    const res = await run(apiAssign, "/api/jobs/assign-checklists", {
      method: "POST",
      json: { jobId: visits[1], companyCheckListIds: [f.formId], includeRecurrent: true },
      cookie: f.cookie,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.jobId).toBe(visits[1]);
    expect(body.data.checklists.map((c: { name: string }) => c.name)).toEqual(["Safety inspection"]);
    const on = await formsOn(visits);
    expect(on[visits[0]]).toEqual([]);
    for (const id of visits.slice(1)) expect(on[id]).toEqual([f.formId]);
    expect(await db.select().from(jobSeriesChecklists).where(eq(jobSeriesChecklists.seriesId, seriesId))).toEqual([
      { seriesId, companyChecklistId: f.formId, companyId: f.companyId },
    ]);

    // A later horizon makes more visits: they get the form too.
    await extendSeriesHorizons(new Date("2025-12-01T00:00:00Z"));
    const all = (
      await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.seriesOccurrence))
    ).map((r) => r.id);
    expect(all.length).toBeGreaterThan(visits.length);
    const later = await formsOn(all.slice(visits.length));
    for (const id of all.slice(visits.length)) expect(later[id]).toEqual([f.formId]);
    // Each visit's copy has its own token.
    const tokens = await db
      .select({ t: assignedChecklists.publicToken })
      .from(assignedChecklists)
      .where(eq(assignedChecklists.companyChecklistId, f.formId));
    expect(new Set(tokens.map((t) => t.t)).size).toBe(tokens.length);
  });

  it("removes from this visit only, or from this and the following (later visits no longer get it)", async () => {
    const f = await signedIn();
    const { seriesId, visits } = await series(f);
    await run(apiAssign, "/api/jobs/assign-checklists", {
      method: "POST",
      json: { jobId: visits[0], companyCheckListIds: [f.formId], includeRecurrent: true },
      cookie: f.cookie,
    });
    // This visit only, from the page.
    const [onFirst] = await db
      .select({ id: assignedChecklists.id })
      .from(assignedChecklists)
      .where(eq(assignedChecklists.jobId, visits[0]));
    const page = await run(
      jobPageAction,
      `/jobs/${visits[0]}?checklists`,
      { ...formPost({ intent: "removeChecklist", checklistId: String(onFirst.id), scope: "this" }), cookie: f.cookie },
      { id: String(visits[0]) },
    );
    expect(page.status).toBe(302);
    let on = await formsOn(visits);
    expect(on[visits[0]]).toEqual([]);
    expect(on[visits[1]]).toEqual([f.formId]);

    // This and the following, through the API.
    const res = await run(apiRemove, "/api/jobs/remove-checklist", {
      method: "POST",
      json: { jobId: visits[2], companyCheckListId: f.formId, includeRecurrent: true },
      cookie: f.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { jobId: visits[2], companyCheckListId: f.formId } });
    on = await formsOn(visits);
    expect(on[visits[1]]).toEqual([f.formId]);
    for (const id of visits.slice(2)) expect(on[id]).toEqual([]);
    expect(await db.select().from(jobSeriesChecklists).where(eq(jobSeriesChecklists.seriesId, seriesId))).toEqual([]);
    await extendSeriesHorizons(new Date("2025-12-01T00:00:00Z"));
    const later = await db
      .select({ id: assignedChecklists.id })
      .from(assignedChecklists)
      .innerJoin(jobs, eq(jobs.id, assignedChecklists.jobId))
      .where(eq(jobs.seriesId, seriesId));
    expect(later).toHaveLength(1);

    // Not on the job any more: 404.
    const gone = await run(apiRemove, "/api/jobs/remove-checklist", {
      method: "POST",
      json: { jobId: visits[2], companyCheckListId: f.formId },
      cookie: f.cookie,
    });
    expect(gone.status).toBe(404);
  });

  it("assigns to an estimate from its page and through the API", async () => {
    const f = await signedIn();
    const res = await run(apiEstimateAssign, "/api/estimates/assign-checklists", {
      method: "POST",
      json: { estimateId: f.estimateId, companyCheckListIds: [f.formId, f.jobOther.companyChecklistId] },
      cookie: f.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.checklists.map((c: { name: string }) => c.name)).toEqual([
      "Safety inspection",
      "Site clean-up",
    ]);
    const page = await run(
      estimatePageAction,
      `/estimates/${f.estimateId}?checklists`,
      {
        ...formPost({ intent: "removeChecklist", checklistId: String(f.estimateChecklist.id) }),
        cookie: f.cookie,
      },
      { id: String(f.estimateId) },
    );
    expect(page.status).toBe(302);
    expect(
      (await db.select().from(assignedChecklists).where(eq(assignedChecklists.estimateId, f.estimateId))).map(
        (r) => r.name,
      ),
    ).toEqual(["Site clean-up"]);
  });
});

describe("filling in a checklist", () => {
  it("refuses missing required answers with the exact messages and keeps the typed values", async () => {
    const f = await signedIn();
    const form = new FormData();
    form.set("answer-txt", "x".repeat(61));
    form.set("answer-lng", "Half done");
    form.set("answer-cnd", "broken");
    const res = await fill(f, f.jobChecklist.id, form);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({
      "answer-chk": "Gas valve closed is required",
      "answer-txt": "Meter reading is too long - should be 60 chars maximum",
      "answer-cnd": "Filter condition is required",
      "answer-sig": "Customer signature is required",
      "answer-yno": "Customer present is required",
      "answer-mch": "Next visit is required",
    });
    expect(body.values["answer-lng"]).toBe("Half done");
    expect(body.values["answer-txt"]).toBe("x".repeat(61));
    expect((await row(f.jobChecklist.id)).answers).toEqual({});
  });

  it("saves every item type from the screen, completes the checklist and records it on the timeline once", async () => {
    const f = await signedIn();
    const res = await fill(f, f.jobChecklist.id, await allAnswered());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/jobs/${f.jobId}`);
    const saved = await row(f.jobChecklist.id);
    expect(saved.completedAt).not.toBeNull();
    expect(saved.answeredByUserId).toBe(f.adminId);
    expect(saved.answeredByCustomer).toBe(false);
    const { img, sig, ...typed } = saved.answers;
    expect(typed).toEqual({
      chk: { value: true },
      txt: { value: "04512 m3" },
      flg: { value: false },
      cnd: { value: "fair" },
      yno: { value: "yes" },
      lng: { value: "Replaced the filter." },
      mch: { value: "In 6 months" },
    });
    expect(img.files).toHaveLength(2);
    expect(sig.files).toHaveLength(1);
    for (const file of [...img.files!, ...sig.files!]) {
      expect(file.fileUrl).toBe(`/files/${file.storageKey}`);
      expect(storedOnDisk(file.storageKey)).toBe(true);
    }
    expect(img.files![0].storageKey).toMatch(new RegExp(`^${f.companyId}/checklists/[A-Za-z0-9_-]+\\.png$`));

    // Saving again keeps it complete without a second timeline entry; a removed photo is deleted.
    const removed = img.files![0];
    const again = await allAnswered((form) => {
      form.delete("answer-img");
      form.delete("answer-sig");
      form.set("remove-img", removed.fileUrl);
    });
    expect((await fill(f, f.jobChecklist.id, again)).status).toBe(302);
    const second = await row(f.jobChecklist.id);
    expect(second.answers.img.files!.map((x) => x.fileUrl)).toEqual([img.files![1].fileUrl]);
    expect(second.answers.sig.files).toEqual(sig.files);
    expect(storedOnDisk(removed.storageKey)).toBe(false);
    const events = await db
      .select({ type: jobTimelineEvents.type, actor: jobTimelineEvents.actorUserId, reason: jobTimelineEvents.reason })
      .from(jobTimelineEvents)
      .where(and(eq(jobTimelineEvents.jobId, f.jobId), eq(jobTimelineEvents.type, TimelineEvent.ChecklistCompleted)));
    expect(events).toEqual([{ type: 23, actor: f.adminId, reason: "Safety inspection" }]);

    // The fill-in screen shows the stored answers.
    const screen = await run(
      fillLoader,
      `/jobs/${f.jobId}/checklist/${f.jobChecklist.id}`,
      { cookie: f.cookie },
      { id: String(f.jobId), checklistId: String(f.jobChecklist.id) },
    );
    const data = await screen.json();
    expect(data.checklist.completed).toBe(true);
    expect(data.checklist.answeredBy).toBe("Ada Admin");
    expect(data.record).toEqual({ path: `/jobs/${f.jobId}`, title: "Furnace service" });
  });

  it("answers through the API (multipart with photos and a drawn signature) and deletes the files on removal", async () => {
    const f = await signedIn();
    const drawn = `data:image/png;base64,${(await solidImage(120, 60, "png", "#111111")).toString("base64")}`;
    const res = await put(
      f,
      f.jobChecklist.id,
      await allAnswered((form) => {
        form.delete("answer-sig");
        form.set("answer-sig", drawn);
      }),
    );
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.isCompleted).toBe(true);
    expect(data.answers.chk).toEqual({ value: true });
    expect(data.answers.img.files).toHaveLength(2);
    expect(Object.keys(data.answers.img.files[0]).sort()).toEqual(["fileName", "fileUrl", "sizeBytes"]);
    expect(data.answers.sig.files[0].fileUrl).toMatch(new RegExp(`^/files/${f.companyId}/signatures/`));

    const list = await run(apiList, `/api/jobs/${f.jobId}/checklists`, { cookie: f.cookie }, { id: String(f.jobId) });
    expect((await list.json()).data.map((c: { id: number; isCompleted: boolean }) => [c.id, c.isCompleted])).toEqual([
      [f.jobChecklist.id, true],
      [f.jobOther.id, false],
    ]);

    const keys = Object.values((await row(f.jobChecklist.id)).answers).flatMap((a) =>
      (a.files ?? []).map((x) => x.storageKey),
    );
    expect(keys).toHaveLength(3);
    const removed = await run(apiRemove, "/api/jobs/remove-checklist", {
      method: "POST",
      json: { jobId: f.jobId, companyCheckListId: f.formId },
      cookie: f.cookie,
    });
    expect(removed.status).toBe(200);
    for (const key of keys) expect(storedOnDisk(key)).toBe(false);
  });

  it("refuses a file that is not an image on its item, and stores nothing of that post", async () => {
    const f = await signedIn();
    const form = await allAnswered((x) =>
      x.append("answer-img", new File([Buffer.from("%PDF-1.4\n%âãÏÓ\n")], "photo.png", { type: "image/png" })),
    );
    const res = await put(f, f.jobChecklist.id, form);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { "answer-img": imageMessages.editorTypes } });
    expect((await row(f.jobChecklist.id)).answers).toEqual({});
  });

  it("fills an estimate's checklist from its screen (no timeline of jobs)", async () => {
    const f = await signedIn();
    const res = await run(
      estimateFillAction,
      `/estimates/${f.estimateId}/checklist/${f.estimateChecklist.id}`,
      { method: "POST", body: await allAnswered(), cookie: f.cookie },
      { id: String(f.estimateId), checklistId: String(f.estimateChecklist.id) },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/estimates/${f.estimateId}`);
    expect((await row(f.estimateChecklist.id)).completedAt).not.toBeNull();
  });
});

describe("tenancy and the plan", () => {
  it("answers 404 for another company's job and checklist", async () => {
    const f = await signedIn();
    const other = await createTestCompany();
    const otherCookie = await sessionCookie(other.userId);
    const screen = await run(
      fillLoader,
      `/jobs/${f.jobId}/checklist/${f.jobChecklist.id}`,
      { cookie: otherCookie },
      { id: String(f.jobId), checklistId: String(f.jobChecklist.id) },
    );
    expect(screen.status).toBe(404);
    expect((await put({ cookie: otherCookie, jobId: f.jobId }, f.jobChecklist.id, await allAnswered())).status).toBe(
      404,
    );
    // The estimate's checklist is not the job's.
    expect((await put(f, f.estimateChecklist.id, await allAnswered())).status).toBe(404);
    expect((await row(f.jobChecklist.id)).answers).toEqual({});
  });

  it("refuses every checklist call and hides the section without the forms and checklists feature", async () => {
    const f = await signedIn();
    await db
      .update(subscriptions)
      .set({ planId: await planIdByPriceId(db, "price_starter_monthly") })
      .where(eq(subscriptions.companyId, f.companyId));
    const screen = await run(
      fillLoader,
      `/jobs/${f.jobId}/checklist/${f.jobChecklist.id}`,
      { cookie: f.cookie },
      { id: String(f.jobId), checklistId: String(f.jobChecklist.id) },
    );
    expect(screen.status).toBe(403);
    expect((await put(f, f.jobChecklist.id, await allAnswered())).status).toBe(403);
    const assign = await run(apiAssign, "/api/jobs/assign-checklists", {
      method: "POST",
      json: { jobId: f.jobId, companyCheckListIds: [f.formId] },
      cookie: f.cookie,
    });
    expect(assign.status).toBe(403);
    expect(await assign.json()).toEqual({ message: "You do not have permission to access." });
    const page = await run(jobPageLoader, `/jobs/${f.jobId}`, { cookie: f.cookie }, { id: String(f.jobId) });
    expect((await page.json()).checklists).toBeNull();
    const post = await run(
      jobPageAction,
      `/jobs/${f.jobId}?checklists`,
      { ...formPost({ intent: "assignChecklists", companyCheckListIds: [String(f.formId)] }), cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(post.status).toBe(404);
  });

  it("a new form of the company is offered, another company's is not", async () => {
    const f = await signedIn();
    const other = await createTestCompany();
    await createForm(
      { companyId: other.companyId, userId: other.userId, role: Role.CompanyAdmin },
      formDefinitionSchema.parse({ name: "Foreign", items: [{ type: 0, label: "A", required: false }] }),
    );
    const page = await run(jobPageLoader, `/jobs/${f.jobId}`, { cookie: f.cookie }, { id: String(f.jobId) });
    expect((await page.json()).checklists.forms.map((o: { name: string }) => o.name)).toEqual([
      "Safety inspection",
      "Site clean-up",
    ]);
  });
});
