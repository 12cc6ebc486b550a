import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/api+/jobs+/_layout";
import { action as estimateCreateAction } from "~/routes/api+/estimates+/_layout";
import { loader as pageLoader } from "~/routes/api+/jobs+/page";
import { action as jobAction, loader as jobLoader } from "~/routes/api+/jobs+/$id";
import { action as statusAction } from "~/routes/api+/jobs+/updateJobStatus";
import { action as undoAction } from "~/routes/api+/jobs+/undo";
import { action as scheduleAction } from "~/routes/api+/jobs+/schedule";
import { action as employeesAction } from "~/routes/api+/jobs+/$id_.employees";
import { action as payAction } from "~/routes/api+/jobs+/$id_.pay";
import { action as renameAction } from "~/routes/api+/jobs+/$id_.rename";
import { action as segmentsAction, loader as segmentsLoader } from "~/routes/api+/jobs+/$id_.segments";
import { action as segmentAction } from "~/routes/api+/jobs+/$id_.segment";
import { action as attachmentAction } from "~/routes/api+/jobs+/attachment";
import { loader as unscheduledLoader } from "~/routes/api+/jobs+/unscheduled";
import { loader as taxRatesLoader } from "~/routes/api+/jobs+/taxRates";
import { openApiDocument } from "~/openapi/index.server";
import { saveTaxRate } from "~/models/company/company.server";
import { accessFor, makeRequest, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture } from "./fixtures";
import { PNG, pngUploadForm } from "../../helpers/tiny-png";

useTestDatabase();

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

async function call(
  handler: Handler,
  path: string,
  init: Parameters<typeof makeRequest>[1] = {},
  params: Record<string, string> = {},
) {
  try {
    const res = (await handler({
      request: makeRequest(path, init),
      params,
      context: {},
    } as ActionFunctionArgs)) as Response;
    return { status: res.status, body: await res.json() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
    throw thrown;
  }
}

/** Calls a route of one job (`/api/jobs/:id…`), its id as the route parameter. */
const callJob = (handler: Handler, id: number | string, rest: string, init: Parameters<typeof makeRequest>[1] = {}) =>
  call(handler, `/api/jobs/${id}${rest}`, init, { id: String(id) });

describe("jobs API", () => {
  it("creates, lists, reads, updates, moves status, undoes, pays", async () => {
    const f = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const created = await call(createAction, "/api/jobs", {
      method: "POST",
      cookie: admin,
      json: {
        customerId: f.customerId,
        lineItems: [{ name: "Tune-up", unitPrice: 89.99, quantity: 2, isTaxable: true }],
        taxRate: 8.25,
        discount: 10,
        employeeIds: [f.techId],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const invalid = await call(createAction, "/api/jobs", {
      method: "POST",
      cookie: admin,
      json: { customerId: f.customerId, lineItems: [{ name: " ", unitPrice: 1 }, { name: "x" }] },
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { errors: { "lineItems.0.name": "Name is required", "lineItems.1.unitPrice": "Unit price is required" } },
    });

    const page = await call(
      pageLoader,
      "/api/jobs/page?pageNumber=1&pageSize=10&sortSettings[0].fieldName=total&sortSettings[0].descending=true&searchQuery=tune",
      { cookie: admin },
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      total: 1,
      pageNumber: 1,
      pageSize: 10,
      items: [{ id, name: "Tune-up", customerName: "Grace Hopper", status: 0, totalCents: 18400 }],
    });

    const got = await callJob(jobLoader, id, "", { cookie: admin });
    expect(got.body.data).toMatchObject({
      id,
      subtotalCents: 17998,
      discountCents: 1000,
      taxCents: 1402,
      totalCents: 18400,
      employeeIds: [f.techId],
    });
    // Read in the units PUT takes: sending the job back as read changes nothing.
    expect(got.body.data).toMatchObject({
      jobStatus: got.body.data.status,
      taxRate: 8.25,
      discount: 10,
      lineItems: [{ name: "Tune-up", unitPrice: 89.99, cost: 0, quantity: 2 }],
    });
    const { discount, taxRate, lineItems, tags: readTags } = got.body.data;
    const resent = await callJob(jobAction, id, "", {
      method: "PUT",
      cookie: admin,
      json: { discount, taxRate, lineItems, tags: readTags },
    });
    expect(resent.status).toBe(200);
    expect((await callJob(jobLoader, id, "", { cookie: admin })).body.data).toMatchObject({
      subtotalCents: 17998,
      discountCents: 1000,
      taxCents: 1402,
      totalCents: 18400,
      taxRate: 8.25,
    });

    const put = await callJob(jobAction, id, "", {
      method: "PUT",
      cookie: admin,
      json: { privateNotes: "Gate code 1234", discount: 0 },
    });
    expect(put.body.data).toMatchObject({ privateNotes: "Gate code 1234", discountCents: 0, totalCents: 19483 });

    const scheduled = await call(scheduleAction, "/api/jobs/schedule", {
      method: "POST",
      cookie: admin,
      json: { id, startTime: "2030-01-10T14:00:00Z", endTime: "2030-01-10T15:30:00Z", arrivalWindowOffset: 60 },
    });
    expect(scheduled.body.data).toMatchObject({ id, updatedJobIds: [id] });
    const bad = await call(statusAction, "/api/jobs/updateJobStatus", {
      method: "PUT",
      cookie: admin,
      json: { jobId: id, status: 5 },
    });
    expect(bad.status).toBe(400);
    const moved = await call(statusAction, "/api/jobs/updateJobStatus", {
      method: "PUT",
      cookie: admin,
      json: { jobId: id, status: 2, notifyCustomer: true, reason: "Leaving now" },
    });
    expect(moved.body).toEqual({ data: { id, status: 2 } });
    expect(
      (await call(undoAction, "/api/jobs/undo", { method: "PUT", cookie: admin, json: { id, statusClicked: 2 } })).body,
    ).toEqual({ data: { id, status: 1 } });
    const paid = await callJob(payAction, id, "/pay", {
      method: "POST",
      cookie: admin,
      json: { method: 2, note: "terminal" },
    });
    expect(paid.body.data).toMatchObject({ id, amountCents: 19483 });

    const renamed = await callJob(renameAction, id, "/rename", {
      method: "PUT",
      cookie: admin,
      json: { name: "Spring tune-up" },
    });
    expect(renamed.body).toEqual({ data: { id, name: "Spring tune-up" } });
    const seg = await callJob(segmentsAction, id, "/segments", {
      method: "POST",
      cookie: admin,
      json: { name: "Upstairs" },
    });
    expect(seg.status).toBe(201);
    expect((await callJob(segmentsLoader, id, "/segments", { cookie: admin })).body.data).toEqual([
      { id: seg.body.data.id, name: "Upstairs", position: 0 },
    ]);
    const segmentRemoved = await callJob(segmentAction, id, "/segment", {
      method: "DELETE",
      cookie: admin,
      json: { segmentId: seg.body.data.id },
    });
    expect(segmentRemoved.status).toBe(200);
    // The company's own tax rates, for every role (the job form's picker).
    const { ctx } = await accessFor(f.adminId);
    const rate = await saveTaxRate(ctx, { name: "County", rate: 8.25 });
    for (const cookie of [admin, await sessionCookie(f.techId)])
      expect((await call(taxRatesLoader, "/api/jobs/taxRates", { cookie })).body).toEqual({
        data: [{ id: rate!.id, name: "County", rate: 8.25 }],
      });
  });

  it("answers 404 for another company's job and a field tech's unassigned job, 401 without a session", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const { body } = await call(createAction, "/api/jobs", {
      method: "POST",
      cookie: admin,
      json: { customerId: f.customerId, employeeIds: [f.otherTechId] },
    });
    const id = String(body.data.id);
    const outsider = await sessionCookie(other.adminId);
    const tech = await sessionCookie(f.techId);
    for (const cookie of [outsider, tech]) {
      expect(await callJob(jobLoader, id, "", { cookie })).toEqual({
        status: 404,
        body: { exceptionType: "not_found", message: "Not found" },
      });
      expect((await callJob(jobAction, id, "", { method: "DELETE", cookie })).status).toBe(404);
      expect(
        (
          await call(statusAction, "/api/jobs/updateJobStatus", {
            method: "PUT",
            cookie,
            json: { jobId: Number(id), status: 6 },
          })
        ).status,
      ).toBe(404);
    }
    expect((await call(pageLoader, "/api/jobs/page", { cookie: tech })).body.total).toBe(0);
    expect((await call(unscheduledLoader, "/api/jobs/unscheduled", { cookie: admin })).body.data).toHaveLength(1);
    expect((await call(pageLoader, "/api/jobs/page", {})).status).toBe(401);
    expect(
      (await call(createAction, "/api/jobs", { method: "POST", cookie: outsider, json: { customerId: f.customerId } }))
        .body,
    ).toMatchObject({ errors: { customerId: "Customer not found" } });
  });

  it("refuses a field tech who sends another set of employees than the job's (403), as the screens do", async () => {
    const f = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const tech = await sessionCookie(f.techId);
    const { body } = await call(createAction, "/api/jobs", {
      method: "POST",
      cookie: admin,
      json: { customerId: f.customerId, employeeIds: [f.techId] },
    });
    const id = body.data.id as number;
    const times = { id, startTime: "2030-01-10T14:00:00Z", endTime: "2030-01-10T15:30:00Z" };
    const assign = async (cookie: string, employeeIds: number[]) =>
      (await callJob(employeesAction, id, "/employees", { method: "PUT", cookie, json: { employeeIds } })).status;
    const schedule = async (employeeIds: number[]) =>
      (
        await call(scheduleAction, "/api/jobs/schedule", {
          method: "POST",
          cookie: tech,
          json: { ...times, employeeIds },
        })
      ).status;
    expect(await assign(tech, [f.otherTechId])).toBe(403);
    expect(await schedule([f.techId, f.otherTechId])).toBe(403);
    expect(await schedule([f.techId])).toBe(200);
    expect((await callJob(jobLoader, id, "", { cookie: admin })).body.data).toMatchObject({
      employeeIds: [f.techId],
      status: 1,
    });
    expect(await assign(admin, [f.otherTechId])).toBe(200);
  });

  it("stores one attachment per call with the spec's types", async () => {
    const f = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const { body } = await call(createAction, "/api/jobs", {
      method: "POST",
      cookie: admin,
      json: { customerId: f.customerId },
    });
    const uploaded = await call(attachmentAction, "/api/jobs/attachment", {
      method: "POST",
      cookie: admin,
      body: pngUploadForm("jobId", body.data.id, "before.png"),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ fileName: "before.png", contentType: "image/png" });
    const exe = new FormData();
    exe.set("jobId", String(body.data.id));
    exe.set("files", new File([Buffer.from("MZ\x90\x00binary")], "tool.exe"));
    expect(
      (await call(attachmentAction, "/api/jobs/attachment", { method: "POST", cookie: admin, body: exe })).status,
    ).toBe(400);
    // A request too large to read is refused with the size message of the file it carries, told from its first bytes.
    const tooLarge = async (file: File) => {
      const big = new FormData();
      big.set("jobId", String(body.data.id));
      big.set("files", file);
      const request = new Request("http://localhost/api/jobs/attachment", { method: "POST", body: big });
      const headers = new Headers(request.headers);
      headers.set("Cookie", admin);
      headers.set("Content-Length", String(60 * 1024 * 1024));
      return (
        await call(attachmentAction, "/api/jobs/attachment", {
          method: "POST",
          headers,
          body: await request.arrayBuffer(),
        })
      ).body.message;
    };
    expect(await tooLarge(new File([PNG], "photo.png", { type: "image/png" }))).toBe(
      "The image file size cannot exceed 10 MB.",
    );
    expect(await tooLarge(new File([Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj")], "manual.pdf"))).toBe(
      "The file size cannot exceed 10 MB.",
    );
    expect(
      await tooLarge(new File([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex")], "visit.mp4")),
    ).toBe("The video file size cannot exceed 50 MB.");
    const removed = await call(attachmentAction, "/api/jobs/attachment", {
      method: "DELETE",
      cookie: admin,
      json: { jobId: body.data.id, fileUrl: uploaded.body.data.fileUrl },
    });
    expect(removed.status).toBe(200);
  });

  it("answers validation failures 400 {errors: {field: message}} with the spec's messages, like the other APIs", async () => {
    const f = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const post = (json: Record<string, unknown>) =>
      call(createAction, "/api/jobs", { method: "POST", cookie: admin, json });
    // The whole body is the field errors: the same shape as POST /api/estimates answers.
    const missing = await post({});
    expect(missing).toEqual({ status: 400, body: { errors: { customerId: "Customer is required" } } });
    expect(await call(estimateCreateAction, "/api/estimates", { method: "POST", cookie: admin, json: {} })).toEqual(
      missing,
    );
    expect(await post({ customerId: f.customerId, name: "x".repeat(256), discount: "abc", taxRate: -1 })).toEqual({
      status: 400,
      body: {
        errors: {
          name: "Name is too long - should be 255 chars maximum",
          discount: "Discount must be a number",
          taxRate: "Tax rate must be greater than or equal to 0",
        },
      },
    });
    // A model's rule answers the same way (RuleError through the shared helper).
    expect(
      await post({
        customerId: f.customerId,
        startTime: "2030-01-01T10:00:00Z",
        endTime: "2030-01-01T09:00:00Z",
      }),
    ).toEqual({ status: 400, body: { errors: { endTime: "End time must be after start time" } } });
    expect(await post({ customerId: f.customerId, employeeIds: [999999] })).toEqual({
      status: 400,
      body: { errors: { employeeIds: "Employee not found" } },
    });
    // A body that is not JSON has no field to blame: {message}.
    expect(
      await call(createAction, "/api/jobs", {
        method: "POST",
        cookie: admin,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
    ).toEqual({ status: 400, body: { message: "The request body is not valid JSON" } });

    const { id } = (await post({ customerId: f.customerId })).body.data as { id: number };
    const put = (json: Record<string, unknown>) => callJob(jobAction, id, "", { method: "PUT", cookie: admin, json });
    expect(await put({ lineItems: [{ name: " ", unitPrice: 1 }, { name: "Filter" }], taxRate: "x" })).toEqual({
      status: 400,
      body: {
        errors: {
          "lineItems.0.name": "Name is required",
          "lineItems.1.unitPrice": "Unit price is required",
          taxRate: "Tax rate must be a number",
        },
      },
    });
    expect(await put({ name: "x".repeat(256) })).toEqual({
      status: 400,
      body: { errors: { name: "Name is too long - should be 255 chars maximum" } },
    });
  });

  it("is described in the OpenAPI document", () => {
    expect(Object.keys(openApiDocument().paths)).toEqual(
      expect.arrayContaining([
        "/api/jobs",
        "/api/jobs/page",
        "/api/jobs/schedule",
        "/api/jobs/updateJobStatus",
        "/api/jobs/undo",
        "/api/jobs/{id}/pay",
        "/api/jobs/attachment",
      ]),
    );
  });
});
