// An estimate's files as a job's: one per call on the API and the details page (without
// JavaScript), listed by getEstimate, deleted with their stored file, on the estimate's timeline,
// within the count limit; a field tech on assigned estimates only.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimateTimelineEvents } from "~/db/schema";
import { addEstimateAttachment } from "~/models/estimates/estimate-attachments.server";
import { estimateCreateSchema, EstimateEvent } from "~/models/estimates/estimates.schema";
import { createEstimate, getEstimate } from "~/models/estimates/estimates.server";
import { ATTACHMENT_LIMIT } from "~/models/files/file-rules";
import { openApiDocument } from "~/openapi/index.server";
import { action as detailsAction } from "~/routes/_app+/estimates+/$id";
import { action as attachmentAction } from "~/routes/api+/estimates+/attachment";
import { action as currentStateAction } from "~/routes/api+/estimates+/currentStateAttachment";
import { uploadsRoot } from "~/services/storage.server";
import { makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run, type JobsFixture } from "../jobs/fixtures";
import { PNG, pngUploadForm } from "../../helpers/tiny-png";

process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "estimate-attachments-"));

useTestDatabase();

const uploadForm = (estimateId: number, name: string) => pngUploadForm("estimateId", estimateId, name);

const newEstimate = async (f: JobsFixture, caller = f.admin) =>
  (await createEstimate(caller, estimateCreateSchema.parse({ customerId: f.customerId }))).id;

const keyOf = (fileUrl: string) => path.join(uploadsRoot(), fileUrl.replace(/^\/files\//, ""));

async function api(handler: typeof attachmentAction, pathname: string, init: Parameters<typeof makeRequest>[1]) {
  const res = await runRoute(handler as never, makeRequest(pathname, init));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("estimate attachments", () => {
  it("stores one file per call on the API, lists it on the estimate and deletes it with its stored file", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await newEstimate(f);
    const uploaded = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie,
      body: uploadForm(id, "roof.png"),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ fileName: "roof.png", contentType: "image/png", sizeBytes: PNG.length });
    const fileUrl = uploaded.body.data.fileUrl as string;
    expect(fileUrl).toMatch(new RegExp(`^/files/${f.companyId}/estimates/`));
    expect(existsSync(keyOf(fileUrl))).toBe(true);
    const state = await api(currentStateAction, "/api/estimates/currentStateAttachment", {
      method: "POST",
      cookie,
      body: uploadForm(id, "before.png"),
    });
    expect(state.status).toBe(201);
    const estimate = (await getEstimate(f.admin, id))!;
    expect(estimate.attachments.map((a) => a.fileName)).toEqual(["roof.png"]);
    expect(estimate.currentStateAttachments.map((a) => a.fileName)).toEqual(["before.png"]);

    const missingId = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie,
      body: (() => {
        const form = uploadForm(id, "x.png");
        form.delete("estimateId");
        return form;
      })(),
    });
    expect(missingId).toEqual({ status: 400, body: { errors: { estimateId: "Estimate Id is required" } } });

    const removed = await api(attachmentAction, "/api/estimates/attachment", {
      method: "DELETE",
      cookie,
      json: { estimateId: id, fileUrl },
    });
    expect(removed).toEqual({ status: 200, body: { data: { estimateId: id, fileUrl } } });
    expect(existsSync(keyOf(fileUrl))).toBe(false);
    expect((await getEstimate(f.admin, id))!.attachments).toEqual([]);
    const again = await api(attachmentAction, "/api/estimates/attachment", {
      method: "DELETE",
      cookie,
      json: { estimateId: id, fileUrl },
    });
    expect(again.status).toBe(404);
    const events = await db
      .select({ type: estimateTimelineEvents.type, data: estimateTimelineEvents.data })
      .from(estimateTimelineEvents)
      .where(eq(estimateTimelineEvents.estimateId, id));
    expect(events.filter((e) => e.type !== EstimateEvent.Created)).toEqual([
      { type: EstimateEvent.AttachmentAdded, data: { fileName: "roof.png" } },
      { type: EstimateEvent.AttachmentAdded, data: { fileName: "before.png" } },
      { type: EstimateEvent.AttachmentRemoved, data: { fileName: "roof.png" } },
    ]);
  });

  it("uploads and deletes from the details page without JavaScript, with the refusal beside the section", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await newEstimate(f);
    const posted = await run(
      detailsAction,
      `/estimates/${id}?upload=currentState`,
      { method: "POST", cookie, body: uploadForm(id, "site.png") },
      { id: String(id) },
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/estimates/${id}`);
    const [photo] = (await getEstimate(f.admin, id))!.currentStateAttachments;
    expect(photo.fileName).toBe("site.png");

    const exe = new FormData();
    exe.set("files", new File([Buffer.from("MZ\x90\x00binary")], "tool.exe"));
    const refused = await run(
      detailsAction,
      `/estimates/${id}?upload=attachment`,
      { method: "POST", cookie, body: exe },
      { id: String(id) },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: {
        attachment:
          "tool.exe: only images (jpeg, jpg, gif, png), videos (mp4, webm, mov, mkv) and documents (odt, ods, doc, docx, pdf, txt, xlsx, xls) can be attached.",
      },
    });

    const deleted = await run(
      detailsAction,
      `/estimates/${id}`,
      { method: "POST", cookie, body: new URLSearchParams({ intent: "deleteCurrentState", fileUrl: photo.fileUrl }) },
      { id: String(id) },
    );
    expect(deleted.status).toBe(302);
    expect((await getEstimate(f.admin, id))!.currentStateAttachments).toEqual([]);
  });

  it("keeps the attachments' count limit with the spec's message", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await newEstimate(f);
    for (let i = 0; i < ATTACHMENT_LIMIT; i++)
      await addEstimateAttachment(f.admin, id, "attachment", {
        key: `${f.companyId}/estimates/k${i}`,
        url: `/files/${f.companyId}/estimates/k${i}.png`,
        fileName: `k${i}.png`,
        contentType: "image/png",
        size: 10,
      });
    const over = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie,
      body: uploadForm(id, "one-more.png"),
    });
    expect(over).toMatchObject({ status: 400, body: { message: "Attachment upload limit exceeded." } });
    const screen = await run(
      detailsAction,
      `/estimates/${id}?upload=attachment`,
      { method: "POST", cookie, body: uploadForm(id, "screen.png") },
      { id: String(id) },
    );
    expect(await screen.json()).toEqual({ errors: { attachment: "Attachment upload limit exceeded." } });
  });

  it("lets a field tech attach to assigned estimates only; another company's is 404", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const id = await newEstimate(f);
    const techCookie = await sessionCookie(f.techId);
    const unassigned = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie: techCookie,
      body: uploadForm(id, "x.png"),
    });
    expect(unassigned.status).toBe(404);
    const own = await newEstimate(f, f.tech);
    const assigned = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie: techCookie,
      body: uploadForm(own, "mine.png"),
    });
    expect(assigned.status).toBe(201);
    const foreign = await api(attachmentAction, "/api/estimates/attachment", {
      method: "POST",
      cookie: await sessionCookie(other.adminId),
      body: uploadForm(id, "x.png"),
    });
    expect(foreign.status).toBe(404);
    expect((await getEstimate(f.admin, id))!.attachments).toEqual([]);
  });

  it("is described in the OpenAPI document", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/api/estimates/attachment"]).sort()).toEqual(["delete", "post"]);
    expect(Object.keys(paths["/api/estimates/currentStateAttachment"])).toEqual(["post"]);
  });
});
