// Public checklists from the attacker's side, over HTTP against the built server with the demo data:
// every path segment (company, record kind, record id, token) must match or the answer is 404, the
// same for pages, the JSON call and files; the public answers name no storage key; the customer's
// form takes no prototype keys, no oversize or non-image photo, and nothing once it is completed.
import { beforeAll, describe, expect, test } from "vitest";
import { solidImage } from "../helpers/solid-image";
import { createForm, assignToNewRecord, type AssignedChecklist } from "../e2e/public-checklist-setup";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

type Item = { key: string; type: number; label: string; files: Array<{ url: string }>; answer: string };
type View = { name: string; completed: boolean; items: Item[] };

let job: AssignedChecklist;
let estimate: AssignedChecklist;
let items: Record<string, string>;

let address = 0;
const from = () => `203.0.113.${(address = (address + 1) % 250)}`;
const get = (path: string) =>
  fetch(`${baseUrl()}${path}`, { headers: { "X-Forwarded-For": from() }, redirect: "manual" });
const post = (path: string, body: FormData) =>
  fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Origin: baseUrl(), "X-Forwarded-For": from() },
    body,
    redirect: "manual",
  });
const viewOf = async (c: AssignedChecklist) => ((await (await get(c.apiPath)).json()) as { data: View }).data;
const png = async () => new Uint8Array(await solidImage(40, 30));

beforeAll(async () => {
  const admin = await liveSessionCookie("company admin");
  const customerId = demoRecordIds("company admin").customers;
  const formId = await createForm(baseUrl(), admin, `Security form ${Date.now()}`);
  job = await assignToNewRecord(baseUrl(), admin, { customerId, formId });
  estimate = await assignToNewRecord(baseUrl(), admin, { customerId, formId, entity: "estimate" });
  items = Object.fromEntries((await viewOf(job)).items.map((i) => [i.label, i.key]));
});

/** The same checklist's paths with one segment changed at a time. */
function mismatches(c: AssignedChecklist, other: AssignedChecklist) {
  const { companyId: co, recordId: id, token } = c;
  const guesses = [
    "A".repeat(24),
    `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
    token.slice(0, 15),
    `${token}x`.padEnd(65, "x"),
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
  ];
  return [
    // Another company's path for this token, and this token on the other record.
    { co: co + 1, id, token },
    { co: 1, id, token },
    { co, id: other.recordId, token },
    { co, id: id + 100000, token },
    { co, id: "0", token },
    { co, id: "1e3", token },
    { co, id, token: other.token },
    ...guesses.map((guess) => ({ co, id, token: guess })),
  ];
}

describe("public checklist paths", () => {
  test("the right path answers, without being kept by any cache", async () => {
    for (const path of [job.publicPath, job.formPath, job.apiPath, estimate.publicPath, estimate.formPath]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toContain("no-store");
    }
  });

  test("any mismatched segment is 404: company, record id, record kind, guessed tokens", async () => {
    for (const [c, other] of [
      [job, estimate],
      [estimate, job],
    ] as const) {
      const kind = `${c.entity}s`;
      const otherKind = `${other.entity}s`;
      for (const { co, id, token } of mismatches(c, other)) {
        for (const path of [
          `/${kind}/public-checklist/${co}/${id}/${token}`,
          `/api/${kind}/public-checklist/${co}/${id}/${token}`,
          `/company-public-forms/${co}/${c.entity}/${id}/form/${token}`,
        ])
          expect((await get(path)).status, path).toBe(404);
      }
      // The right segments under the other kind of record, or an unknown kind.
      for (const path of [
        `/${otherKind}/public-checklist/${c.companyId}/${c.recordId}/${c.token}`,
        `/api/${otherKind}/public-checklist/${c.companyId}/${c.recordId}/${c.token}`,
        `/company-public-forms/${c.companyId}/${other.entity}/${c.recordId}/form/${c.token}`,
        `/company-public-forms/${c.companyId}/invoice/${c.recordId}/form/${c.token}`,
        `/company-public-forms/${c.companyId}/Job/${c.recordId}/form/${c.token}`,
      ])
        expect((await get(path)).status, path).toBe(404);
    }
    const notFound = await get(`/api/jobs/public-checklist/${job.companyId}/${job.recordId}/${"A".repeat(24)}`);
    expect(await notFound.json()).toMatchObject({ exceptionType: "not_found" });
  });
});

describe("the customer's form under attack", () => {
  test("prototype keys supply nothing and pollute nothing", async () => {
    const form = new FormData();
    form.set("__proto__[polluted]", "yes");
    form.set("constructor[prototype][polluted]", "yes");
    form.set("__proto__", "on");
    form.set(`answer-${items["Gate closed"]}`, "on");
    const res = await post(job.formPath, form);
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Lawn condition is required");
    expect(html).toContain("Signature is required");
    const view = await viewOf(job);
    expect(view.completed).toBe(false);
    expect(view.items.every((i) => i.answer === "" || i.answer === "Not checked")).toBe(true);
  });

  test("a photo that is not an image, or too large while it streams, is refused and nothing is kept", async () => {
    const photos = `answer-${items["Photos of the yard"]}`;
    const filled = () => {
      const form = new FormData();
      form.set(`answer-${items["Gate closed"]}`, "on");
      form.set(`answer-${items["Lawn condition"]}`, "good");
      form.set(`answer-${items["Signature"]}`, "Mallory");
      return form;
    };
    const script = filled();
    script.append(photos, new File(["<script>alert(1)</script>"], "yard.png", { type: "image/png" }));
    const refused = await post(job.formPath, script);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.");

    const huge = filled();
    const big = Buffer.alloc(11 * 1024 * 1024);
    (await solidImage(40, 30)).copy(big);
    huge.append(photos, new File([new Uint8Array(big)], "yard.png", { type: "image/png" }));
    const tooLarge = await post(job.formPath, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("The image file size cannot exceed 10 MB.");

    // A customer sends at most 5 photos a post (staff 20).
    const many = filled();
    for (let i = 0; i < 6; i++) many.append(photos, new File([await png()], `yard-${i}.png`, { type: "image/png" }));
    const tooMany = await post(job.formPath, many);
    expect(tooMany.status).toBe(413);
    expect(await tooMany.text()).toContain("Upload at most 5 images at a time.");

    const view = await viewOf(job);
    expect(view.completed).toBe(false);
    expect(view.items.find((i) => i.key === items["Photos of the yard"])!.files).toEqual([]);
  });

  test("public answers carry no storage keys; a completed form takes no more answers", async () => {
    const form = new FormData();
    form.set(`answer-${items["Gate closed"]}`, "on");
    form.set(`answer-${items["Lawn condition"]}`, "fair");
    form.set(`answer-${items["Signature"]}`, "Grace Customer");
    form.append(`answer-${items["Photos of the yard"]}`, new File([await png()], "yard.png", { type: "image/png" }));
    const saved = await post(estimate.formPath, form);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${estimate.formPath}?thanks`);

    const json = await (await get(estimate.apiPath)).text();
    const page = await (await get(estimate.publicPath)).text();
    for (const text of [json, page]) {
      expect(text).not.toContain("storageKey");
      expect(text).not.toMatch(/\/files\/\d+\/(checklists|signatures)\//);
    }
    const view = JSON.parse(json).data as View;
    expect(view.completed).toBe(true);
    const photos = view.items.find((i) => i.key === items["Photos of the yard"])!.files;
    const signature = view.items.find((i) => i.key === items["Signature"])!.files;
    expect(photos).toHaveLength(1);
    expect(signature).toHaveLength(1);
    for (const file of [...photos, ...signature]) {
      expect(file.url.startsWith(`${estimate.apiPath}/files/`)).toBe(true);
      const image = await get(file.url);
      expect(image.status).toBe(200);
      expect(image.headers.get("Content-Type")).toBe("image/png");
      expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    // Files by a position or item that is not there, or under another record's path.
    for (const bad of [
      `${estimate.apiPath}/files/${items["Photos of the yard"]}/1`,
      `${estimate.apiPath}/files/__proto__/0`,
      `${estimate.apiPath}/files/${items["Photos of the yard"]}/-1`,
      `${job.apiPath}/files/${items["Photos of the yard"]}/0`,
      photos[0].url.replace(`/${estimate.recordId}/`, `/${job.recordId}/`),
    ])
      expect((await get(bad)).status, bad).toBe(404);

    const again = new FormData();
    again.set(`answer-${items["Lawn condition"]}`, "poor");
    const late = await post(estimate.formPath, again);
    expect(late.status).toBe(409);
    expect(JSON.parse(await (await get(estimate.apiPath)).text()).data.items).toEqual(view.items);
  });
});
