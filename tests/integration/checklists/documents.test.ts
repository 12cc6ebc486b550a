import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { assignedChecklists, jobTimelineEvents, outboxMessages } from "~/db/schema";
import { answerText } from "~/models/checklists/checklist-items";
import { TimelineEvent } from "~/models/jobs/jobs.schema";
import { action as publicFormAction } from "~/routes/_public+/company-public-forms.$companyId.$entityType.$entityId.form.$formId";
import { loader as jobChecklistPdf } from "~/routes/api+/jobs+/$id_.checklist.$checklistId_.pdf";
import { loader as jobChecklistsPdf } from "~/routes/api+/jobs+/$id_.checklists.pdf";
import { loader as jobChecklistsSend } from "~/routes/api+/jobs+/$id_.checklists.send";
import { loader as jobChecklistSend } from "~/routes/api+/jobs+/$id_.checklist.$checklistId_.send";
import { loader as estimateChecklistsPdf } from "~/routes/api+/estimates+/$id_.checklists.pdf";
import { loader as estimateChecklistSend } from "~/routes/api+/estimates+/$id_.checklist.$checklistId_.send";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { poppler } from "../../helpers/pdf";
import { run } from "../jobs/fixtures";
import { ALL_TYPES_FORM, checklistsFixture, fillAllTypes, type ChecklistsFixture } from "./documents-fixture";

useTestDatabase();

const outbox = (companyId: number) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.companyId, companyId)).orderBy(outboxMessages.id);

async function pdfOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return Buffer.from(await res.arrayBuffer());
}

/** pdftotext's words on one line each: a label and its answer may wrap apart, never break inside a word. */
const words = (text: string) => text.replace(/\s+/g, " ");

async function filled(): Promise<ChecklistsFixture & { cookie: string }> {
  const f = await checklistsFixture();
  await fillAllTypes(f.companyId, f.jobChecklist.id, f.adminId);
  return { ...f, cookie: await sessionCookie(f.adminId) };
}

describe("checklist PDFs", () => {
  it("prints the company, the job, the customer and every item's label and answer, with the photos and signature", async () => {
    const f = await filled();
    const res = await run(
      jobChecklistPdf,
      `/api/jobs/${f.jobId}/checklist/${f.jobChecklist.id}/pdf`,
      { cookie: f.cookie },
      { id: String(f.jobId), checklistId: String(f.jobChecklist.id) },
    );
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="job-${f.jobId}-safety-inspection.pdf"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const pdf = await pdfOf(res);
    const text = words(poppler(pdf, "pdftotext", ["-layout"]));
    for (const expected of [
      "Checklist",
      "CUSTOMER",
      "Grace Hopper",
      "1 Main St, Springfield",
      "Job: Furnace service",
      "Safety inspection (completed)",
    ])
      expect(text).toContain(expected);
    const [row] = await db.select().from(assignedChecklists).where(eq(assignedChecklists.id, f.jobChecklist.id));
    for (const item of row.items) {
      expect(text).toContain(item.label);
      const answer = answerText(item, row.answers[item.key]);
      expect(answer).not.toBe("");
      for (const line of answer.split("\n")) expect(text).toContain(line);
    }
    expect(text).toContain("Checked");
    expect(text).toContain("Not flagged");
    expect(text).toContain("Fair");
    expect(text).toContain("2 images");
    expect(text).toContain("Signed");
    // Two photos and the typed signature drawn as images.
    const images = poppler(pdf, "pdfimages", ["-list"]).trim().split("\n").slice(2);
    expect(images.filter((l) => / image /.test(l))).toHaveLength(3);
    // The first page as a PNG in $TMPDIR/checklist-pdf, to look at by eye.
    const dir = path.join(os.tmpdir(), "checklist-pdf");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "checklist.pdf"), pdf);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      "-f",
      "1",
      "-l",
      "1",
      path.join(dir, "checklist.pdf"),
      path.join(dir, "page"),
    ]);
  });

  it("prints every checklist of a job in one PDF, an unanswered item as 'No answer'", async () => {
    const f = await filled();
    const res = await run(
      jobChecklistsPdf,
      `/api/jobs/${f.jobId}/checklists/pdf`,
      { cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="job-${f.jobId}-checklists.pdf"`);
    const text = words(poppler(await pdfOf(res), "pdftotext", ["-layout"]));
    expect(text).toContain("Checklists");
    expect(text).toContain("Safety inspection (completed)");
    expect(text).toContain("Site clean-up (not completed)");
    expect(text).toContain("Floor swept Not checked");
  });

  it("prints an estimate's checklists with the estimate's title", async () => {
    const f = await filled();
    const res = await run(
      estimateChecklistsPdf,
      `/api/estimates/${f.estimateId}/checklists/pdf`,
      { cookie: f.cookie },
      { id: String(f.estimateId) },
    );
    const text = words(poppler(await pdfOf(res), "pdftotext", ["-layout"]));
    expect(text).toContain("Estimate: New boiler");
    expect(text).toContain("Safety inspection (not completed)");
    for (const item of ALL_TYPES_FORM.items) expect(text).toContain(item.label);
    expect(text).toContain("No answer");
  });
});

describe("sending checklists", () => {
  it("puts one email in the outbox per request, to the typed address, with each checklist's public link", async () => {
    const f = await filled();
    const res = await run(
      jobChecklistsSend,
      `/api/jobs/${f.jobId}/checklists/send?email=Office@Example.com`,
      { cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { email: string; checklists: number; links: string[] } };
    expect(body.data).toMatchObject({ email: "office@example.com", checklists: 2 });
    const sent = await outbox(f.companyId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: "email",
      to: "office@example.com",
      subject: "Checklists: Furnace service",
      customerId: f.customerId,
      jobId: f.jobId,
    });
    const publicPath = (token: string) => `/jobs/public-checklist/${f.companyId}/${f.jobId}/${token}`;
    expect(sent[0].body).toContain(`Safety inspection (completed): `);
    expect(sent[0].body).toContain(publicPath(f.jobChecklist.publicToken));
    expect(sent[0].body).toContain(`Site clean-up (not completed): `);
    expect(sent[0].body).toContain(publicPath(f.jobOther.publicToken));
    expect(sent[0].body).toContain("shares the checklists of Furnace service at 1 Main St, Springfield.");
    expect(sent[0].html).toContain(publicPath(f.jobChecklist.publicToken));
    expect(body.data.links.map((l) => new URL(l).pathname)).toEqual([
      publicPath(f.jobChecklist.publicToken),
      publicPath(f.jobOther.publicToken),
    ]);
    // A second request is a second send; a repeated request token is not.
    await run(
      jobChecklistsSend,
      `/api/jobs/${f.jobId}/checklists/send?email=office@example.com&requestToken=send-token-0001`,
      { cookie: f.cookie },
      { id: String(f.jobId) },
    );
    await run(
      jobChecklistsSend,
      `/api/jobs/${f.jobId}/checklists/send?email=office@example.com&requestToken=send-token-0001`,
      { cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(await outbox(f.companyId)).toHaveLength(2);
  });

  it("sends one checklist to the customer's email when no address is given", async () => {
    const f = await filled();
    const res = await run(
      estimateChecklistSend,
      `/api/estimates/${f.estimateId}/checklist/${f.estimateChecklist.id}/send`,
      { cookie: f.cookie },
      { id: String(f.estimateId), checklistId: String(f.estimateChecklist.id) },
    );
    expect(res.status).toBe(200);
    const sent = await outbox(f.companyId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "grace@example.com", subject: "Safety inspection: New boiler", jobId: null });
    expect(sent[0].body).toContain(
      `/estimates/public-checklist/${f.companyId}/${f.estimateId}/${f.estimateChecklist.publicToken}`,
    );
    expect(sent[0].body).toContain("shares a checklist of New boiler");
  });

  it("refuses a bad address with the catalogue's message and sends nothing", async () => {
    const f = await filled();
    const res = await run(
      jobChecklistSend,
      `/api/jobs/${f.jobId}/checklist/${f.jobChecklist.id}/send?email=not-an-email`,
      { cookie: f.cookie },
      { id: String(f.jobId), checklistId: String(f.jobChecklist.id) },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { email: "Incorrect email format" } });
    expect(await outbox(f.companyId)).toHaveLength(0);
  });
});

describe("tenancy and visibility", () => {
  it("answers 404 for another company's job, another record's checklist and a field tech's unassigned job", async () => {
    const f = await filled();
    const other = await createTestCompany();
    const stranger = await sessionCookie(other.userId);
    const tech = await sessionCookie(f.techId);
    const pdfPath = `/api/jobs/${f.jobId}/checklist/${f.jobChecklist.id}/pdf`;
    const params = { id: String(f.jobId), checklistId: String(f.jobChecklist.id) };
    for (const cookie of [stranger, tech]) {
      expect((await run(jobChecklistPdf, pdfPath, { cookie }, params)).status).toBe(404);
      expect((await run(jobChecklistsPdf, `/api/jobs/${f.jobId}/checklists/pdf`, { cookie }, params)).status).toBe(404);
      const send = await run(
        jobChecklistsSend,
        `/api/jobs/${f.jobId}/checklists/send?email=a@example.com`,
        { cookie },
        params,
      );
      expect(send.status).toBe(404);
      expect(await send.json()).toMatchObject({ exceptionType: "not_found" });
    }
    // The estimate's checklist named under the job.
    const crossed = await run(
      jobChecklistPdf,
      `/api/jobs/${f.jobId}/checklist/${f.estimateChecklist.id}/pdf`,
      { cookie: f.cookie },
      { id: String(f.jobId), checklistId: String(f.estimateChecklist.id) },
    );
    expect(crossed.status).toBe(404);
    expect(await outbox(f.companyId)).toHaveLength(0);
    expect(await outbox(other.companyId)).toHaveLength(0);
  });
});

describe("the customer's public form", () => {
  const formPath = (f: ChecklistsFixture, token: string) =>
    `/company-public-forms/${f.companyId}/job/${f.jobId}/form/${token}`;
  const params = (f: ChecklistsFixture, token: string) => ({
    companyId: String(f.companyId),
    entityType: "job",
    entityId: String(f.jobId),
    formId: token,
  });
  const post = (f: ChecklistsFixture, token: string, body: FormData) =>
    run(publicFormAction, formPath(f, token), { method: "POST", body }, params(f, token));

  it("saves the answers as the customer's, completes the checklist and notes it on the job", async () => {
    const f = await checklistsFixture();
    const body = new FormData();
    body.set("answer-chk", "on");
    body.set("answer-txt", "12 m3");
    body.set("answer-cnd", "good");
    body.set("answer-sig", "Grace Hopper");
    body.set("answer-yno", "no");
    body.set("answer-mch", "In 3 months");
    const res = await post(f, f.jobChecklist.publicToken, body);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${formPath(f, f.jobChecklist.publicToken)}?thanks`);
    const [row] = await db.select().from(assignedChecklists).where(eq(assignedChecklists.id, f.jobChecklist.id));
    expect(row).toMatchObject({ answeredByCustomer: true, answeredByUserId: null });
    expect(row.completedAt).not.toBeNull();
    expect(row.answers.sig.files).toHaveLength(1);
    const events = await db.select().from(jobTimelineEvents).where(eq(jobTimelineEvents.jobId, f.jobId));
    expect(events.filter((e) => e.type === TimelineEvent.ChecklistCompleted)).toHaveLength(1);
    // Completed: a second post changes nothing.
    const again = new FormData();
    again.set("answer-txt", "99 m3");
    expect((await post(f, f.jobChecklist.publicToken, again)).status).toBe(409);
    const [after] = await db.select().from(assignedChecklists).where(eq(assignedChecklists.id, f.jobChecklist.id));
    expect(after.answers).toEqual(row.answers);
  });

  it("is rate limited per form", async () => {
    const f = await checklistsFixture();
    const token = f.jobOther.publicToken;
    for (let i = 0; i < 30; i++) expect((await post(f, token, new FormData())).status).toBe(422);
    const limited = await post(f, token, new FormData());
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { errors: { _global: string } }).errors._global).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});
