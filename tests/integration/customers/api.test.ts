import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as deleteAction } from "~/routes/api+/customers+/_layout";
import { loader as getLoader } from "~/routes/api+/customers+/$id";
import { action as geoAction } from "~/routes/api+/customers+/$id_.address-geo-data";
import { loader as reducedLoader } from "~/routes/api+/customers+/$id_.reduced";
import { loader as estimatesLoader } from "~/routes/api+/customers+/$id_.estimates.page";
import { loader as jobsLoader } from "~/routes/api+/customers+/$id_.jobs.page";
import { openApiDocument } from "~/openapi/index.server";
import { action as attachmentAction } from "~/routes/api+/customers+/attachment";
import { action as checkEmail } from "~/routes/api+/customers+/check-email";
import { action as checkPhone } from "~/routes/api+/customers+/check-phone-number";
import { action as createAction } from "~/routes/api+/customers+/create";
import { loader as templateLoader } from "~/routes/api+/customers+/downloadTemplate";
import { loader as exportLoader } from "~/routes/api+/customers+/exportCustomers";
import { loader as pageLoader } from "~/routes/api+/customers+/page";
import { loader as searchLoader } from "~/routes/api+/customers+/search";
import { action as updateAction } from "~/routes/api+/customers+/update";
import { action as uploadAction } from "~/routes/api+/customers+/uploadCustomers";
import { makeRequest } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { twoCompanies } from "./fixtures";

useTestDatabase();
process.env.UPLOADS_DIR = mkdtempSync(path.join(tmpdir(), "customers-uploads-"));

async function call(fn: (args: never) => Promise<unknown>, request: Request, params: Record<string, string> = {}) {
  try {
    const res = (await fn({ request, params, context: {} } as never)) as Response;
    const type = res.headers.get("Content-Type") ?? "";
    return { status: res.status, body: type.includes("json") ? await res.json() : await res.text() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json().catch(() => null) };
    throw thrown;
  }
}

let admin: string, other: string, tech: string, vipId: number;

beforeAll(async () => {
  ({ admin, other, tech, vipId } = await twoCompanies());
});

const post = (url: string, cookie: string, json: unknown, method = "POST") =>
  makeRequest(url, { method, cookie, json });

describe("customers API", () => {
  it("creates with the spec's answers, checks duplicates and isolates companies", async () => {
    const created = await call(
      createAction,
      post("/api/customers/create", admin, {
        firstName: "Mary",
        lastName: "Jones",
        email: "mary@example.com",
        mainPhoneNumber: "415 555 2671",
        secondaryPhoneNumbers: [""],
        additionalEmails: [""],
        leadSourceIds: [],
        tagIds: [vipId],
        addresses: [{ location: "1 Oak St" }],
      }),
    );
    expect(created.status).toBe(201);
    const id = (created.body as { customerId: number }).customerId;

    const full = await call(getLoader, makeRequest(`/api/customers/${id}`, { cookie: admin }), { id: String(id) });
    expect(full.body).toMatchObject({
      mainPhoneNumber: "+14155552671",
      additionalEmails: [],
      secondaryPhoneNumbers: [],
      leadSourceIds: null,
      areTextMessagesAllowed: true,
      billingAddress: { location: "1 Oak St", isBilling: true },
    });
    expect(
      (await call(getLoader, makeRequest(`/api/customers/${id}`, { cookie: other }), { id: String(id) })).status,
    ).toBe(404);
    expect(
      (await call(getLoader, makeRequest(`/api/customers/${id}`, { cookie: tech }), { id: String(id) })).status,
    ).toBe(403);
    expect(
      (await call(getLoader, makeRequest(`/api/customers/999999`, { cookie: admin }), { id: "999999" })).body,
    ).toEqual({ exceptionType: "not_found", message: "Not found" });
    expect(
      (await call(reducedLoader, makeRequest(`/api/customers/${id}/reduced`, { cookie: admin }), { id: String(id) }))
        .body,
    ).toMatchObject({ id, firstName: "Mary", billingAddress: { location: "1 Oak St" } });
    // The job form's picker: a field tech creates jobs too, so search and the short form are open to every role.
    expect(
      (await call(reducedLoader, makeRequest(`/api/customers/${id}/reduced`, { cookie: tech }), { id: String(id) }))
        .body,
    ).toMatchObject({ id, firstName: "Mary" });

    expect(
      (await call(checkEmail, post("/api/customers/check-email", admin, { email: "MARY@example.com" }))).body,
    ).toEqual({ isTaken: true, takenBy: "Mary Jones" });
    expect(
      (await call(checkEmail, post("/api/customers/check-email", other, { email: "mary@example.com" }))).body,
    ).toEqual({ isTaken: false, takenBy: null });
    expect(
      (await call(checkPhone, post("/api/customers/check-phone-number", admin, { phoneNumber: "(415) 555-2671" })))
        .body,
    ).toEqual({ isTaken: true, takenBy: "Mary Jones" });
    expect(
      (
        await call(
          checkPhone,
          post("/api/customers/check-phone-number", admin, { phoneNumber: "(415) 555-2671", customerId: id }),
        )
      ).body,
    ).toEqual({ isTaken: false, takenBy: null });
    expect(
      (await call(checkPhone, post("/api/customers/check-phone-number", tech, { phoneNumber: "4155552671" }))).status,
    ).toBe(403);

    const dup = await call(
      createAction,
      post("/api/customers/create", admin, {
        firstName: "Other",
        email: "mary@example.com",
        mainPhoneNumber: "+14155552671",
      }),
    );
    expect(dup).toEqual({
      status: 400,
      body: {
        errors: {
          email: "Email already taken by Mary Jones",
          mainPhoneNumber: "Primary Phone already taken by Mary Jones",
        },
      },
    });
    const invalid = await call(
      createAction,
      post("/api/customers/create", admin, {
        firstName: "M",
        lastName: "J",
        email: "nope",
        mainPhoneNumber: "123",
        addresses: [{ location: "x", unitNumber: "12345678901" }],
      }),
    );
    expect(invalid.body).toEqual({
      errors: {
        firstName: "First Name is too short - 2 chars minimum",
        lastName: "Last Name is too short - 2 chars minimum",
        email: "Incorrect email format",
        mainPhoneNumber: "Phone number must be valid",
        "addresses.0.unitNumber": "Unit # should be 10 characters maximum",
      },
    });
    expect(
      (await call(createAction, post("/api/customers/create", other, { firstName: "Mary", email: "mary@example.com" })))
        .status,
    ).toBe(201);

    const updated = await call(
      updateAction,
      post(
        "/api/customers/update",
        admin,
        {
          id,
          firstName: "Marie",
          lastName: "Jones",
          email: "mary@example.com",
          tagIds: [vipId],
          addresses: [{ id: (full.body as { addresses: { id: number }[] }).addresses[0].id, location: "1 Oak Street" }],
        },
        "PUT",
      ),
    );
    expect(updated).toEqual({ status: 200, body: { customerId: id } });
    expect(
      (await call(updateAction, post("/api/customers/update", other, { id, firstName: "Hacker" }, "PUT"))).status,
    ).toBe(404);

    const page = await call(
      pageLoader,
      makeRequest(`/api/customers/page?pageNumber=1&pageSize=10&tagIds[0]=${vipId}&searchQuery=oak`, { cookie: admin }),
    );
    expect(page.body).toMatchObject({
      total: 1,
      pageNumber: 1,
      pageSize: 10,
      totalIsCapped: false,
      items: [
        { id, firstName: "Marie", billingAddress: { location: "1 Oak Street" }, tags: [{ id: vipId, label: "VIP" }] },
      ],
    });
    expect(
      (await call(pageLoader, makeRequest(`/api/customers/page?excludeTagIds[0]=${vipId}`, { cookie: admin }))).body,
    ).toMatchObject({ total: 0 });
    expect(
      (await call(pageLoader, makeRequest(`/api/customers/page?searchQuery=oak`, { cookie: other }))).body,
    ).toMatchObject({ total: 0, items: [] });
    expect((await call(pageLoader, makeRequest(`/api/customers/page`, { cookie: tech }))).status).toBe(403);
    expect(
      (await call(searchLoader, makeRequest(`/api/customers/search?searchQuery=mar`, { cookie: admin }))).body,
    ).toMatchObject([{ id }]);
    expect(
      (await call(searchLoader, makeRequest(`/api/customers/search?searchQuery=mar`, { cookie: tech }))).body,
    ).toMatchObject([{ id }]);
    expect(
      (
        await call(estimatesLoader, makeRequest(`/api/customers/${id}/estimates/page`, { cookie: admin }), {
          id: String(id),
        })
      ).body,
    ).toEqual({ items: [], total: 0, pageNumber: 1, pageSize: 10 });
    expect(
      (
        await call(estimatesLoader, makeRequest(`/api/customers/${id}/estimates/page`, { cookie: other }), {
          id: String(id),
        })
      ).status,
    ).toBe(404);

    expect(
      (
        await call(jobsLoader, makeRequest(`/api/customers/${id}/jobs/page?pageSize=5`, { cookie: admin }), {
          id: String(id),
        })
      ).body,
    ).toEqual({ items: [], total: 0, pageNumber: 1, pageSize: 5 });
    expect(
      (await call(jobsLoader, makeRequest(`/api/customers/${id}/jobs/page`, { cookie: other }), { id: String(id) }))
        .status,
    ).toBe(404);

    const addressId = (full.body as { addresses: { id: number }[] }).addresses[0].id;
    const geo = await call(
      geoAction,
      post(
        `/api/customers/${id}/address-geo-data`,
        admin,
        [{ id: addressId, geoData: { placeId: "p1", latitude: 40.1, longitude: -74.2 } }],
        "PATCH",
      ),
      { id: String(id) },
    );
    expect(geo.body).toMatchObject({
      addresses: [{ id: addressId, geoData: { placeId: "p1", latitude: 40.1, longitude: -74.2 } }],
    });
    expect(
      (
        await call(
          geoAction,
          post(`/api/customers/${id}/address-geo-data`, other, [{ id: addressId, geoData: null }], "PATCH"),
          { id: String(id) },
        )
      ).status,
    ).toBe(404);

    expect(
      (await call(deleteAction, makeRequest(`/api/customers?id=${id}`, { method: "DELETE", cookie: other }))).status,
    ).toBe(404);
    expect(
      (await call(deleteAction, makeRequest(`/api/customers?id=${id}`, { method: "DELETE", cookie: admin }))).status,
    ).toBe(200);
    expect(
      (await call(getLoader, makeRequest(`/api/customers/${id}`, { cookie: admin }), { id: String(id) })).status,
    ).toBe(404);
  });

  it("imports a CSV with a row-by-row report, twice without duplicates, and exports", async () => {
    const template = await call(templateLoader, makeRequest("/api/customers/downloadTemplate", { cookie: admin }));
    expect(String(template.body).split("\n")[0]).toContain("First Name,Last Name,Email");
    const csv = [
      String(template.body).split("\n")[0],
      "Paul,Smith,paul@example.com,,(212) 555-0101,,,Smith & Co,no,5 Pine Rd,,,,VIP;New Tag,Google",
      "X,,bad-email,,,,,,,,,,,,",
      "Rita,Moss,,,(212) 555-0102,,,,,,,,,,",
      "Paula,Smith,PAUL@example.com,,,,,,,,,,,,",
    ].join("\n");
    const upload = () => {
      const form = new FormData();
      form.set("file", new File([csv], "customers.csv", { type: "text/csv" }));
      return call(
        uploadAction,
        makeRequest("/api/customers/uploadCustomers", { method: "POST", cookie: admin, body: form }),
      );
    };
    const first = await upload();
    expect(first.body).toMatchObject({
      imported: 2,
      skipped: 1,
      rejected: 1,
      rows: [
        { row: 2, status: "imported", name: "Paul Smith" },
        {
          row: 3,
          status: "rejected",
          messages: ["Email: Incorrect email format", "First Name: First Name is too short - 2 chars minimum"],
        },
        { row: 4, status: "imported" },
        { row: 5, status: "skipped", messages: ["Already exists: Paul Smith"] },
      ],
    });
    const second = await upload();
    expect(second.body).toMatchObject({ imported: 0, skipped: 3, rejected: 1 });
    const exported = await call(exportLoader, makeRequest("/api/customers/exportCustomers", { cookie: admin }));
    const lines = String(exported.body).trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      "Paul,Smith,paul@example.com,,'+12125550101,,,Smith & Co,no,5 Pine Rd,,,,New Tag; VIP,Google",
    );
    const otherExport = await call(exportLoader, makeRequest("/api/customers/exportCustomers", { cookie: other }));
    expect(String(otherExport.body)).not.toContain("Paul");
  });

  it("stores attachments checked by content, with the spec's messages", async () => {
    const created = await call(createAction, post("/api/customers/create", admin, { firstName: "Files" }));
    const customerId = (created.body as { customerId: number }).customerId;
    const png = await solidImage(4, 4, "png", "#ff0000");
    const send = (cookie: string, files: File[]) => {
      const form = new FormData();
      form.set("customerId", String(customerId));
      for (const f of files) form.append("files", f);
      return call(attachmentAction, makeRequest("/api/customers/attachment", { method: "POST", cookie, body: form }));
    };
    const big = new File([new Uint8Array(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]))], "big.png");
    const result = await send(admin, [
      new File([new Uint8Array(png)], "photo.png"),
      new File(["hello"], "notes.txt"),
      new File(["MZ fake"], "virus.pdf"),
      big,
    ]);
    expect(result.status).toBe(200);
    const body = result.body as {
      attachments: { fileUrl: string; fileName: string; contentType: string }[];
      errors: string[];
    };
    expect(body.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ["photo.png", "image/png"],
      ["notes.txt", "text/plain; charset=utf-8"],
    ]);
    expect(body.errors).toEqual([
      expect.stringContaining("virus.pdf: only images"),
      "The image file size cannot exceed 10 MB.",
    ]);
    expect((await send(other, [new File([new Uint8Array(png)], "x.png")])).status).toBe(404);
    const tooMany = await send(
      admin,
      Array.from({ length: 19 }, (_, i) => new File([new Uint8Array(png)], `p${i}.png`)),
    );
    expect(tooMany.body).toMatchObject({ message: "Maximum 18 attachment(s) can be uploaded." });
    const del = (cookie: string) =>
      call(
        attachmentAction,
        post("/api/customers/attachment", cookie, { customerId, fileUrl: body.attachments[0].fileUrl }, "DELETE"),
      );
    expect((await del(other)).status).toBe(404);
    expect((await del(admin)).status).toBe(200);
    expect((await del(admin)).status).toBe(404);
  });

  it("documents every customers call in the OpenAPI document", () => {
    const paths = Object.keys(openApiDocument().paths ?? {});
    for (const path of [
      "/api/customers",
      "/api/customers/check-email",
      "/api/customers/check-phone-number",
      "/api/customers/create",
      "/api/customers/update",
      "/api/customers/page",
      "/api/customers/search",
      "/api/customers/{id}",
      "/api/customers/{id}/reduced",
      "/api/customers/{id}/jobs/page",
      "/api/customers/{id}/estimates/page",
      "/api/customers/{id}/invoices/page",
      "/api/customers/{id}/subscriptions-invoices/page",
      "/api/customers/downloadTemplate",
      "/api/customers/exportCustomers",
      "/api/customers/uploadCustomers",
      "/api/customers/attachment",
      "/api/customers/{id}/address-geo-data",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
