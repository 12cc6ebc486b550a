import { beforeAll, describe, expect, it } from "vitest";
import { action as newAction, loader as newLoader } from "~/routes/_app+/customers+/new";
import { action as editAction } from "~/routes/_app+/customers+/$id_.edit";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/customers+/$id";
import { loader as listLoader } from "~/routes/_app+/customers+/_index";
import { makeRequest, runRoute } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { twoCompanies } from "./fixtures";

useTestDatabase();

type Data = { step: number; fieldErrors: Record<string, string>; values: Record<string, unknown>; rev: number };

const form = (fields: [string, string][]) => {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  return body;
};

let cookie: string, otherCookie: string, techCookie: string, vipId: number;

beforeAll(async () => {
  ({ admin: cookie, other: otherCookie, tech: techCookie, vipId } = await twoCompanies());
});

/** A form post as a browser sends it without JavaScript. */
const formPost = (path: string, cookie: string, fields: [string, string][]) =>
  makeRequest(path, {
    method: "POST",
    cookie,
    body: form(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

const post = async (fields: [string, string][], c = cookie) => {
  const res = await runRoute(newAction, formPost("/customers/new", c, fields));
  return {
    status: res.status,
    res,
    data: res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as Data) : null,
  };
};
/** A post of one step of the form with the button pressed (its intent). */
const postStep = (step: number, intent: string, fields: [string, string][]) =>
  post([["step", String(step)], ["intent", intent], ...fields]);

describe("Add Customer without JavaScript", () => {
  it("shows every contact message on its field and keeps what was typed", async () => {
    const empty = await postStep(0, "next", [
      ["email", ""],
      ["firstName", ""],
    ]);
    expect(empty.status).toBe(422);
    expect(empty.data!.fieldErrors).toEqual({ firstName: "First Name is required" });
    const bad = await postStep(0, "next", [
      ["firstName", "A"],
      ["lastName", "B"],
      ["email", "not-an-email"],
      ["additionalEmails[0]", "also bad"],
      ["mainPhoneNumber", "12"],
      ["secondaryPhoneNumbers[0]", "999"],
    ]);
    expect(bad.data!.step).toBe(0);
    expect(bad.data!.fieldErrors).toEqual({
      firstName: "First Name is too short - 2 chars minimum",
      lastName: "Last Name is too short - 2 chars minimum",
      email: "Incorrect email format",
      "additionalEmails[0]": "Incorrect email format",
      mainPhoneNumber: "Phone number must be valid",
      "secondaryPhoneNumbers[0]": "Phone number must be valid",
    });
    expect(bad.data!.values).toMatchObject({
      firstName: "A",
      email: "not-an-email",
      additionalEmails: ["also bad"],
      areTextMessagesAllowed: "false",
    });
    const long = await postStep(0, "next", [
      ["firstName", "x".repeat(256)],
      ["lastName", "y".repeat(256)],
    ]);
    expect(long.data!.fieldErrors).toEqual({
      firstName: "First Name should be 255 chars maximum",
      lastName: "Last Name should be 255 chars maximum",
    });
  });

  it("walks the three steps with Add rows, Back, duplicates and Create, then lists the customer", async () => {
    const added = await postStep(0, "addEmail", [
      ["firstName", "Zoe"],
      ["areTextMessagesAllowed", "true"],
    ]);
    expect(added.status).toBe(200);
    expect(added.data!.values).toMatchObject({
      firstName: "Zoe",
      additionalEmails: [""],
      areTextMessagesAllowed: "true",
    });
    const step1 = [
      ["step", "0"],
      ["firstName", "Zoe"],
      ["lastName", "Quinn"],
      ["email", "zoe@example.com"],
      ["additionalEmails[0]", ""],
      ["mainPhoneNumber", "(312) 555-0142"],
      ["areTextMessagesAllowed", "true"],
    ] as [string, string][];
    const toStep2 = await post([...step1, ["intent", "next"]]);
    expect(toStep2.data!.step).toBe(1);
    const withProperty = await postStep(1, "addProperty", [
      ["firstName", "Zoe"],
      ["areTextMessagesAllowed", "true"],
      ["addresses[0].location", "1 Lake Shore Dr"],
    ]);
    expect(withProperty.data!.values.addresses).toHaveLength(2);
    const unit = await postStep(1, "next", [
      ["firstName", "Zoe"],
      ["addresses[0].location", "1 Lake Shore Dr"],
      ["addresses[0].unitNumber", "12345678901"],
    ]);
    expect(unit.data!.fieldErrors).toEqual({ "addresses[0].unitNumber": "Unit # should be 10 characters maximum" });
    const back = await postStep(1, "back", [
      ["firstName", "Zoe"],
      ["addresses[0].location", "1 Lake Shore Dr"],
    ]);
    expect(back.data!.step).toBe(0);
    expect(back.data!.values.addresses).toEqual([expect.objectContaining({ location: "1 Lake Shore Dr" })]);

    const final: [string, string][] = [
      ...step1.filter(([k]) => k !== "step"),
      ["step", "2"],
      ["addresses[0].location", "1 Lake Shore Dr"],
      ["addresses[1].location", "2 Wacker Dr"],
      ["billingAddressIndex", "1"],
      ["notes", "Likes mornings"],
      ["tagIds", String(vipId)],
      ["intent", "create"],
    ];
    const created = await post(final);
    expect(created.status).toBe(302);
    const location = created.res.headers.get("Location")!;
    expect(location).toMatch(/^\/customers\/\d+$/);
    expect(created.res.headers.get("Set-Cookie")).toContain("__toast");

    const dupe = await post([
      ...step1.map(([k, v]) => [k, k === "firstName" ? "Zed" : v] as [string, string]),
      ["intent", "next"],
    ]);
    expect(dupe.status).toBe(422);
    expect(dupe.data!.fieldErrors).toEqual({
      email: "Email already taken by Zoe Quinn",
      mainPhoneNumber: "Primary Phone already taken by Zoe Quinn",
    });
    expect((await post([...step1, ["intent", "next"]], otherCookie)).data!.step).toBe(1);

    const id = location.split("/").pop()!;
    const profile = await runRoute(profileLoader, makeRequest(location, { cookie }), { id });
    const body = (await profile.json()) as { customer: Record<string, unknown> };
    expect(body.customer).toMatchObject({
      firstName: "Zoe",
      mainPhoneNumber: "+13125550142",
      additionalEmails: [],
      areTextMessagesAllowed: true,
      billingAddress: { location: "2 Wacker Dr" },
      tags: [{ id: vipId, label: "VIP" }],
      leadSourceIds: null,
    });
    expect((await runRoute(profileLoader, makeRequest(location, { cookie: otherCookie }), { id })).status).toBe(404);
    expect((await runRoute(profileLoader, makeRequest(location, { cookie: techCookie }), { id })).status).toBe(403);

    const list = await runRoute(listLoader, makeRequest(`/customers?q=wacker&tag=${vipId}`, { cookie }));
    expect(((await list.json()) as { page: { total: number } }).page.total).toBe(1);
    const otherList = await runRoute(listLoader, makeRequest(`/customers?q=wacker`, { cookie: otherCookie }));
    expect(((await otherList.json()) as { page: { total: number } }).page.total).toBe(0);

    const edit = await runRoute(
      editAction,
      formPost(`${location}/edit`, cookie, [
        ["intent", "save"],
        ["firstName", "Zoey"],
        ["email", "zoe@example.com"],
        ["addresses[0].location", "2 Wacker Dr"],
      ]),
      { id },
    );
    expect(edit.status).toBe(302);
    const foreignEdit = await runRoute(
      editAction,
      formPost(`${location}/edit`, otherCookie, [
        ["intent", "save"],
        ["firstName", "Hacker"],
      ]),
      { id },
    );
    expect(foreignEdit.status).toBe(404);

    const deleted = await runRoute(profileAction, formPost(location, cookie, [["intent", "delete"]]), { id });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/customers");
    expect((await runRoute(profileLoader, makeRequest(location, { cookie }), { id })).status).toBe(404);
  });

  it("takes a prefilled email from ?email= when it is one, and ignores anything else", async () => {
    const prefilled = async (query: string) =>
      (await (await runRoute(newLoader, makeRequest(`/customers/new${query}`, { cookie }))).json()).prefilledEmail;
    expect(await prefilled("?email=Ripley%40Example.com")).toBe("ripley@example.com");
    expect(await prefilled("?email=not-an-email")).toBeNull();
    expect(await prefilled("")).toBeNull();
  });

  it("refuses a field tech", async () => {
    expect((await runRoute(newLoader, makeRequest("/customers/new", { cookie: techCookie }))).status).toBe(403);
    expect((await post([["intent", "next"]], techCookie)).status).toBe(403);
  });
});
