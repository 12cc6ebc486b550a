// Checklists on jobs and estimates from the attacker's side, over HTTP against the built server with
// the demo data: a field tech reaches only their own jobs, another company's job, checklist and form
// ids answer 404 (assigning another company's form to your own job too) and change nothing, prototype
// keys supply nothing, and a non-image or oversize photo is refused while it streams.
import { beforeAll, describe, expect, test } from "vitest";
import { solidImage } from "../helpers/solid-image";
import { assignToNewRecord, createForm } from "../e2e/public-checklist-setup";
import { call, createOwnersCustomer, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie, postForm } from "./harness";

type Checklist = {
  id: number;
  companyCheckListId: number;
  items: { key: string; label: string }[];
  answers: Record<string, { value?: unknown; files?: unknown[] }>;
};

let admin: string;
let owner: string;
let formId: number;
let jobId: number;
let checklist: Checklist;
let keyOf: Record<string, string>;
let ownerJob: number;
let ownerForm: number;

let address = 0;
/** A multipart PUT of answers, from its own address. */
const put = (path: string, cookie: string, body: FormData) =>
  fetch(`${baseUrl()}${path}`, {
    method: "PUT",
    headers: { Cookie: cookie, Origin: baseUrl(), "X-Forwarded-For": `198.18.0.${(address = (address + 1) % 250)}` },
    body,
    redirect: "manual",
  });

const checklistsOf = async (cookie: string, id = jobId) =>
  dataOf<Checklist[]>(await call(`/api/jobs/${id}/checklists`, { cookie }));

const answerPath = (id = jobId, checklistId = checklist.id) => `/api/jobs/${id}/checklist/${checklistId}`;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  formId = await createForm(baseUrl(), admin, `Checklist security ${Date.now()}`);
  const assigned = await assignToNewRecord(baseUrl(), admin, {
    customerId: demoRecordIds("company admin").customers,
    formId,
  });
  jobId = assigned.recordId;
  [checklist] = await checklistsOf(admin);
  keyOf = Object.fromEntries(checklist.items.map((i) => [i.label, i.key]));
  owner = await signUpOwner({ name: "Lists", phoneNumber: "+17045550191" });
  const customerId = await createOwnersCustomer(owner);
  const created = await call("/api/jobs", {
    cookie: owner,
    method: "POST",
    body: { customerId, name: "Own job", lineItems: [{ name: "Visit", unitPrice: 10 }] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  ownerJob = (await dataOf<{ id: number }>(created)).id;
  ownerForm = await createForm(baseUrl(), owner, `Own form ${Date.now()}`);
});

describe("roles", () => {
  test("a field tech not on the job gets 404 on its checklists; office staff may fill them in", async () => {
    const tech = await liveSessionCookie("field tech");
    for (const path of [`/jobs/${jobId}/checklist/${checklist.id}`, answerPath(), `/api/jobs/${jobId}/checklists`])
      expect((await call(path, { cookie: tech })).status, path).toBe(404);
    expect((await put(answerPath(), tech, new FormData())).status).toBe(404);
    const assign = await call("/api/jobs/assign-checklists", {
      cookie: tech,
      method: "POST",
      body: { jobId, companyCheckListIds: [formId] },
    });
    expect(assign.status).toBe(404);
    const remove = await call("/api/jobs/remove-checklist", {
      cookie: tech,
      method: "POST",
      body: { jobId, companyCheckListId: formId },
    });
    expect(remove.status).toBe(404);
    const staff = await liveSessionCookie("office staff");
    expect((await call(`/jobs/${jobId}/checklist/${checklist.id}`, { cookie: staff })).status).toBe(200);
    expect(await checklistsOf(admin)).toHaveLength(1);
  });
});

describe("another company's ids", () => {
  test("its job, checklist and form answer 404 on pages and calls, and nothing changes", async () => {
    expect((await call(`/jobs/${jobId}/checklist/${checklist.id}`, { cookie: owner })).status).toBe(404);
    expect((await call(answerPath(), { cookie: owner })).status).toBe(404);
    const answers = new FormData();
    answers.set(`answer-${keyOf["Gate closed"]}`, "on");
    expect((await put(answerPath(), owner, answers)).status).toBe(404);
    // The demo company's checklist through the owner's own job.
    expect((await put(answerPath(ownerJob), owner, answers)).status).toBe(404);
    for (const body of [
      { jobId, companyCheckListIds: [ownerForm] },
      { jobId: ownerJob, companyCheckListIds: [formId] },
    ]) {
      const res = await call("/api/jobs/assign-checklists", { cookie: owner, method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(await res.json()).toEqual({ exceptionType: "not_found", message: "Not found" });
    }
    // The page's form too: the demo company's form onto the owner's job.
    const page = await postForm(
      `/jobs/${ownerJob}?checklists`,
      owner,
      new URLSearchParams({ intent: "assignChecklists", companyCheckListIds: String(formId) }),
    );
    expect(page.status).toBe(404);
    const remove = await call("/api/jobs/remove-checklist", {
      cookie: owner,
      method: "POST",
      body: { jobId, companyCheckListId: formId },
    });
    expect(remove.status).toBe(404);
    expect(await checklistsOf(owner, ownerJob)).toEqual([]);
    const [mine] = await checklistsOf(admin);
    expect(mine.answers).toEqual({});
  });
});

describe("bodies", () => {
  test("prototype keys in the JSON body and the multipart answers supply nothing", async () => {
    const res = await call("/api/jobs/assign-checklists", {
      cookie: admin,
      method: "POST",
      body: `{"jobId": ${jobId}, "__proto__": {"companyCheckListIds": [${formId}]}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { companyCheckListIds: "Choose at least one form" } });
    const form = new FormData();
    form.set("__proto__[answer-x]", "on");
    form.set("answer-__proto__", "on");
    form.set("constructor[prototype][polluted]", "yes");
    form.set(`answer-${keyOf["Gate closed"]}`, "on");
    const saved = await put(answerPath(), admin, form);
    expect(saved.status).toBe(400);
    const body = (await saved.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([`answer-${keyOf["Lawn condition"]}`, `answer-${keyOf["Signature"]}`]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a photo that is not an image, and one past 10 MB, are refused with their messages", async () => {
    const photos = `answer-${keyOf["Photos of the yard"]}`;
    const notImage = new FormData();
    notImage.append(photos, new File([Buffer.from("%PDF-1.4\n1 0 obj\n")], "yard.png", { type: "image/png" }));
    const refused = await put(answerPath(), admin, notImage);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: { [photos]: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif." },
    });
    const png = await solidImage(40, 30);
    const big = new FormData();
    big.append(
      photos,
      new File([new Uint8Array(png), new Uint8Array(10 * 1024 * 1024)], "huge.png", { type: "image/png" }),
    );
    const tooLarge = await put(answerPath(), admin, big);
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ message: "The image file size cannot exceed 10 MB." });
    const [mine] = await checklistsOf(admin);
    expect(mine.answers).toEqual({});
  });
});
