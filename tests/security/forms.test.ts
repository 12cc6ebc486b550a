// The forms and checklists builder from the attacker's side, over HTTP against the built server with
// the demo data: field techs and office staff get 403, another company's form answers 404 on the page
// and every intent and changes nothing, prototype keys in posted items supply nothing, and bodies past
// the limits are refused before they are read.
import { beforeAll, describe, expect, test } from "vitest";
import { call, signUpOwner } from "./cross-company";
import { liveSessionCookie, postForm } from "./harness";

type Item = Record<string, unknown>;
type Loaded = { form: { id: number; name: string }; values: { name: string; items: Item[] } };

const LIST_DATA = `?_data=${encodeURIComponent("routes/_app+/forms+/_index")}`;
const NEW_DATA = `?_data=${encodeURIComponent("routes/_app+/forms+/new")}`;
const EDIT_DATA = `?_data=${encodeURIComponent("routes/_app+/forms+/$id")}`;

let admin: string;
let owner: string;
let demoForm: number;

const post = (path: string, cookie: string, entries: Record<string, string>) =>
  postForm(path, cookie, new URLSearchParams(entries));

/** The stored form as its edit page loads it. */
async function read(id: number, cookie = admin): Promise<Loaded> {
  const res = await call(`/forms/${id}${EDIT_DATA}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Loaded;
}

/** Creates a form through the screen and answers its id, found by its (unique) name. */
async function createByForm(name: string, entries: Record<string, string>) {
  const res = await post(`/forms/new${NEW_DATA}`, admin, { intent: "save", name, ...entries });
  expect(res.status, await res.clone().text()).toBe(204);
  const list = await call(`/forms${LIST_DATA}&q=${encodeURIComponent(name)}`, { cookie: admin });
  const { page } = (await list.json()) as { page: { items: { id: number; name: string }[] } };
  expect(page.items.map((f) => f.name)).toEqual([name]);
  return page.items[0].id;
}

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  owner = await signUpOwner({ name: "Forms", phoneNumber: "+17045550184" });
  demoForm = await createByForm(`Security check ${Date.now()}`, {
    "items[0].type": "1",
    "items[0].label": "Model number",
    "items[0].required": "on",
  });
});

describe("roles", () => {
  test("field techs and office staff get 403 on every forms screen and post, and nothing changes", async () => {
    const before = await read(demoForm);
    for (const role of ["field tech", "office staff"] as const) {
      const cookie = await liveSessionCookie(role);
      for (const path of ["/forms", "/forms/new", `/forms/${demoForm}`]) {
        const res = await call(path, { cookie });
        expect(res.status, `${role} GET ${path}`).toBe(403);
      }
      const created = await post("/forms/new", cookie, {
        intent: "save",
        name: "By a tech",
        "items[0].type": "0",
        "items[0].label": "A",
      });
      expect(created.status, role).toBe(403);
      for (const intent of ["save", "delete"]) {
        const res = await post(`/forms/${demoForm}`, cookie, { intent, name: "Changed" });
        expect(res.status, `${role} ${intent}`).toBe(403);
      }
    }
    expect(await read(demoForm)).toEqual(before);
  });
});

describe("forms across companies", () => {
  test("another company's form is 404 on the page and every intent, and nothing changes", async () => {
    const before = await read(demoForm);
    expect((await call(`/forms/${demoForm}`, { cookie: owner })).status).toBe(404);
    for (const intent of ["save", "delete", "add", "up:0", "down:0", "remove:0"]) {
      const res = await post(`/forms/${demoForm}`, owner, {
        intent,
        name: "Stolen",
        newItemType: "0",
        "items[0].type": "0",
        "items[0].label": "Stolen",
      });
      expect(res.status, intent).toBe(404);
    }
    const theirs = await call(`/forms${LIST_DATA}`, { cookie: owner });
    expect(((await theirs.json()) as { page: { total: number } }).page.total).toBe(0);
    expect(await read(demoForm)).toEqual(before);
  });
});

describe("hostile input", () => {
  test("prototype keys in posted items supply nothing, now or in a later post", async () => {
    const name = `Proto ${Date.now()}`;
    const id = await createByForm(name, {
      "items[0].type": "1",
      "items[0].label": "Plain",
      "items[0].__proto__.required": "on",
      "items[0][__proto__][options]": "a\nb",
      "items[0][constructor][prototype][key]": "polluted",
      "items[1].type": "0",
      "items[1].label": "Second",
      "items[__proto__][label]": "From the prototype",
      "__proto__[newItemType]": "8",
      "constructor[prototype][description]": "polluted",
    });
    const { values } = await read(id);
    expect(values.items).toHaveLength(2);
    expect(values.items[0]).toEqual({
      key: expect.stringMatching(/^[a-z0-9]+$/),
      type: "1",
      label: "Plain",
      required: "",
      options: "",
    });
    expect(values.items[1]).toMatchObject({ type: "0", label: "Second", required: "" });
    expect(values).toMatchObject({ name, description: "" });

    // A later post without those fields reads nothing from a polluted prototype.
    const later = await post(`/forms/new${NEW_DATA}`, admin, { intent: "save", "items[0].type": "0" });
    expect(later.status).toBe(422);
    expect(((await later.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: "Name is required",
      "items.0.label": "Label is required",
    });
    const add = await post(`/forms/new${NEW_DATA}`, admin, { intent: "add" });
    expect(add.status).toBe(400);
    expect(await add.json()).toMatchObject({ errors: { newItemType: "Type is required" } });
  });

  test("more items than a form holds are refused with the message; far indexes build nothing", async () => {
    const name = `Many ${Date.now()}`;
    const many: Record<string, string> = {};
    for (let i = 0; i < 150; i++)
      Object.assign(many, { [`items[${i}].type`]: "0", [`items[${i}].label`]: `Item ${i}` });
    const res = await post(`/forms/new${NEW_DATA}`, admin, { intent: "save", name, ...many });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string>; values: { items: unknown[] } };
    expect(body.errors).toEqual({ items: "A form holds at most 100 items" });
    expect(body.values.items).toHaveLength(101);

    const far = await post(`/forms/new${NEW_DATA}`, admin, {
      intent: "save",
      name,
      "items[999999].type": "0",
      "items[999999].label": "Far away",
    });
    expect(far.status).toBe(422);
    expect(((await far.json()) as { errors: Record<string, string> }).errors).toEqual({ items: "Add at least 1 item" });
    const list = await call(`/forms${LIST_DATA}&q=${encodeURIComponent(name)}`, { cookie: admin });
    expect(((await list.json()) as { page: { total: number } }).page.total).toBe(0);
  });

  test("oversized bodies and too many fields are refused before the form is read", async () => {
    const big = await post(`/forms/new${NEW_DATA}`, admin, {
      intent: "save",
      name: "Big",
      "items[0].type": "7",
      "items[0].label": "x".repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const edit = await post(`/forms/${demoForm}${EDIT_DATA}`, admin, {
      intent: "save",
      name: "y".repeat(1024 * 1024 + 1),
    });
    expect(edit.status).toBe(413);
    const fields = new URLSearchParams({ intent: "add", newItemType: "0" });
    for (let i = 0; i < 5001; i++) fields.append(`f${i}`, "1");
    const tooMany = await postForm(`/forms/new${NEW_DATA}`, admin, fields);
    expect(tooMany.status).toBe(400);
    const before = await read(demoForm);
    expect(before.values.name).not.toBe("y".repeat(1024 * 1024 + 1));
  });
});
