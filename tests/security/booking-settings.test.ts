// The online booking settings from the attacker's side, over HTTP against the built server with the
// demo data: office staff and field techs are refused (403, the route table's manager rule) and change
// nothing, another company's question ids answer 404 like missing ones and stay as they were, another
// company's price book service cannot be offered, and prototype keys in workHours supply nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

const PAGE = "/online-booking-settings";
const DATA = `${PAGE}?_data=${encodeURIComponent("routes/_app+/online-booking-settings")}`;

let address = 0;
/** A screen request from the app's own origin (forms need it), each from its own address. */
function call(path: string, { cookie, form }: { cookie: string; form?: Array<[string, string]> }) {
  const headers = new Headers({ Cookie: cookie, Origin: baseUrl() });
  address += 1;
  headers.set("X-Forwarded-For", `192.0.2.${address % 250}`);
  return fetch(`${baseUrl()}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
}

type PageData = {
  settings: { formUrl: string; introText: string; workHours: Array<Record<string, unknown>>; serviceIds: number[] };
  questions: Array<{ id: number; label: string; type: number; isRequired: boolean; options: string[] }>;
};
const pageData = async (cookie: string) => {
  const response = await call(DATA, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
};

/** A complete, valid settings form, with the days as the page posts them. */
const settingsForm = (formUrl: string, extra: Array<[string, string]> = []): Array<[string, string]> => [
  ["intent", "save"],
  ["formUrl", formUrl],
  ["isEnabled", "on"],
  ["needsApproval", "true"],
  ["durationMinutes", "60"],
  ["leadTimeAmount", "2"],
  ["leadTimeUnit", "0"],
  ["bufferMinutes", "0"],
  ["serviceAreaRadius", ""],
  ["introText", "Attacker's intro"],
  ...[0, 1, 2, 3, 4, 5, 6].flatMap((d): Array<[string, string]> => [
    [`workHours[${d}].weekday`, String(d)],
    [`workHours[${d}].isOpen`, "on"],
    [`workHours[${d}].startMinutes`, "480"],
    [`workHours[${d}].endMinutes`, "1020"],
  ]),
  ...extra,
];

let admin: string;
let owner: string;
let demoQuestionId: number;
let demoBefore: PageData;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  owner = await signUpOwner({ name: "Bookingsec", phoneNumber: "+17045550193" });
  demoBefore = await pageData(admin);
  demoQuestionId = demoRecordIds("company admin").booking_questions ?? demoBefore.questions[0]!.id;
  expect(demoBefore.questions.map((q) => q.id)).toContain(demoQuestionId);
});

describe("online booking settings across roles and companies", () => {
  test("office staff and field techs get 403 on the page and every form, and nothing changes", async () => {
    for (const role of ["office staff", "field tech"] as const) {
      const cookie = await liveSessionCookie(role);
      expect((await call(PAGE, { cookie })).status, role).toBe(403);
      expect((await call(DATA, { cookie })).status, role).toBe(403);
      const posts: Array<Array<[string, string]>> = [
        settingsForm("stolen-by-staff"),
        [
          ["intent", "saveQuestion"],
          ["type", "0"],
          ["label", "Staff question"],
        ],
        [
          ["intent", "deleteQuestion"],
          ["questionId", String(demoQuestionId)],
        ],
        [
          ["intent", "moveQuestion"],
          ["questionId", String(demoQuestionId)],
          ["direction", "down"],
        ],
      ];
      for (const form of posts) expect((await call(PAGE, { cookie, form })).status, `${role} ${form[0]![1]}`).toBe(403);
    }
    expect(await pageData(admin)).toEqual(demoBefore);
  });

  test("another company's question ids answer 404 on every call and the question stays", async () => {
    const id = String(demoQuestionId);
    for (const path of [`${PAGE}?question=${id}`, `${PAGE}?delete=${id}`])
      expect((await call(path, { cookie: owner })).status, path).toBe(404);
    const posts: Array<Array<[string, string]>> = [
      [
        ["intent", "saveQuestion"],
        ["questionId", id],
        ["type", "0"],
        ["label", "Mine now"],
      ],
      [
        ["intent", "deleteQuestion"],
        ["questionId", id],
      ],
      [
        ["intent", "moveQuestion"],
        ["questionId", id],
        ["direction", "down"],
      ],
    ];
    for (const form of posts) expect((await call(PAGE, { cookie: owner, form })).status, form[0]![1]).toBe(404);
    expect((await pageData(owner)).questions).toEqual([]);
    expect((await pageData(admin)).questions).toEqual(demoBefore.questions);
  });

  test("another company's address and price book service are refused with their messages", async () => {
    const taken = await call(DATA, { cookie: owner, form: settingsForm(demoBefore.settings.formUrl.toUpperCase()) });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { errors: Record<string, string> }).errors).toEqual({
      formUrl: "This address is already taken",
    });
    const foreignService = await call(DATA, {
      cookie: owner,
      form: settingsForm(`bookingsec-${Date.now()}`, [["serviceIds", String(demoBefore.settings.serviceIds[0])]]),
    });
    expect(foreignService.status).toBe(400);
    expect(((await foreignService.json()) as { errors: Record<string, string> }).errors).toEqual({
      serviceIds: "Choose services from your price book",
    });
    expect((await pageData(owner)).settings.introText).toBe("");
    expect((await pageData(admin)).settings).toEqual(demoBefore.settings);
  });

  test("prototype keys in workHours supply nothing: the days are stored with their four fields only", async () => {
    const formUrl = `bookingsec-proto-${Date.now()}`;
    const saved = await call(PAGE, {
      cookie: owner,
      form: settingsForm(formUrl, [
        ["workHours[0][__proto__][polluted]", "yes"],
        ["workHours[1].__proto__.isOpen", "on"],
        ["workHours[__proto__][0][isOpen]", "on"],
        ["workHours[constructor][prototype][polluted]", "yes"],
        ["workHours[2][constructor][prototype][role]", "3"],
        ["__proto__[polluted]", "yes"],
      ]),
    });
    expect(saved.status).toBe(302);
    const { settings } = await pageData(owner);
    expect(settings.formUrl).toBe(formUrl);
    expect(settings.workHours).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, startMinutes: 480, endMinutes: 1020 })),
    );
    // A closed day cannot be reopened through its prototype either.
    const closed = settingsForm(formUrl).filter(([key]) => key !== "workHours[3].isOpen");
    expect(
      (await call(PAGE, { cookie: owner, form: [...closed, ["workHours[3][__proto__][isOpen]", "on"]] })).status,
    ).toBe(302);
    expect((await pageData(owner)).settings.workHours[3]).toEqual({
      weekday: 3,
      isOpen: false,
      startMinutes: 480,
      endMinutes: 1020,
    });
    // The server still refuses a field tech: no role leaked into plain objects.
    expect((await call(PAGE, { cookie: await liveSessionCookie("field tech") })).status).toBe(403);
  });
});
