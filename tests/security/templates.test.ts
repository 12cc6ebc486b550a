// Job and estimate templates from the attacker's side, over HTTP against the built server with the
// demo data: field techs and office staff get 403 on every screen and call; another company's
// template answers 404 on its page, every intent and every call, and changes nothing; hostile
// bodies (prototype keys, huge ones, a file that is not what it says) are refused without a 500.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, liveSessionCookie, postForm } from "./harness";

const MB = 1024 * 1024;
let admin: string;
let owner: string;
let template: number;

let address = 0;
function multipart(path: string, cookie: string, form: FormData) {
  address += 1;
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl(), "X-Forwarded-For": `203.0.113.${address % 250}` },
    body: form,
    redirect: "manual",
  });
}
const upload = (cookie: string, id: number, file: File) => {
  const form = new FormData();
  form.set("templateId", String(id));
  form.set("files", file);
  return multipart("/api/templates/attachment", cookie, form);
};
const read = async (id: number) =>
  dataOf<{ name: string; data: Record<string, unknown> }>(await call(`/api/templates/${id}`, { cookie: admin }));

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  owner = await signUpOwner({ name: "Templates", phoneNumber: "+17045550187" });
  const created = await call("/api/templates", {
    cookie: admin,
    method: "POST",
    body: {
      entityType: 0,
      name: `Security ${Date.now()}`,
      data: { description: "Secret", lineItems: [{ name: "A", unitPrice: 5 }] },
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  template = (await dataOf<{ id: number }>(created)).id;
});

describe("roles", () => {
  test("field techs and office staff get 403 on every templates screen, post and call", async () => {
    for (const role of ["field tech", "office staff"] as const) {
      const cookie = await liveSessionCookie(role);
      for (const path of ["/templates", "/templates/job/new", "/templates/estimate/new", `/templates/${template}`]) {
        const res = await call(path, { cookie });
        expect(res.status, `${role} GET ${path}`).toBe(403);
      }
      expect(
        (await postForm("/templates/job/new", cookie, new URLSearchParams({ intent: "save", name: "X" }))).status,
      ).toBe(403);
      expect((await postForm(`/templates/${template}`, cookie, new URLSearchParams({ intent: "delete" }))).status).toBe(
        403,
      );
      for (const path of ["/api/templates/page", "/api/templates/all?type=0", `/api/templates/${template}`])
        expect((await call(path, { cookie })).status, `${role} ${path}`).toBe(403);
      expect(
        (await call("/api/templates", { cookie, method: "POST", body: { entityType: 0, name: "X" } })).status,
      ).toBe(403);
      expect((await call(`/api/templates/${template}`, { cookie, method: "DELETE" })).status).toBe(403);
      expect((await upload(cookie, template, new File(["x"], "a.txt", { type: "text/plain" }))).status).toBe(403);
    }
    expect((await read(template)).name).toMatch(/^Security /);
  });

  test("without a session the API answers 401 and a screen sends to the sign-in page", async () => {
    expect((await call(`/api/templates/${template}`)).status).toBe(401);
    const page = await call("/templates");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("another company", () => {
  test("its template answers 404 on the page, every intent and every call, and nothing changes", async () => {
    const notFound = { exceptionType: "not_found", message: "Not found" };
    expect((await call(`/templates/${template}`, { cookie: owner })).status).toBe(404);
    for (const intent of ["save", "delete", "deleteAttachment"]) {
      const res = await postForm(`/templates/${template}`, owner, new URLSearchParams({ intent, name: "Mine" }));
      expect(res.status, intent).toBe(404);
    }
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await call(`/api/templates/${template}`, {
        cookie: owner,
        method,
        body: method === "PUT" ? { entityType: 0, name: "Mine" } : undefined,
      });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual(notFound);
    }
    const file = await upload(owner, template, new File(["hello"], "a.txt", { type: "text/plain" }));
    expect(file.status).toBe(404);
    // Nor does a job of theirs start from it.
    const page = await call("/api/templates/page", { cookie: owner });
    expect((await dataOf<{ total: number }>(page)).total).toBe(0);
    const stored = await read(template);
    expect([stored.name.startsWith("Security "), stored.data.description]).toEqual([true, "Secret"]);
  });
});

describe("hostile input", () => {
  test("prototype keys in a body or a form supply nothing", async () => {
    const res = await call("/api/templates", {
      cookie: admin,
      method: "POST",
      body: '{"entityType":0,"name":"Proto","__proto__":{"isAdmin":true},"data":{"constructor":{"prototype":{"x":1}},"lineItems":[{"name":"A","unitPrice":1,"__proto__":{"cost":99}}]}}',
    });
    expect(res.status).toBe(201);
    const id = (await dataOf<{ id: number }>(res)).id;
    const stored = await read(id);
    expect((stored.data.lineItems as Array<Record<string, unknown>>)[0]).toMatchObject({ name: "A", cost: 0 });
    const form = await postForm(
      "/templates/job/new",
      admin,
      new URLSearchParams({
        intent: "save",
        name: "Proto form",
        "__proto__[role]": "3",
        "lineItems[0][__proto__][x]": "1",
      }),
    );
    expect(form.status).toBe(302);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  test("a huge body is refused before it is read, and too many lines is a field error", async () => {
    const huge = await call("/api/templates", {
      cookie: admin,
      method: "POST",
      body: JSON.stringify({ entityType: 0, name: "Huge", data: { description: "x".repeat(3 * MB) } }),
    });
    expect(huge.status).toBe(413);
    const lines = Array.from({ length: 201 }, (_, i) => ({ name: `L${i}`, unitPrice: 1 }));
    const many = await call("/api/templates", {
      cookie: admin,
      method: "POST",
      body: { entityType: 0, name: "Many", data: { lineItems: lines } },
    });
    expect(many.status).toBe(400);
    expect(await many.json()).toEqual({ errors: { lineItems: "Array must contain at most 200 element(s)" } });
  });

  test("a file that is not what it says, and a line image that is not an image, are refused", async () => {
    const exe = await upload(
      admin,
      template,
      new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], "manual.pdf", { type: "application/pdf" }),
    );
    expect(exe.status).toBe(400);
    expect(await exe.json()).toEqual({
      errors: {
        files:
          "manual.pdf: only images (jpeg, jpg, gif, png), videos (mp4, webm, mov, mkv) and documents (odt, ods, doc, docx, pdf, txt, xlsx, xls) can be attached.",
      },
    });
    const image = new FormData();
    image.set("file", new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.png", { type: "image/png" }));
    const svg = await multipart("/api/templates/upload-line-item-image", admin, image);
    expect(svg.status).toBe(400);
    const answered = (await svg.json()) as { message: string };
    expect(answered.message).toBe("Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.");
  });
});
