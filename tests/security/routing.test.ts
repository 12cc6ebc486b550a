// Route optimisation from the attacker's side, over HTTP against the built server with the demo
// data: office staff and field techs are refused (403, the route table's manager rule) on the screen
// and the API and change nothing; prototype keys supply nothing; huge strings are refused on the field.
import { describe, expect, test } from "vitest";
import { baseUrl, liveSessionCookie, postForm } from "./harness";

const PAGE = "/routing";
const API = "/api/company-settings/routing";

const patch = (path: string, cookie: string, body: string) =>
  fetch(`${baseUrl()}${path}`, {
    method: "PATCH",
    headers: { Cookie: cookie, Origin: baseUrl(), "Content-Type": "application/json" },
    body,
    redirect: "manual",
  });
const get = (path: string, cookie: string) =>
  fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const settingsOf = async (cookie: string) => {
  const response = await get(`${PAGE}?_data=${encodeURIComponent("routes/_app+/routing")}`, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { settings: Record<string, unknown> }).settings;
};

describe("roles", () => {
  for (const role of ["field tech", "office staff"] as const) {
    test(`${role}: 403 on the screen, its forms and the API`, async () => {
      const cookie = await liveSessionCookie(role);
      const admin = await liveSessionCookie("company admin");
      const before = await settingsOf(admin);
      expect((await get(PAGE, cookie)).status).toBe(403);
      expect((await get(`${PAGE}?date=2032-06-15&plan=1`, cookie)).status).toBe(403);
      const form = new URLSearchParams({ intent: "save", priority: "1", startAddress: "Attacker's yard" });
      expect((await postForm(PAGE, cookie, form)).status).toBe(403);
      expect((await postForm(PAGE, cookie, new URLSearchParams({ intent: "disable" }))).status).toBe(403);
      expect((await patch(API, cookie, JSON.stringify({ priority: 1, startAddress: "Attacker's yard" }))).status).toBe(
        403,
      );
      expect((await patch(`${API}/disable`, cookie, "")).status).toBe(403);
      expect(await settingsOf(admin)).toEqual(before);
    });
  }
});

describe("hostile input (company admin)", () => {
  test("prototype keys in the JSON body supply nothing", async () => {
    const admin = await liveSessionCookie("company admin");
    const response = await patch(
      API,
      admin,
      '{"priority":0,"__proto__":{"startAddress":"polluted","isEnabled":false},"constructor":{"prototype":{"endAddress":"polluted"}}}',
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({ isEnabled: true, priority: 0, startAddress: null, endAddress: null });
  });

  test("a huge address is refused on its field, the stored one unchanged", async () => {
    const admin = await liveSessionCookie("company admin");
    const before = await settingsOf(admin);
    const response = await patch(API, admin, JSON.stringify({ priority: 0, startAddress: "x".repeat(200_000) }));
    expect([400, 413]).toContain(response.status);
    if (response.status === 400)
      expect(await response.json()).toEqual({
        errors: { startAddress: "Start address is too long - should be 500 chars maximum" },
      });
    const form = new URLSearchParams({ intent: "save", priority: "0", startAddress: "y".repeat(5000) });
    const posted = await postForm(PAGE, admin, form);
    expect(posted.status).toBe(400);
    expect(await settingsOf(admin)).toEqual(before);
  });

  test("an Apply post with prototype keys or foreign ids moves nothing", async () => {
    const admin = await liveSessionCookie("company admin");
    const polluted = new URLSearchParams([
      ["intent", "apply"],
      ["date", "2032-06-15"],
      ["visits[0][__proto__][id]", "1"],
      ["visits.__proto__.start", "2032-06-15T06:00"],
    ]);
    const response = await postForm(PAGE, admin, polluted);
    expect(response.status).toBe(400);
    const foreign = new URLSearchParams([
      ["intent", "apply"],
      ["date", "2032-06-15"],
      ["visits[0].id", "2147483647"],
      ["visits[0].start", "2032-06-15T06:00"],
      ["visits[0].end", "2032-06-15T07:00"],
      ["visits[0].windowEnd", "2032-06-15T06:00"],
      ["visits[0].employeeId", "1"],
    ]);
    expect((await postForm(PAGE, admin, foreign)).status).toBe(404);
  });
});
