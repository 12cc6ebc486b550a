// Templates over the API (part 2 section 7 "Templates"): create, read, page with search, all by
// type, replace, delete, files and line images; another company's template answers 404; a job
// and an estimate started from a template copy its files to new keys and get its checklists.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  assignedChecklists,
  estimateAttachments,
  jobAttachments,
  jobs,
  templateAttachments,
  templateLineItems,
  templates,
} from "~/db/schema";
import { createTestCompany, makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { PNG } from "../../helpers/tiny-png";
import { solidImage } from "../../helpers/solid-image";
import { action as createAction } from "~/routes/api+/templates+/_layout";
import { action as oneAction, loader as oneLoader } from "~/routes/api+/templates+/$id";
import { loader as pageLoader } from "~/routes/api+/templates+/page";
import { loader as allLoader } from "~/routes/api+/templates+/all";
import { action as attachmentAction } from "~/routes/api+/templates+/attachment";
import { action as lineImageAction } from "~/routes/api+/templates+/upload-line-item-image";
import { action as jobsAction } from "~/routes/api+/jobs+/_layout";
import { action as estimatesAction } from "~/routes/api+/estimates+/_layout";
import { uploadsRoot } from "~/services/storage.server";
import { jobTemplateBody, templatesFixture, templateUploadForm } from "./fixtures";

process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "templates-api-"));

useTestDatabase();

type Init = Parameters<typeof makeRequest>[1];
async function api(handler: unknown, pathname: string, init: Init = {}, params: Record<string, string> = {}) {
  const res = await runRoute(handler as never, makeRequest(pathname, init), params);
  return { status: res.status, body: (await res.json()) as any };
}
const diskPath = (fileUrl: string) => path.join(uploadsRoot(), fileUrl.replace(/^\/files\//, ""));

describe("templates API", () => {
  it("creates, reads, pages with search, lists by type, replaces and deletes a template", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const created = await api(createAction, "/api/templates", { method: "POST", cookie, json: jobTemplateBody(f) });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;

    const read = await api(oneLoader, `/api/templates/${id}`, { cookie }, { id: String(id) });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id,
      entityType: 0,
      name: "Furnace tune-up",
      data: {
        description: "Annual furnace check",
        message: "Thanks for choosing us",
        privateNotes: "Bring filters",
        taxRate: 8.25,
        discount: 10,
        // The estimate tag is not a job tag: dropped.
        tags: [{ id: f.jobTagId, name: "Urgent" }],
        companyCheckListIds: [f.formIds[0]],
      },
      attachments: [],
    });
    expect(
      read.body.data.data.lineItems.map((l: any) => [l.name, l.quantity, l.unitPrice, l.cost, l.kind, l.amount]),
    ).toEqual([
      ["Tune-up", 1, 120, 0, 1, 120],
      ["Filter", 2, 15.5, 6, 0, 31],
    ]);

    await api(createAction, "/api/templates", {
      method: "POST",
      cookie,
      json: { ...jobTemplateBody(f, "AC install"), entityType: "job" },
    });
    await api(createAction, "/api/templates", {
      method: "POST",
      cookie,
      json: { entityType: 1, name: "Roof quote", data: { tags: [f.estimateTagId] } },
    });

    const page = await api(
      pageLoader,
      "/api/templates/page?entityType=0&paging.pageNumber=1&paging.pageSize=1&paging.sortSettings[0].fieldName=name",
      { cookie },
    );
    expect(page).toEqual({
      status: 200,
      body: {
        data: { items: [expect.objectContaining({ name: "AC install" })], total: 2, pageNumber: 1, pageSize: 1 },
      },
    });
    const searched = await api(pageLoader, "/api/templates/page?entityType=0&searchQuery=TUNE", { cookie });
    expect(searched.body.data.items.map((t: any) => t.name)).toEqual(["Furnace tune-up"]);
    // A search's % is a character, not a wildcard.
    const percent = await api(pageLoader, "/api/templates/page?searchQuery=%25", { cookie });
    expect(percent.body.data.total).toBe(0);

    const all = await api(allLoader, "/api/templates/all?type=1", { cookie });
    expect(all.body).toEqual({ data: [{ id: expect.any(Number), name: "Roof quote", entityType: 1 }] });

    const replaced = await api(
      oneAction,
      `/api/templates/${id}`,
      {
        method: "PUT",
        cookie,
        json: { entityType: 0, name: "Furnace", data: { lineItems: [{ name: "Visit", unitPrice: 80 }], tags: [] } },
      },
      { id: String(id) },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      name: "Furnace",
      data: { description: null, taxRate: 0, discount: 0, tags: [], companyCheckListIds: [] },
    });
    expect(replaced.body.data.data.lineItems.map((l: any) => l.name)).toEqual(["Visit"]);

    const invalid = await api(createAction, "/api/templates", {
      method: "POST",
      cookie,
      json: { entityType: 3, name: " ", data: { lineItems: [{ unitPrice: "x" }] } },
    });
    expect(invalid).toEqual({
      status: 400,
      body: {
        errors: {
          entityType: "Entity type must be 0 (Job) or 1 (Estimate)",
          name: "Name is required",
          "lineItems.0.name": "Name is required",
          "lineItems.0.unitPrice": "Unit price must be a number",
        },
      },
    });

    const deleted = await api(oneAction, `/api/templates/${id}`, { method: "DELETE", cookie }, { id: String(id) });
    expect(deleted).toEqual({ status: 200, body: { data: { id } } });
    expect(await db.select().from(templateLineItems).where(eq(templateLineItems.templateId, id))).toEqual([]);
    const gone = await api(oneLoader, `/api/templates/${id}`, { cookie }, { id: String(id) });
    expect(gone).toEqual({ status: 404, body: { exceptionType: "not_found", message: "Not found" } });
  });

  it("answers 404 for another company's template on every call and changes nothing", async () => {
    const f = await templatesFixture();
    const id = (
      await api(createAction, "/api/templates", {
        method: "POST",
        cookie: await sessionCookie(f.adminId),
        json: jobTemplateBody(f),
      })
    ).body.data.id as number;
    const other = await createTestCompany();
    const cookie = await sessionCookie(other.userId);
    const notFound = { status: 404, body: { exceptionType: "not_found", message: "Not found" } };
    const params = { id: String(id) };
    expect(await api(oneLoader, `/api/templates/${id}`, { cookie }, params)).toEqual(notFound);
    expect(
      await api(oneAction, `/api/templates/${id}`, { method: "PUT", cookie, json: jobTemplateBody(f, "Mine") }, params),
    ).toEqual(notFound);
    expect(await api(oneAction, `/api/templates/${id}`, { method: "DELETE", cookie }, params)).toEqual(notFound);
    expect(
      await api(attachmentAction, "/api/templates/attachment", {
        method: "POST",
        cookie,
        body: templateUploadForm(id, "x.png"),
      }),
    ).toEqual(notFound);
    expect((await api(pageLoader, "/api/templates/page", { cookie })).body.data.total).toBe(0);
    const [row] = await db.select({ name: templates.name }).from(templates).where(eq(templates.id, id));
    expect(row.name).toBe("Furnace tune-up");
  });

  it("stores files and line images, and a job started from the template copies them to new keys", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const image = new FormData();
    image.set("file", new File([new Uint8Array(await solidImage(40, 40))], "part.png", { type: "image/png" }));
    const uploadedImage = await api(lineImageAction, "/api/templates/upload-line-item-image", {
      method: "POST",
      cookie,
      body: image,
    });
    expect(uploadedImage.status).toBe(201);
    const imageUrl = uploadedImage.body.data.imageUrl as string;
    expect(imageUrl).toMatch(new RegExp(`^/files/${f.companyId}/line-items/`));

    const body = jobTemplateBody(f);
    body.data.lineItems[0] = { ...body.data.lineItems[0], imageUrl } as never;
    const id = (await api(createAction, "/api/templates", { method: "POST", cookie, json: body })).body.data.id;
    const file = await api(attachmentAction, "/api/templates/attachment", {
      method: "POST",
      cookie,
      body: templateUploadForm(id, "manual.png"),
    });
    expect(file.status).toBe(201);
    expect(file.body.data).toMatchObject({ fileName: "manual.png", contentType: "image/png", sizeBytes: PNG.length });
    const fileUrl = file.body.data.fileUrl as string;
    expect(fileUrl).toMatch(new RegExp(`^/files/${f.companyId}/templates/`));

    const foreignImage = await api(createAction, "/api/templates", {
      method: "POST",
      cookie,
      json: {
        entityType: 0,
        name: "X",
        data: { lineItems: [{ name: "A", unitPrice: 1, imageUrl: "https://evil.test/a.png" }] },
      },
    });
    expect(foreignImage).toEqual({
      status: 400,
      body: {
        errors: { "lineItems.0.imageUrl": "The image must be uploaded through templates/upload-line-item-image" },
      },
    });

    const job = await api(jobsAction, "/api/jobs", {
      method: "POST",
      cookie,
      json: { customerId: f.customerId, templateId: id, lineItems: [{ name: "Tune-up", unitPrice: 120, imageUrl }] },
    });
    expect(job.status).toBe(201);
    const jobId = job.body.data.id as number;
    const [jobRow] = await db.select({ templateId: jobs.templateId }).from(jobs).where(eq(jobs.id, jobId));
    expect(jobRow.templateId).toBe(id);
    const copied = await db.select().from(jobAttachments).where(eq(jobAttachments.jobId, jobId));
    expect(copied.map((a) => [a.fileName, a.contentType, a.sizeBytes])).toEqual([
      ["manual.png", "image/png", PNG.length],
    ]);
    expect(copied[0].fileUrl).not.toBe(fileUrl);
    expect(copied[0].fileUrl).toMatch(new RegExp(`^/files/${f.companyId}/jobs/`));
    const checklists = await db.select().from(assignedChecklists).where(eq(assignedChecklists.jobId, jobId));
    expect(checklists.map((c) => c.name)).toEqual(["Safety"]);

    // Without the template's files when asked; an estimate template does not start a job.
    const bare = await api(jobsAction, "/api/jobs", {
      method: "POST",
      cookie,
      json: { customerId: f.customerId, templateId: id, templateAttachments: false },
    });
    expect(await db.select().from(jobAttachments).where(eq(jobAttachments.jobId, bare.body.data.id))).toEqual([]);
    const estimateTemplate = (
      await api(createAction, "/api/templates", {
        method: "POST",
        cookie,
        json: { entityType: 1, name: "Quote", data: {} },
      })
    ).body.data.id;
    expect(
      await api(jobsAction, "/api/jobs", {
        method: "POST",
        cookie,
        json: { customerId: f.customerId, templateId: estimateTemplate },
      }),
    ).toEqual({ status: 400, body: { errors: { templateId: "Template not found" } } });

    // Deleting the template removes its file; the job's copy stays.
    await api(oneAction, `/api/templates/${id}`, { method: "DELETE", cookie }, { id: String(id) });
    expect(existsSync(diskPath(fileUrl))).toBe(false);
    expect(existsSync(diskPath(copied[0].fileUrl))).toBe(true);
    expect(await db.select().from(templateAttachments).where(eq(templateAttachments.templateId, id))).toEqual([]);
  });

  it("an estimate started from an estimate template copies its files and gets its checklists", async () => {
    const f = await templatesFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = (
      await api(createAction, "/api/templates", {
        method: "POST",
        cookie,
        json: { entityType: 1, name: "Roof quote", data: { companyCheckListIds: f.formIds } },
      })
    ).body.data.id;
    await api(attachmentAction, "/api/templates/attachment", {
      method: "POST",
      cookie,
      body: templateUploadForm(id, "roof.png"),
    });
    const estimate = await api(estimatesAction, "/api/estimates", {
      method: "POST",
      cookie,
      json: { customerId: f.customerId, templateId: id, lineItems: [{ name: "Shingles", unitPrice: 900 }] },
    });
    expect(estimate.status).toBe(201);
    const estimateId = estimate.body.data.id as number;
    const files = await db.select().from(estimateAttachments).where(eq(estimateAttachments.estimateId, estimateId));
    expect(files.map((a) => a.fileName)).toEqual(["roof.png"]);
    expect(files[0].fileUrl).toMatch(new RegExp(`^/files/${f.companyId}/estimates/`));
    const checklists = await db
      .select({ name: assignedChecklists.name })
      .from(assignedChecklists)
      .where(eq(assignedChecklists.estimateId, estimateId));
    expect(checklists.map((c) => c.name).sort()).toEqual(["Arrival", "Safety"]);
  });
});
