// The booking form's public place search from the attacker's side, over HTTP against the built server
// (no maps key, as a fresh install): only an enabled form's address opens it, hostile text and place
// ids are refused or answered with nothing, another company's form reaches nothing but the search,
// and one address is held to 60 calls per 10 minutes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBookingForm, type BookingFormSetup } from "../e2e/booking-form-setup";
import { baseUrl, startServer, type OwnServer } from "./harness";

let mine: BookingFormSetup;
let theirs: BookingFormSetup;

const base = (formUrl: string) => `/api/booking-requests/public/${formUrl}/places`;
let serial = 0;
/** From an address of its own where the server trusts a proxy: this suite does not spend the shared server's limit. */
const get = (path: string, init: { headers?: Record<string, string> } = {}, origin = baseUrl()) =>
  fetch(`${origin}${path}`, {
    redirect: "manual",
    headers: { "X-Forwarded-For": `192.0.2.${++serial % 250}`, ...init.headers },
  });

beforeAll(async () => {
  mine = await createBookingForm(baseUrl(), { name: "PlacesMine" });
  theirs = await createBookingForm(baseUrl(), { name: "PlacesTheirs" });
});

describe("the booking form's place search from the attacker's side", () => {
  test("only an enabled form's address answers; hostile form addresses are 404", async () => {
    const ok = await get(`${base(mine.formUrl)}/predictions?input=233%20S%20Wacker`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await ok.json()).toEqual({ enabled: false, predictions: [] });
    for (const formUrl of [
      "no-such-form-anywhere",
      "__proto__",
      "constructor",
      "%27%20or%201%3D1%20--",
      "..%2F..%2Fcustomers",
      "%00",
      String(mine.companyId),
      "a".repeat(5000),
    ]) {
      const res = await get(`${base(formUrl)}/predictions?input=233%20S%20Wacker`);
      expect(res.status, formUrl.slice(0, 40)).toBe(404);
      expect((await get(`${base(formUrl)}/place-1`)).status, formUrl.slice(0, 40)).toBe(404);
    }
    // The page itself: a NUL byte in its address is not found either (not a database error).
    expect((await get("/online-booking/a%00b")).status).toBe(404);
  });

  test("hostile text is refused or answered with nothing, never reflected", async () => {
    const hostile = ["<script>alert(1)</script>", "' or 1=1 --", "\u0000\r\nSet-Cookie: x=1", "a".repeat(6000)];
    for (const input of hostile) {
      const res = await get(`${base(mine.formUrl)}/predictions?input=${encodeURIComponent(input)}`);
      expect(res.status, input.slice(0, 30)).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toBe('{"enabled":false,"predictions":[]}');
    }
    for (const query of ["input=a&input=b", "input[a]=1"]) {
      const res = await get(`${base(mine.formUrl)}/predictions?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ errors: { input: "Input must be one text value" } });
    }
    // A prototype key supplies nothing: no input, nothing asked.
    const proto = await get(`${base(mine.formUrl)}/predictions?input[__proto__][x]=1&__proto__[input]=abcdef`);
    expect(proto.status).toBe(200);
    expect(await proto.json()).toEqual({ enabled: false, predictions: [] });
    for (const placeId of ["a%20b", "a%3Bb", "%3Cscript%3E", "x".repeat(600)]) {
      const res = await get(`${base(mine.formUrl)}/${placeId}`);
      expect(res.status, placeId.slice(0, 30)).toBe(400);
      expect(Object.keys((await res.json()) as object)).toEqual(["errors"]);
    }
  });

  test("another company's form reaches the search and nothing else, signed in or not", async () => {
    // Signed in to my company, through their form: the same public answers, never their records or mine.
    for (const cookie of [mine.cookie, undefined]) {
      const headers = cookie ? { Cookie: cookie } : undefined;
      const res = await get(`${base(theirs.formUrl)}/predictions?input=233%20S%20Wacker`, { headers });
      expect(await res.json()).toEqual({ enabled: false, predictions: [] });
      for (const placeId of ["%2Fapi%2Fcustomers", "..%2F..%2F..%2Fcustomers", "%2F%2Fevil.example%2Fx"]) {
        const place = await get(`${base(theirs.formUrl)}/${placeId}`, { headers });
        expect([400, 404], placeId).toContain(place.status);
        expect(Object.keys((await place.json()) as object).sort()).not.toContain("data");
      }
    }
    // The signed-in place search stays signed-in only: the public one opens no way round it.
    expect((await get("/api/places/predictions?input=233%20S%20Wacker")).status).toBe(401);
    expect((await get("/api/places/place-1")).status).toBe(401);
  });
});

describe("the place search's rate limit (a server of its own: every request from one address)", () => {
  let server: OwnServer;
  afterAll(async () => {
    await server?.stop();
  });

  test("the 61st call from one address within 10 minutes is 429, for any form", async () => {
    server = await startServer();
    const form = await createBookingForm(server.baseUrl, { name: "PlacesLimited" });
    const other = await createBookingForm(server.baseUrl, { name: "PlacesOther" });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await get(`${base(form.formUrl)}/predictions?input=abc${i}`, {}, server.baseUrl)).status);
    expect(statuses).toEqual(Array(60).fill(200));
    for (const path of [`${base(form.formUrl)}/predictions?input=abc`, `${base(other.formUrl)}/place-1`]) {
      const refused = await get(path, {}, server.baseUrl);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      });
    }
  }, 180_000);
});
