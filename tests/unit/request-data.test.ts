import { describe, expect, test } from "vitest";
import {
  formFields,
  isPrototypeKey,
  MAX_FIELDS,
  parseJson,
  parseNested,
  refuseScreenPostsThatAreNotForms,
} from "~/http/request-data.server";

const HOSTILE_KEYS = [
  "__proto__.role",
  "__proto__[role]",
  "constructor.prototype.role",
  "constructor[prototype][role]",
  "constructor[prototype].role",
  "a.__proto__.role",
  "a[__proto__][role]",
  "lineItems[0].__proto__.role",
  "lineItems[0][constructor][prototype][role]",
  "prototype.role",
  " __proto__ .role",
];

const inherited = () => ({
  role: ({} as Record<string, unknown>).role,
  planFeatures: ({} as Record<string, unknown>).planFeatures,
});

describe("parseNested", () => {
  test("nests dotted and bracketed keys, repeated keys and empty brackets into arrays", () => {
    const parsed = parseNested(
      new URLSearchParams(
        "sortSettings[0].fieldName=name&sortSettings[0].descending=true&tags=1&tags=2&ids[]=7&a.b.c=x&lineItems[1][name]=second&lineItems[0][name]=first",
      ),
    );
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      sortSettings: [{ fieldName: "name", descending: "true" }],
      tags: ["1", "2"],
      ids: ["7"],
      a: { b: { c: "x" } },
      lineItems: [{ name: "first" }, { name: "second" }],
    });
  });

  test("keeps files as File objects", () => {
    const form = new FormData();
    const file = new File(["hello"], "note.txt", { type: "text/plain" });
    form.append("attachment", file);
    form.append("meta.title", "Note");
    const parsed = parseNested(form) as { attachment: File; meta: { title: string } };
    expect(parsed.attachment).toBeInstanceOf(File);
    expect(parsed.meta.title).toBe("Note");
  });

  test.each(HOSTILE_KEYS)("drops %s and writes nothing onto Object.prototype", (key) => {
    const parsed = parseNested(
      new URLSearchParams([
        [key, "3"],
        ["name", "Ann"],
      ]),
    );
    expect(inherited()).toEqual({ role: undefined, planFeatures: undefined });
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ name: "Ann" });
    expect(JSON.stringify(parsed)).not.toContain("role");
  });

  test("builds containers without a prototype", () => {
    const parsed = parseNested(new URLSearchParams("a.b=1")) as { a: object };
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
  });

  test("answers 400 past the field limit instead of parsing", () => {
    const many = new URLSearchParams();
    for (let i = 0; i <= MAX_FIELDS; i++) many.append(`f${i}`, "x");
    let thrown: unknown;
    try {
      parseNested(many);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

describe("parseJson", () => {
  test("drops __proto__, constructor and prototype keys at every depth", () => {
    const parsed = parseJson(
      '{"name":"Ann","__proto__":{"role":3},"constructor":{"prototype":{"role":3}},"lines":[{"__proto__":{"planFeatures":1},"qty":2}],"nested":{"prototype":{"x":1},"ok":true}}',
    );
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ name: "Ann", lines: [{ qty: 2 }], nested: { ok: true } });
    expect(inherited()).toEqual({ role: undefined, planFeatures: undefined });
    const spread = { ...(parsed as object) } as Record<string, unknown>;
    expect(spread.role).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });

  test("reads arrays, strings and numbers as JSON.parse does", () => {
    expect(parseJson("[1,2]")).toEqual([1, 2]);
    expect(parseJson('"x"')).toBe("x");
    expect(() => parseJson("{bad")).toThrow(SyntaxError);
  });
});

describe("formFields", () => {
  test("flat fields, repeated names as arrays, prototype keys dropped, no prototype", () => {
    const form = new FormData();
    form.append("name", "Ann");
    form.append("tags", "1");
    form.append("tags", "2");
    form.append("__proto__", "x");
    form.append("constructor.prototype.role", "3");
    const fields = formFields(form);
    expect({ ...fields }).toEqual({ name: "Ann", tags: ["1", "2"] });
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(inherited().role).toBeUndefined();
  });
});

test("isPrototypeKey names every path into the prototype chain and nothing else", () => {
  for (const key of HOSTILE_KEYS) expect(isPrototypeKey(key), key).toBe(true);
  for (const key of ["role", "proto", "constructorName", "lineItems[0].prototypeId", "__proto", "a.b"])
    expect(isPrototypeKey(key), key).toBe(false);
});

describe("refuseScreenPostsThatAreNotForms", () => {
  const passed = refuseScreenPostsThatAreNotForms(async () => new Response("route ran"));
  const post = (path: string, type?: string) =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: "{}",
      headers: type ? { "Content-Type": type } : {},
    });

  test("a screen post in JSON, text or without a type answers 415 before the route", async () => {
    for (const type of ["application/json", "text/plain", undefined]) {
      const response = await passed(post("/customers/new", type));
      expect(response.status, String(type)).toBe(415);
      expect(await response.text()).toBe("Forms are sent as application/x-www-form-urlencoded or multipart/form-data.");
    }
  });

  test("forms, reads and API calls reach the route", async () => {
    expect(await (await passed(post("/customers/new", "application/x-www-form-urlencoded"))).text()).toBe("route ran");
    expect(await (await passed(post("/customers/new", "multipart/form-data; boundary=x"))).text()).toBe("route ran");
    expect(await (await passed(post("/api/customers/create", "application/json"))).text()).toBe("route ran");
    expect(await (await passed(new Request("http://localhost/customers"))).text()).toBe("route ran");
  });
});
