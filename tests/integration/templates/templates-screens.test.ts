// The template screens without JavaScript: the form posts, comes back with exact errors and its
// values, adds lines by intent, saves, edits, takes files and deletes; the list searches and
// pages; a new job and a new estimate start from a template (?templateId=) and keep it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimates, jobAttachments, jobLineItems, jobs, jobTags, templates } from "~/db/schema";
import { getTemplate } from "~/models/templates/templates.server";
import { action as newAction, loader as newLoader } from "~/routes/_app+/templates+/$entityType.new";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/templates+/$id";
import { loader as listLoader } from "~/routes/_app+/templates+/_index";
import { action as newJobAction, loader as newJobLoader } from "~/routes/_app+/jobs+/new";
import { action as newEstimateAction, loader as newEstimateLoader } from "~/routes/_app+/estimates+/new";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, run } from "../jobs/fixtures";
import { templatesFixture, templateUploadForm, type TemplatesFixture } from "./fixtures";

process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "templates-screens-"));

useTestDatabase();

const postNew = (cookie: string, type: string, fields: Record<string, string | string[]>) =>
  run(newAction, `/templates/${type}/new`, { cookie, ...formPost(fields) }, { entityType: type });

async function newJobTemplate(f: TemplatesFixture, cookie: string) {
  const saved = await postNew(cookie, "job", {
    intent: "save",
    name: "Furnace tune-up",
    description: "Annual check",
    message: "See you soon",
    privateNotes: "Gate code 1234",
    taxRate: "8.25",
    discount: "10",
    "lineItems[0].name": "Tune-up",
    "lineItems[0].unitPrice": "120",
    "lineItems[0].isTaxable": "on",
    "lineItems[1].name": "Filter",
    "lineItems[1].unitPrice": "15.50",
    "lineItems[1].quantity": "2",
    "lineItems[1].cost": "6",
    tags: String(f.jobTagId),
    companyCheckListIds: [String(f.formIds[1])],
  });
  expect(saved.status).toBe(302);
  return Number(saved.headers.get("Location")!.split("/").pop());
}

describe("template screens without JavaScript", () => {
  it("adds a line by intent, refuses with exact messages and values kept, then creates", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const loaded = await run(newLoader, "/templates/job/new", { cookie }, { entityType: "job" });
    expect(loaded.status).toBe(200);
    const options = (await loaded.json()) as any;
    expect(options.noun).toBe("Job");
    expect(options.tagOptions).toEqual([{ value: f.jobTagId, label: "Urgent" }]);
    expect(options.checklistOptions.map((c: any) => c.label)).toEqual(["Arrival", "Safety"]);

    const added = await postNew(cookie, "job", { intent: "addLine", name: "Kept", "lineItems[0].name": "A" });
    expect(added.status).toBe(200);
    expect(((await added.json()) as any).values.lineItems).toHaveLength(2);

    const invalid = await postNew(cookie, "job", {
      intent: "save",
      name: "",
      privateNotes: "keep me",
      taxRate: "101",
      "lineItems[0].name": "A",
      "lineItems[0].unitPrice": "abc",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      errors: {
        name: "Name is required",
        taxRate: "Tax rate must be less than or equal to 100",
        "lineItems.0.unitPrice": "Unit price must be a number",
      },
      values: { privateNotes: "keep me", name: "" },
    });

    const id = await newJobTemplate(f, cookie);
    const template = (await getTemplate(f.admin, id))!;
    expect(template).toMatchObject({
      entityType: 0,
      name: "Furnace tune-up",
      description: "Annual check",
      message: "See you soon",
      privateNotes: "Gate code 1234",
      taxRate: 825,
      discountCents: 1000,
      tags: [{ id: f.jobTagId, name: "Urgent" }],
      checklists: [{ id: f.formIds[1], name: "Arrival" }],
    });
    expect(template.lineItems.map((l) => [l.name, l.quantity, l.unitPriceCents, l.costCents, l.isTaxable])).toEqual([
      ["Tune-up", 1, 12000, 0, true],
      ["Filter", 2, 1550, 600, false],
    ]);
    expect((await run(newLoader, "/templates/invoice/new", { cookie }, { entityType: "invoice" })).status).toBe(404);
  });

  it("edits, takes and removes a file, and deletes after confirming", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await newJobTemplate(f, cookie);
    const params = { id: String(id) };
    const page = (await (await run(detailsLoader, `/templates/${id}`, { cookie }, params)).json()) as any;
    expect(page.loaded).toMatchObject({ name: "Furnace tune-up", taxRate: "8.25", discount: "10.00" });

    const edited = await run(
      detailsAction,
      `/templates/${id}`,
      {
        cookie,
        ...formPost({ intent: "save", name: "Furnace", "lineItems[0].name": "Visit", "lineItems[0].unitPrice": "80" }),
      },
      params,
    );
    expect(edited.status).toBe(302);
    const template = (await getTemplate(f.admin, id))!;
    expect([template.name, template.lineItems.map((l) => l.name), template.tags, template.checklists]).toEqual([
      "Furnace",
      ["Visit"],
      [],
      [],
    ]);

    const uploaded = await run(
      detailsAction,
      `/templates/${id}`,
      { cookie, method: "POST", body: templateUploadForm(id, "guide.png") },
      params,
    );
    expect(uploaded.status).toBe(302);
    const [file] = (await getTemplate(f.admin, id))!.attachments;
    expect(file.fileName).toBe("guide.png");
    const textFile = new FormData();
    textFile.set("files", new File(["MZ\u0090\u0000 not a document"], "run.exe", { type: "application/x-msdownload" }));
    const refused = await run(detailsAction, `/templates/${id}`, { cookie, method: "POST", body: textFile }, params);
    expect(refused.status).toBe(400);
    const removed = await run(
      detailsAction,
      `/templates/${id}`,
      { cookie, ...formPost({ intent: "deleteAttachment", fileUrl: file.fileUrl }) },
      params,
    );
    expect(removed.status).toBe(302);
    expect((await getTemplate(f.admin, id))!.attachments).toEqual([]);

    const deleted = await run(detailsAction, `/templates/${id}`, { cookie, ...formPost({ intent: "delete" }) }, params);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/templates?type=job");
    expect(await db.select().from(templates).where(eq(templates.id, id))).toEqual([]);
    expect((await run(detailsLoader, `/templates/${id}`, { cookie }, params)).status).toBe(404);
  });

  it("lists a type's templates by name with search and paging; another company's template is 404", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    for (const name of ["Gamma", "alpha", "Beta"]) await postNew(cookie, "job", { intent: "save", name });
    await postNew(cookie, "estimate", { intent: "save", name: "Quote" });
    const list = async (query: string) =>
      ((await (await run(listLoader, `/templates${query}`, { cookie })).json()) as any).page;
    expect((await list("")).items.map((t: any) => t.name)).toEqual(["alpha", "Beta", "Gamma"]);
    expect((await list("?type=estimate")).items.map((t: any) => t.name)).toEqual(["Quote"]);
    expect(await list("?q=et")).toMatchObject({ total: 1, items: [{ name: "Beta" }] });
    expect(await list("?pageSize=10&page=2")).toMatchObject({ total: 3, items: [] });
    expect((await list("?sort=name&order=desc")).items.map((t: any) => t.name)).toEqual(["Gamma", "Beta", "alpha"]);

    const [one] = await db.select({ id: templates.id }).from(templates).where(eq(templates.companyId, f.companyId));
    const other = await sessionCookie((await createTestCompany()).userId);
    const params = { id: String(one.id) };
    expect((await run(detailsLoader, `/templates/${one.id}`, { cookie: other }, params)).status).toBe(404);
    expect(
      (await run(detailsAction, `/templates/${one.id}`, { cookie: other, ...formPost({ intent: "delete" }) }, params))
        .status,
    ).toBe(404);
  });

  it("starts a new job from a template: the form is filled, and the job keeps lines, tags, files and the template", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await newJobTemplate(f, cookie);
    await run(
      detailsAction,
      `/templates/${id}`,
      { cookie, method: "POST", body: templateUploadForm(id, "guide.png") },
      { id: String(id) },
    );

    const page = (await (
      await run(newJobLoader, `/jobs/new?customerId=${f.customerId}&templateId=${id}`, { cookie })
    ).json()) as any;
    expect(page.templateChoice).toEqual({
      templates: [{ value: id, label: "Furnace tune-up" }],
      template: { id, name: "Furnace tune-up", attachmentCount: 1 },
    });
    expect(page.loaded).toMatchObject({
      description: "Annual check",
      message: "See you soon",
      privateNotes: "Gate code 1234",
      taxRate: "8.25",
      discount: "10.00",
      tags: [String(f.jobTagId)],
      templateId: String(id),
      templateAttachments: "on",
    });
    expect(page.loaded.lineItems.map((l: any) => [l.name, l.unitPrice, l.quantity])).toEqual([
      ["Tune-up", "120.00", "1"],
      ["Filter", "15.50", "2"],
    ]);
    // An estimate template is no job's.
    const wrongType = (await (
      await run(newEstimateLoader, `/estimates/new?customerId=${f.customerId}&templateId=${id}`, { cookie })
    ).json()) as any;
    expect([wrongType.loaded, wrongType.templateChoice.template]).toEqual([undefined, null]);

    const fields = {
      intent: "save",
      customerId: String(f.customerId),
      templateId: String(id),
      templateAttachments: "on",
      description: page.loaded.description,
      taxRate: page.loaded.taxRate,
      discount: page.loaded.discount,
      tags: page.loaded.tags,
      "lineItems[0].name": "Tune-up",
      "lineItems[0].unitPrice": "120.00",
      "lineItems[1].name": "Filter",
      "lineItems[1].unitPrice": "15.50",
      "lineItems[1].quantity": "2",
    };
    const saved = await run(newJobAction, `/jobs/new?customerId=${f.customerId}&templateId=${id}`, {
      cookie,
      ...formPost(fields),
    });
    expect(saved.status).toBe(302);
    const jobId = Number(saved.headers.get("Location")!.split("/").pop());
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect([job.templateId, job.description, job.taxRate, job.discountCents]).toEqual([id, "Annual check", 825, 1000]);
    const lines = await db.select().from(jobLineItems).where(eq(jobLineItems.jobId, jobId));
    expect(lines.map((l) => l.name).sort()).toEqual(["Filter", "Tune-up"]);
    expect((await db.select().from(jobTags).where(eq(jobTags.jobId, jobId))).map((t) => t.tagId)).toEqual([f.jobTagId]);
    expect(
      (await db.select().from(jobAttachments).where(eq(jobAttachments.jobId, jobId))).map((a) => a.fileName),
    ).toEqual(["guide.png"]);

    // The box left unticked (no JavaScript posts nothing for it): no files copied.
    const { templateAttachments: _on, ...unticked } = fields;
    const bare = await run(newJobAction, `/jobs/new?customerId=${f.customerId}`, { cookie, ...formPost(unticked) });
    const bareId = Number(bare.headers.get("Location")!.split("/").pop());
    expect(await db.select().from(jobAttachments).where(eq(jobAttachments.jobId, bareId))).toEqual([]);

    // A template deleted meanwhile: the form comes back with the message and nothing is saved.
    await run(detailsAction, `/templates/${id}`, { cookie, ...formPost({ intent: "delete" }) }, { id: String(id) });
    const before = await db.select({ id: jobs.id }).from(jobs);
    const refused = await run(newJobAction, `/jobs/new?customerId=${f.customerId}`, { cookie, ...formPost(fields) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).errors).toEqual({ templateId: "Template not found" });
    expect(await db.select({ id: jobs.id }).from(jobs)).toEqual(before);
  });

  it("starts a new estimate from an estimate template: its lines fill the first option", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    await postNew(cookie, "estimate", {
      intent: "save",
      name: "Roof",
      "lineItems[0].name": "Shingles",
      "lineItems[0].unitPrice": "900",
      tags: String(f.estimateTagId),
    });
    const [t] = await db.select({ id: templates.id }).from(templates).where(eq(templates.companyId, f.companyId));
    const page = (await (
      await run(newEstimateLoader, `/estimates/new?customerId=${f.customerId}&templateId=${t.id}`, { cookie })
    ).json()) as any;
    expect(page.loaded.options).toEqual([
      { name: "Option 1", lineItems: [expect.objectContaining({ name: "Shingles", unitPrice: "900.00" })] },
    ]);
    expect(page.loaded.tags).toEqual([String(f.estimateTagId)]);
    const saved = await run(newEstimateAction, `/estimates/new?customerId=${f.customerId}&templateId=${t.id}`, {
      cookie,
      ...formPost({
        intent: "save",
        customerId: String(f.customerId),
        templateId: String(t.id),
        "options[0].name": "Option 1",
        "options[0].lineItems[0].name": "Shingles",
        "options[0].lineItems[0].unitPrice": "900",
      }),
    });
    expect(saved.status).toBe(302);
    const estimateId = Number(saved.headers.get("Location")!.split("/").pop());
    const [estimate] = await db
      .select({ templateId: estimates.templateId })
      .from(estimates)
      .where(eq(estimates.id, estimateId));
    expect(estimate.templateId).toBe(t.id);
  });
});
