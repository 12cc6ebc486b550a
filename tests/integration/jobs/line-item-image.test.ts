import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Role } from "~/access/roles";
import { action as uploadAction } from "~/routes/api+/jobs+/upload-line-item-image";
import { loader as fileLoader } from "~/routes/files+/$";
import { action as createAction } from "~/routes/api+/jobs+/_layout";
import { getJob } from "~/models/jobs/jobs.server";
import { jobsFixture } from "./fixtures";
import { createTestCompany, createTestUser, makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

const PATH = "/api/jobs/upload-line-item-image";

async function upload(cookie: string | undefined, data: Buffer | string, filename: string, type = "image/png") {
  const form = new FormData();
  form.set("file", new File([typeof data === "string" ? data : new Uint8Array(data)], filename, { type }));
  const res = await runRoute(uploadAction, makeRequest(PATH, { method: "POST", cookie, body: form }));
  return { status: res.status, body: await res.json() };
}

describe("POST /api/jobs/upload-line-item-image", () => {
  it("stores a PNG under the company as a 400x400 PNG that its URL serves, even without sign-in", async () => {
    const company = await createTestCompany();
    const tech = await createTestUser(company.companyId, Role.FieldTech);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2E86C1" } })
      .png()
      .toBuffer();
    const uploaded = await upload(await sessionCookie(tech.userId), png, "faucet.png");
    expect(uploaded.status).toBe(201);
    const { imageUrl, publicImageUrl } = uploaded.body.data;
    expect(imageUrl).toMatch(new RegExp(`^/files/${company.companyId}/line-items/[\\w-]+\\.png$`));
    // Built from APP_URL (here unset: the development server's own address), never from the request.
    expect(publicImageUrl).toBe(`http://localhost:3000${imageUrl}`);
    const served = await runRoute(fileLoader, makeRequest(imageUrl), { "*": imageUrl.slice("/files/".length) });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", width: 400, height: 400 });
  });

  it("refuses a text file named .png and an image over 10 MB with the spec's messages", async () => {
    const company = await createTestCompany();
    const cookie = await sessionCookie(company.userId);
    const fake = await upload(cookie, "just some text", "photo.png");
    expect(fake.status).toBe(400);
    expect(fake.body.message).toMatch(/^Failed to upload image\./);
    expect(fake.body.errors.file).toBe(fake.body.message);
    const big = await upload(cookie, Buffer.alloc(10 * 1024 * 1024 + 1), "big.png");
    expect(big).toEqual({
      status: 400,
      body: {
        message: "The image file size cannot exceed 10 MB.",
        errors: { file: "The image file size cannot exceed 10 MB." },
      },
    });
    expect((await upload(cookie, "", "empty.png")).body.message).toBe("Failed to upload image.");
  });

  it("is open to every signed-in role of any company (jobs), 401 without a session, 405 for other methods", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const first = await createTestCompany();
    const second = await createTestCompany();
    const office = await createTestUser(first.companyId, Role.OfficeStaff);
    for (const [userId, companyId] of [
      [office.userId, first.companyId],
      [second.userId, second.companyId],
    ]) {
      const res = await upload(await sessionCookie(userId), png, "a.png");
      expect(res.status).toBe(201);
      expect(res.body.data.imageUrl).toContain(`/files/${companyId}/line-items/`);
    }
    expect((await upload(undefined, png, "a.png")).status).toBe(401);
    const put = await runRoute(
      uploadAction,
      makeRequest(PATH, { method: "PUT", cookie: await sessionCookie(first.userId), json: {} }),
    );
    expect(put.status).toBe(405);
  });

  it("lets a job line carry the company's own uploaded image and refuses any other URL", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const mine = (await upload(await sessionCookie(f.adminId), png, "valve.png")).body.data.imageUrl as string;
    const theirs = (await upload(await sessionCookie(other.adminId), png, "valve.png")).body.data.imageUrl as string;
    const admin = await sessionCookie(f.adminId);
    const create = (imageUrl: string) =>
      runRoute(
        createAction,
        makeRequest("/api/jobs", {
          method: "POST",
          cookie: admin,
          json: { customerId: f.customerId, lineItems: [{ name: "Valve", unitPrice: 20, imageUrl }] },
        }),
      );
    const created = await create(mine);
    expect(created.status).toBe(201);
    const job = await getJob(f.admin, (await created.json()).data.id);
    expect(job!.lineItems[0].imageUrl).toBe(mine);
    for (const url of [theirs, "https://tracker.example/pixel.png"]) {
      const refused = await create(url);
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors).toEqual({
        "lineItems[0].imageUrl": "The image must be uploaded through jobs/upload-line-item-image",
      });
    }
  });
});
