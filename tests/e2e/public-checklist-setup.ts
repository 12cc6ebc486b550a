import { expect } from "vitest";

// A checklist assigned to a new job (or estimate) of the demo company, made as the office makes it:
// the form built on /forms/new, the record made through the API, the form assigned on the record's
// page; the public token read from the links the send call answers with.

let address = 0;
const headers = (base: string, cookie: string, type?: string) => {
  address += 1;
  return {
    Cookie: cookie,
    Origin: base,
    "X-Forwarded-For": `192.0.2.${address % 250}`,
    ...(type ? { "Content-Type": type } : {}),
  };
};

/** The items of the form: one of each kind the public form shows. */
export const PUBLIC_FORM_ITEMS = [
  { type: 0, label: "Gate closed", required: true },
  { type: 1, label: "Pet name", required: false },
  { type: 2, label: "Photos of the yard", required: false },
  { type: 4, label: "Lawn condition", required: true },
  { type: 5, label: "Signature", required: true },
  { type: 6, label: "Dog inside", required: false },
  { type: 7, label: "Anything else", required: false },
  { type: 8, label: "Best time", required: false, options: ["Morning", "Afternoon"] },
];

/** Builds a form on /forms/new and answers its id (from the list, found by its unique name). */
export async function createForm(base: string, cookie: string, name: string, items = PUBLIC_FORM_ITEMS) {
  const body = new URLSearchParams({ name, description: "", intent: "save" });
  items.forEach((item, i) => {
    body.set(`items[${i}].key`, "");
    body.set(`items[${i}].type`, String(item.type));
    body.set(`items[${i}].label`, item.label);
    if (item.required) body.set(`items[${i}].required`, "on");
    body.set(`items[${i}].options`, (item.options ?? []).join("\n"));
  });
  const saved = await fetch(`${base}/forms/new`, {
    method: "POST",
    headers: headers(base, cookie, "application/x-www-form-urlencoded"),
    body,
    redirect: "manual",
  });
  expect(saved.status, await saved.clone().text()).toBe(302);
  const list = await (
    await fetch(`${base}/forms?search=${encodeURIComponent(name)}`, { headers: { Cookie: cookie } })
  ).text();
  const id = new RegExp(`href="/forms/(\\d+)"[^>]*>${name}<`).exec(list)?.[1];
  expect(id, "the new form in the list").toBeDefined();
  return Number(id);
}

export type AssignedChecklist = {
  entity: "job" | "estimate";
  companyId: number;
  recordId: number;
  token: string;
  /** /jobs/public-checklist/{companyId}/{jobId}/{token} */
  publicPath: string;
  /** /company-public-forms/{companyId}/job/{jobId}/form/{token} */
  formPath: string;
  /** /api/jobs/public-checklist/... */
  apiPath: string;
};

/** A new record of the demo customer with the form assigned; its checklist's public paths. */
export async function assignToNewRecord(
  base: string,
  cookie: string,
  { customerId, formId, entity = "job" }: { customerId: number; formId: number; entity?: "job" | "estimate" },
): Promise<AssignedChecklist> {
  const kind = `${entity}s`;
  const created = await fetch(`${base}/api/${kind}`, {
    method: "POST",
    headers: headers(base, cookie, "application/json"),
    body: JSON.stringify({
      customerId,
      name: `Checklist ${entity} ${Date.now()}`,
      lineItems: [{ name: "Visit", unitPrice: 10 }],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const recordId = ((await created.json()) as { data: { id: number } }).data.id;
  const assigned = await fetch(`${base}/${kind}/${recordId}?checklists`, {
    method: "POST",
    headers: headers(base, cookie, "application/x-www-form-urlencoded"),
    body: new URLSearchParams({ intent: "assignChecklists", companyCheckListIds: String(formId) }),
    redirect: "manual",
  });
  expect(assigned.status, await assigned.clone().text()).toBe(302);
  const sent = await fetch(`${base}/api/${kind}/${recordId}/checklists/send?email=setup%40example.com`, {
    headers: headers(base, cookie),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const [link] = ((await sent.json()) as { data: { links: string[] } }).data.links;
  const [, companyId, , token] = /\/public-checklist\/(\d+)\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(link)!;
  return {
    entity,
    companyId: Number(companyId),
    recordId,
    token,
    publicPath: `/${kind}/public-checklist/${companyId}/${recordId}/${token}`,
    formPath: `/company-public-forms/${companyId}/${entity}/${recordId}/form/${token}`,
    apiPath: `/api/${kind}/public-checklist/${companyId}/${recordId}/${token}`,
  };
}
