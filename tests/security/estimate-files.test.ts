// Estimate files from the attacker's side, over HTTP against the built server with the demo data:
// another company's estimate answers 404 on attach, current-state attach and delete; a field tech
// reaches only the estimates assigned to them; the type is told by content and the size limit is
// kept while the body streams; a file URL of one estimate cannot be deleted through another.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";
import { PNG } from "../helpers/tiny-png";

const MB = 1024 * 1024;

let admin: string;
let tech: string;
let owner: string;
let demo: Record<string, number>;

let address = 0;
/** A multipart upload of one file to an estimate (each from its own address, as `call` does). */
function upload(path: string, cookie: string, estimateId: number, file: { name: string; data: Buffer }) {
  const form = new FormData();
  form.set("estimateId", String(estimateId));
  form.set("files", new File([new Uint8Array(file.data)], file.name));
  address += 1;
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "X-Forwarded-For": `203.0.113.${address % 250}` },
    body: form,
    redirect: "manual",
  });
}

async function newEstimate(cookie: string) {
  const created = await call("/api/estimates", {
    cookie,
    method: "POST",
    body: { customerId: demo.customers, lineItems: [{ name: "Look", unitPrice: 10 }] },
  });
  expect(created.status).toBe(201);
  return (await dataOf<{ id: number }>(created)).id;
}

const filesOf = async (id: number) =>
  (await dataOf<{ attachments: Array<{ fileUrl: string }> }>(await call(`/api/estimates/${id}`, { cookie: admin })))
    .attachments;
/** DELETE /api/estimates/attachment: the file of that URL, of that estimate. */
const deleteFile = (cookie: string, estimateId: number, fileUrl: string) =>
  call("/api/estimates/attachment", { cookie, method: "DELETE", body: { estimateId, fileUrl } });

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  demo = demoRecordIds("company admin");
  owner = await signUpOwner({ name: "EstimateFiles", phoneNumber: "+17045550183" });
});

describe("estimate files", () => {
  test("another company's estimate is 404 on attach and delete, and its files stay", async () => {
    const id = await newEstimate(admin);
    const stored = await upload("/api/estimates/attachment", admin, id, { name: "plan.png", data: PNG });
    expect(stored.status).toBe(201);
    const { fileUrl } = await dataOf<{ fileUrl: string }>(stored);
    for (const path of ["/api/estimates/attachment", "/api/estimates/currentStateAttachment"])
      expect((await upload(path, owner, id, { name: "mine.png", data: PNG })).status, path).toBe(404);
    const removed = await deleteFile(owner, id, fileUrl);
    expect(removed.status).toBe(404);
    expect((await call(fileUrl, { cookie: owner })).status).toBe(404);
    expect((await filesOf(id)).map((f) => f.fileUrl)).toEqual([fileUrl]);
    expect((await call(fileUrl, { cookie: admin })).status).toBe(200);
  });

  test("a field tech attaches to their own estimate only", async () => {
    const theirs = await newEstimate(admin);
    for (const path of ["/api/estimates/attachment", "/api/estimates/currentStateAttachment"])
      expect((await upload(path, tech, theirs, { name: "x.png", data: PNG })).status, path).toBe(404);
    const stored = await upload("/api/estimates/attachment", admin, theirs, { name: "office.png", data: PNG });
    const { fileUrl } = await dataOf<{ fileUrl: string }>(stored);
    const removed = await deleteFile(tech, theirs, fileUrl);
    expect(removed.status).toBe(404);
    expect((await filesOf(theirs)).map((f) => f.fileUrl)).toEqual([fileUrl]);

    const mine = await newEstimate(tech);
    expect(
      (await upload("/api/estimates/currentStateAttachment", tech, mine, { name: "s.png", data: PNG })).status,
    ).toBe(201);
  });

  test("refuses a file by its content, and one too large while it streams", async () => {
    const id = await newEstimate(admin);
    const exe = await upload("/api/estimates/attachment", admin, id, {
      name: "photo.png",
      data: Buffer.from("MZ\x90\x00 an executable"),
    });
    expect(exe.status).toBe(400);
    expect(await exe.json()).toEqual({
      errors: {
        files:
          "photo.png: only images (jpeg, jpg, gif, png), videos (mp4, webm, mov, mkv) and documents (odt, ods, doc, docx, pdf, txt, xlsx, xls) can be attached.",
      },
    });
    const big = await upload("/api/estimates/attachment", admin, id, {
      name: "big.png",
      data: Buffer.concat([PNG, Buffer.alloc(10 * MB)]),
    });
    expect(big.status).toBe(400);
    expect(((await big.json()) as { message: string }).message).toBe("The image file size cannot exceed 10 MB.");
    expect(await filesOf(id)).toEqual([]);
  });

  test("a file URL of one estimate is not deleted through another", async () => {
    const first = await newEstimate(admin);
    const second = await newEstimate(admin);
    const stored = await upload("/api/estimates/attachment", admin, first, { name: "first.png", data: PNG });
    const { fileUrl } = await dataOf<{ fileUrl: string }>(stored);
    const removed = await deleteFile(admin, second, fileUrl);
    expect(removed.status).toBe(404);
    expect((await filesOf(first)).map((f) => f.fileUrl)).toEqual([fileUrl]);
    expect((await call(fileUrl, { cookie: admin })).status).toBe(200);
    const own = await deleteFile(admin, first, fileUrl);
    expect(own.status).toBe(200);
    expect(await filesOf(first)).toEqual([]);
    expect((await call(fileUrl, { cookie: admin })).status).toBe(404);
  });
});
