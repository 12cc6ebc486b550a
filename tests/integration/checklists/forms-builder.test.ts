// The forms and checklists builder (/forms): the screen action's intents as a browser without
// JavaScript posts them, the exact messages with the values kept, the stored rows, the list's
// search and paging, tenancy, and the route table's role and plan feature.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { assignedChecklists, companyChecklists, jobs, subscriptions } from "~/db/schema";
import { Role } from "~/access/roles";
import type { BuilderValues } from "~/components/form-builder";
import { companyFormOptions, createForm, getForm, pageForms } from "~/models/checklists/forms.server";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { loader as listLoader } from "~/routes/_app+/forms+/_index";
import { action as newAction, loader as newLoader } from "~/routes/_app+/forms+/new";
import { action as editAction, loader as editLoader } from "~/routes/_app+/forms+/$id";
import { createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { toastOf } from "../company/screens-helpers";
import { createCustomerRow, formPost, jobsFixture, run } from "../jobs/fixtures";

useTestDatabase();

type Answer = { values: BuilderValues; errors: Record<string, string> };
const paging = (pageNumber = 1, pageSize = 10) => ({ pageNumber, pageSize, sortSettings: [] });

const postNew = (cookie: string, fields: Record<string, string>) =>
  run(newAction, "/forms/new", { cookie, ...formPost(fields) });
const postEdit = (cookie: string, id: number | string, fields: Record<string, string>) =>
  run(editAction, `/forms/${id}`, { cookie, ...formPost(fields) }, { id: String(id) });

/** The posted fields of items as the builder names them (items[0].label ...). */
function itemFields(items: Partial<Record<"key" | "type" | "label" | "required" | "options", string>>[]) {
  return Object.fromEntries(
    items.flatMap((item, i) => Object.entries(item).map(([field, value]) => [`items[${i}].${field}`, value])),
  );
}

const allTypes = itemFields([
  { type: "0", label: "Filter replaced", required: "on" },
  { type: "1", label: "Model number" },
  { type: "2", label: "Photos of the unit" },
  { type: "3", label: "Needs follow-up" },
  { type: "4", label: "Coil condition", required: "on" },
  { type: "5", label: "Customer signature" },
  { type: "6", label: "Carbon monoxide safe?" },
  { type: "7", label: "Notes" },
  { type: "8", label: "Fuel", options: "Gas\r\n\r\nOil\nPropane\n" },
]);

async function signedIn() {
  const f = await jobsFixture();
  return { ...f, cookie: await sessionCookie(f.adminId) };
}

describe("the builder's intents without JavaScript", () => {
  it("adds an item of the chosen type, moves and removes items, keeping what was typed and saving nothing", async () => {
    const { cookie, companyId } = await signedIn();
    const typed = { name: "Furnace check", description: "Every autumn", ...allTypes };

    const added = await postNew(cookie, { intent: "add", newItemType: "8", ...typed });
    expect(added.status).toBe(200);
    const afterAdd = (await added.json()) as Answer;
    expect(afterAdd.errors).toEqual({});
    expect(afterAdd.values).toMatchObject({ name: "Furnace check", description: "Every autumn" });
    expect(afterAdd.values.items).toHaveLength(10);
    expect(afterAdd.values.items[9]).toEqual({ key: "", type: "8", label: "", required: "", options: "" });
    expect(afterAdd.values.items[0]).toEqual({
      key: "",
      type: "0",
      label: "Filter replaced",
      required: "on",
      options: "",
    });
    expect(afterAdd.values.items[8].options).toBe("Gas\r\n\r\nOil\nPropane\n");

    const up = (await (await postNew(cookie, { intent: "up:1", ...typed })).json()) as Answer;
    expect(up.values.items.slice(0, 3).map((i) => i.label)).toEqual([
      "Model number",
      "Filter replaced",
      "Photos of the unit",
    ]);
    const down = (await (await postNew(cookie, { intent: "down:1", ...typed })).json()) as Answer;
    expect(down.values.items.slice(0, 3).map((i) => i.label)).toEqual([
      "Filter replaced",
      "Photos of the unit",
      "Model number",
    ]);
    // Past an end an item stays where it is.
    const top = (await (await postNew(cookie, { intent: "up:0", ...typed })).json()) as Answer;
    expect(top.values.items[0].label).toBe("Filter replaced");
    const removed = (await (await postNew(cookie, { intent: "remove:0", ...typed })).json()) as Answer;
    expect(removed.values.items.map((i) => i.label)).toHaveLength(8);
    expect(removed.values.items[0].label).toBe("Model number");

    expect(await db.select().from(companyChecklists).where(eq(companyChecklists.companyId, companyId))).toEqual([]);
  });

  it("refuses an unknown intent, an item that is not there and a type that is not one", async () => {
    const { cookie } = await signedIn();
    for (const intent of ["explode", "up:5", "remove:-1", "down:x", "delete"]) {
      const res = await postNew(cookie, { intent, name: "X", ...itemFields([{ type: "0", label: "A" }]) });
      expect(res.status, intent).toBe(400);
    }
    for (const newItemType of ["9", "", " ", "checkbox"]) {
      const badType = await postNew(cookie, { intent: "add", newItemType, name: "X" });
      expect(badType.status, newItemType).toBe(400);
      expect(((await badType.json()) as Answer).errors).toEqual({ newItemType: "Type is required" });
    }
  });
});

describe("saving a form", () => {
  it("answers the catalogue's messages on their fields with the values kept, and saves nothing", async () => {
    const { cookie, companyId } = await signedIn();
    const empty = await postNew(cookie, { intent: "save", name: " ", description: "Kept" });
    expect(empty.status).toBe(422);
    expect((await empty.json()) as Answer).toEqual({
      values: { name: " ", description: "Kept", items: [], newItemType: "" },
      errors: { name: "Name is required", items: "Add at least 1 item" },
      revision: expect.any(String),
    });

    const wrong = await postNew(cookie, {
      intent: "save",
      name: "n".repeat(101),
      ...itemFields([
        { type: "8", label: "Fuel", options: "Gas\n\n" },
        { type: "1", label: "" },
        { type: "1", label: "l".repeat(256), required: "on" },
        { type: "", label: "No type" },
      ]),
    });
    expect(wrong.status).toBe(422);
    const body = (await wrong.json()) as Answer;
    expect(body.errors).toEqual({
      name: "Name is too long - should be 100 chars maximum",
      "items.0.options": "Add at least 2 choices",
      "items.1.label": "Label is required",
      "items.2.label": "Label is too long - should be 255 chars maximum",
      "items.3.type": "Type is required",
    });
    expect(body.values.items.map((i) => [i.type, i.options, i.required])).toEqual([
      ["8", "Gas\n\n", ""],
      ["1", "", ""],
      ["1", "", "on"],
      ["", "", ""],
    ]);
    expect(await db.select().from(companyChecklists).where(eq(companyChecklists.companyId, companyId))).toEqual([]);
  });

  it("creates a form with the nine item types, then edits it keeping each item's key", async () => {
    const { cookie, admin } = await signedIn();
    const created = await postNew(cookie, { intent: "save", name: " Furnace check ", description: "", ...allTypes });
    expect(created.status, await created.clone().text()).toBe(302);
    expect(created.headers.get("Location")).toBe("/forms");
    expect(await toastOf(created.headers)).toEqual({ type: "success", message: "Form created" });

    const [{ id }] = (await pageForms(admin, { search: "furnace", paging: paging() })).items;
    const form = (await getForm(admin, id))!;
    expect(form.name).toBe("Furnace check");
    expect(form.description).toBeNull();
    expect(form.items.map(({ type, label, required, options }) => ({ type, label, required, options }))).toEqual([
      { type: 0, label: "Filter replaced", required: true, options: undefined },
      { type: 1, label: "Model number", required: false, options: undefined },
      { type: 2, label: "Photos of the unit", required: false, options: undefined },
      { type: 3, label: "Needs follow-up", required: false, options: undefined },
      { type: 4, label: "Coil condition", required: true, options: undefined },
      { type: 5, label: "Customer signature", required: false, options: undefined },
      { type: 6, label: "Carbon monoxide safe?", required: false, options: undefined },
      { type: 7, label: "Notes", required: false, options: undefined },
      { type: 8, label: "Fuel", required: false, options: ["Gas", "Oil", "Propane"] },
    ]);
    const keys = form.items.map((i) => i.key);
    expect(new Set(keys).size).toBe(9);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]{1,16}$/);

    // The edit page loads the stored items as the builder's values.
    const page = await run(editLoader, `/forms/${id}`, { cookie }, { id: String(id) });
    expect(page.status).toBe(200);
    const loaded = (await page.json()) as { values: BuilderValues; confirmDelete: boolean };
    expect(loaded.values.items[8]).toEqual({
      key: keys[8],
      type: "8",
      label: "Fuel",
      required: "",
      options: "Gas\nOil\nPropane",
    });
    expect(loaded.confirmDelete).toBe(false);

    // Fuel moved first, "Filter replaced" relabelled and optional, Notes removed, a new text item.
    const edited = await postEdit(cookie, id, {
      intent: "save",
      name: "Furnace check v2",
      description: "Autumn visit",
      ...itemFields([
        { key: keys[8], type: "8", label: "Fuel", options: "Gas\nOil" },
        { key: keys[0], type: "0", label: "Filter changed" },
        { key: keys[1], type: "1", label: "Model number" },
        { type: "1", label: "Serial number", required: "on" },
      ]),
    });
    expect(edited.status).toBe(302);
    expect(edited.headers.get("Location")).toBe("/forms");
    expect(await toastOf(edited.headers)).toEqual({ type: "success", message: "Form updated" });
    const after = (await getForm(admin, id))!;
    expect(after).toMatchObject({ name: "Furnace check v2", description: "Autumn visit" });
    expect(after.items.map((i) => [i.key, i.label, i.required])).toEqual([
      [keys[8], "Fuel", false],
      [keys[0], "Filter changed", false],
      [keys[1], "Model number", false],
      [after.items[3].key, "Serial number", true],
    ]);
    expect(keys).not.toContain(after.items[3].key);
    expect(after.items[0].options).toEqual(["Gas", "Oil"]);
  });

  it("deletes a form with confirmation; a checklist already on a job keeps its copy, its reference empties", async () => {
    const { cookie, admin, companyId } = await signedIn();
    const id = await createForm(admin, {
      name: "Roof inspection",
      items: [{ type: 6, label: "Leaks?", required: true, options: undefined }],
    });
    const customerId = await createCustomerRow(companyId, "Ada", "Lovelace");
    const [job] = await db
      .insert(jobs)
      .values({ companyId, customerId, timezone: "America/New_York", publicToken: `job-${Date.now()}` })
      .returning({ id: jobs.id });
    const form = (await getForm(admin, id))!;
    const [assigned] = await db
      .insert(assignedChecklists)
      .values({
        companyId,
        jobId: job.id,
        companyChecklistId: id,
        name: form.name,
        items: form.items,
        answers: { [form.items[0].key]: { value: "no" } },
        publicToken: `checklist-${Date.now()}`,
      })
      .returning();

    const confirm = await run(editLoader, `/forms/${id}?delete`, { cookie }, { id: String(id) });
    expect(((await confirm.json()) as { confirmDelete: boolean }).confirmDelete).toBe(true);

    const deleted = await postEdit(cookie, id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/forms");
    expect(await toastOf(deleted.headers)).toEqual({ type: "success", message: "Form deleted" });
    expect(await getForm(admin, id)).toBeNull();
    const [kept] = await db.select().from(assignedChecklists).where(eq(assignedChecklists.id, assigned.id));
    expect(kept).toEqual({ ...assigned, companyChecklistId: null });

    expect((await postEdit(cookie, id, { intent: "delete" })).status).toBe(404);
  });
});

describe("the list", () => {
  it("pages in the database, sorted by name, with a search on the name and the items counted", async () => {
    const { cookie, admin, companyId } = await signedIn();
    const item = { type: 0, label: "Done", required: false, options: undefined };
    for (const name of ["delta", "Alpha", "charlie", "Bravo 100%", "echo"])
      await createForm(admin, { name, items: name === "Alpha" ? [item, item] : [item] });

    const first = await pageForms(admin, { paging: paging(1, 2) });
    expect(first.total).toBe(5);
    expect(first.items.map((f) => [f.name, f.itemsCount])).toEqual([
      ["Alpha", 2],
      ["Bravo 100%", 1],
    ]);
    expect((await pageForms(admin, { paging: paging(3, 2) })).items.map((f) => f.name)).toEqual(["echo"]);
    const descending = await pageForms(admin, {
      paging: { ...paging(1, 2), sortSettings: [{ fieldName: "name", descending: true }] },
    });
    expect(descending.items.map((f) => f.name)).toEqual(["echo", "delta"]);
    // The search is on the name, any case, with % taken literally.
    expect((await pageForms(admin, { search: "HARL", paging: paging() })).items.map((f) => f.name)).toEqual([
      "charlie",
    ]);
    expect((await pageForms(admin, { search: "0%", paging: paging() })).items.map((f) => f.name)).toEqual([
      "Bravo 100%",
    ]);
    expect((await pageForms(admin, { search: "%", paging: paging() })).total).toBe(1);

    expect((await companyFormOptions(companyId)).map((f) => f.name)).toEqual([
      "Alpha",
      "Bravo 100%",
      "charlie",
      "delta",
      "echo",
    ]);

    const screen = await run(listLoader, "/forms?q=a&sort=name&order=desc&pageSize=25&page=1", { cookie });
    expect(screen.status).toBe(200);
    const data = (await screen.json()) as { page: { items: { name: string }[]; total: number } };
    expect(data.page.items.map((f) => f.name)).toEqual(["delta", "charlie", "Bravo 100%", "Alpha"]);
    expect(data.page.total).toBe(4);
  });

  it("walks company_checklists_company_name_idx for the page", async () => {
    const { admin, companyId } = await signedIn();
    await db.execute("set enable_seqscan = off");
    try {
      const plan = await db.execute(
        `explain select id from company_checklists where company_id = ${companyId} order by lower(name), id limit 10`,
      );
      expect(JSON.stringify(plan)).toContain("company_checklists_company_name_idx");
    } finally {
      await db.execute("set enable_seqscan = on");
    }
    expect((await pageForms(admin, { paging: paging() })).total).toBe(0);
  });
});

describe("access", () => {
  it("another company's form is 404 on the page and every intent, and nothing changes", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const id = await createForm(mine.admin, {
      name: "Private form",
      items: [{ type: 1, label: "Secret", required: false, options: undefined }],
    });
    const before = await getForm(mine.admin, id);
    expect((await run(editLoader, `/forms/${id}`, { cookie: theirs.cookie }, { id: String(id) })).status).toBe(404);
    for (const intent of ["save", "delete", "add", "up:0", "remove:0"]) {
      const res = await postEdit(theirs.cookie, id, {
        intent,
        name: "Stolen",
        newItemType: "0",
        ...itemFields([{ type: "0", label: "A" }]),
      });
      expect(res.status, intent).toBe(404);
    }
    expect(await getForm(mine.admin, id)).toEqual(before);
    expect((await pageForms(theirs.admin, { paging: paging() })).total).toBe(0);
    expect(await companyFormOptions(theirs.companyId)).toEqual([]);
    for (const bad of ["abc", "0", "-1", "1.5"])
      expect((await run(editLoader, `/forms/${bad}`, { cookie: mine.cookie }, { id: bad })).status).toBe(404);
  });

  it("field techs and office staff are refused (403)", async () => {
    const f = await signedIn();
    const id = await createForm(f.admin, {
      name: "Form",
      items: [{ type: 0, label: "A", required: false, options: undefined }],
    });
    const office = await createTestUser(f.companyId, Role.OfficeStaff);
    for (const userId of [f.techId, office.userId]) {
      const cookie = await sessionCookie(userId);
      expect((await run(listLoader, "/forms", { cookie })).status).toBe(403);
      expect((await run(newLoader, "/forms/new", { cookie })).status).toBe(403);
      expect(
        (await postNew(cookie, { intent: "save", name: "X", ...itemFields([{ type: "0", label: "A" }]) })).status,
      ).toBe(403);
      expect((await run(editLoader, `/forms/${id}`, { cookie }, { id: String(id) })).status).toBe(403);
      expect((await postEdit(cookie, id, { intent: "delete" })).status).toBe(403);
    }
    expect(await getForm(f.admin, id)).not.toBeNull();
  });

  it("a plan without forms and checklists is refused (403) per the route table", async () => {
    const f = await signedIn();
    const id = await createForm(f.admin, {
      name: "Form",
      items: [{ type: 0, label: "A", required: false, options: undefined }],
    });
    await db
      .update(subscriptions)
      .set({ planId: await planIdByPriceId(db, "price_starter_monthly") })
      .where(eq(subscriptions.companyId, f.companyId));
    expect((await run(listLoader, "/forms", { cookie: f.cookie })).status).toBe(403);
    expect((await run(newLoader, "/forms/new", { cookie: f.cookie })).status).toBe(403);
    expect((await postNew(f.cookie, { intent: "add", newItemType: "0" })).status).toBe(403);
    expect((await run(editLoader, `/forms/${id}`, { cookie: f.cookie }, { id: String(id) })).status).toBe(403);
    expect((await postEdit(f.cookie, id, { intent: "delete" })).status).toBe(403);
    expect(await getForm(f.admin, id)).not.toBeNull();
  });
});
