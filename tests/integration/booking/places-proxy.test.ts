import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { bookingRequests, companies } from "~/db/schema";
import { findOpenDays } from "~/models/booking/availability.server";
import { findPublicBookingForm, saveBookingSettings } from "~/models/booking/booking-settings.server";
import { defaultWorkHours } from "~/models/booking/booking.schema";
import { rulesOf } from "~/models/booking/submission.server";
import { openApiDocument } from "~/openapi/index.server";
import { loader as placeLoader } from "~/routes/api+/booking-requests+/public.$formUrl.places.$placeId";
import { loader as predictionsLoader } from "~/routes/api+/booking-requests+/public.$formUrl.places.predictions";
import { action as pageAction, loader as pageLoader } from "~/routes/_public+/online-booking.$formUrl";
import { googleMaps, plainTextMaps, setMapsAdapter } from "~/services/maps.server";
import { consumeAttempt } from "~/services/rate-limits.server";
import { accessFor, createTestCompany, makeRequest } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

// The booking form's public place search: the proxy over the real Google adapter, pointed at a local
// server speaking Places Autocomplete and Place Details, and the page posting the chosen coordinates.

let server: Server;
let origin: string;
const asked: URL[] = [];

const details: Record<string, unknown> = {
  "place-chicago": {
    status: "OK",
    result: {
      place_id: "place-chicago",
      formatted_address: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
      geometry: { location: { lat: 41.8789, lng: -87.6359 } },
      address_components: [{ long_name: "4500", short_name: "4500", types: ["subpremise"] }],
    },
  },
  "place-toronto": {
    status: "OK",
    result: {
      place_id: "place-toronto",
      formatted_address: "1 Yonge St, Toronto, ON M5E 1E5, Canada",
      geometry: { location: { lat: 43.6426, lng: -79.3755 } },
      address_components: [],
    },
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    asked.push(url);
    res.setHeader("Content-Type", "application/json");
    if (url.pathname === "/maps/api/place/autocomplete/json")
      return res.end(
        JSON.stringify({
          status: "OK",
          predictions: [
            { description: "233 S Wacker Dr, Chicago, IL, USA", place_id: "place-chicago" },
            { description: "1 Yonge St, Toronto, ON, Canada", place_id: "place-toronto" },
          ],
        }),
      );
    if (url.pathname === "/maps/api/place/details/json")
      return res.end(JSON.stringify(details[url.searchParams.get("place_id") ?? ""] ?? { status: "NOT_FOUND" }));
    // Geocoding finds nothing here: only coordinates sent with the form can place an address.
    res.end(JSON.stringify({ status: "ZERO_RESULTS", results: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setMapsAdapter(undefined);
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
  setMapsAdapter(googleMaps({ apiKey: "test-key", origin }));
});
afterEach(() => setMapsAdapter(undefined));

let seq = 0;
/** A company with a booking form (enabled unless told), its admin the one bookable employee. */
async function bookingForm({ isEnabled = true, serviceAreaRadius = null as number | null } = {}) {
  const { companyId, userId } = await createTestCompany();
  const formUrl = `places-${process.pid}-${++seq}`;
  await saveBookingSettings((await accessFor(userId)).ctx, {
    formUrl,
    isEnabled,
    needsApproval: true,
    durationMinutes: 60,
    leadTimeAmount: 0,
    leadTimeUnit: 0,
    bufferMinutes: 0,
    workHours: defaultWorkHours(),
    serviceAreaRadius,
    introText: undefined,
    serviceIds: [],
  });
  return { companyId, formUrl };
}

let addresses = 0;
/** A fresh client address per test: the limits count per address. */
const newAddress = () => `198.51.100.${++addresses}`;

async function call(
  loader: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  clientAddress: string | null = newAddress(),
): Promise<Response> {
  try {
    return (await loader({ request: makeRequest(path), params, context: { clientAddress } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const predictions = (formUrl: string, query: string, address?: string | null) =>
  call(
    predictionsLoader as never,
    `/api/booking-requests/public/${formUrl}/places/predictions${query}`,
    { formUrl },
    address,
  );
const place = (formUrl: string, placeId: string, address?: string | null) =>
  call(
    placeLoader as never,
    `/api/booking-requests/public/${formUrl}/places/${placeId}`,
    { formUrl, placeId },
    address,
  );

describe("the booking form's place search", () => {
  it("answers the adapter's suggestions in the US and Canada, and a suggestion's address, coordinates and unit", async () => {
    const { formUrl } = await bookingForm();
    const res = await predictions(formUrl, "?input=%20233%20S%20Wacker%20");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      enabled: true,
      predictions: [
        { description: "233 S Wacker Dr, Chicago, IL, USA", placeId: "place-chicago" },
        { description: "1 Yonge St, Toronto, ON, Canada", placeId: "place-toronto" },
      ],
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get("input")).toBe("233 S Wacker");
    expect(asked[0]!.searchParams.get("components")).toBe("country:us|country:ca");

    const chosen = await place(formUrl, "place-chicago");
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({
      location: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
      geoData: { placeId: "place-chicago", latitude: 41.8789, longitude: -87.6359 },
      unitNumber: "4500",
    });
    expect((await place(formUrl, "place-unknown")).status).toBe(404);
  });

  it("asks nothing for text outside 3 to 200 characters, and refuses a repeated input or a malformed place id", async () => {
    const { formUrl } = await bookingForm();
    for (const query of ["", "?input=ab", "?input=%20%20ab%20%20", `?input=${"a".repeat(201)}`]) {
      const res = await predictions(formUrl, query);
      expect(res.status, query).toBe(200);
      expect(await res.json()).toEqual({ enabled: true, predictions: [] });
    }
    expect(asked).toHaveLength(0);
    const twice = await predictions(formUrl, "?input=abc&input=def");
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ errors: { input: "Input must be one text value" } });
    for (const bad of ["has space", "a;b", "x".repeat(513)]) {
      const res = await place(formUrl, bad);
      expect(res.status, bad).toBe(400);
    }
    expect(asked).toHaveLength(0);
  });

  it("is 404 for an unknown, disabled or overlong form address, asking nothing", async () => {
    const off = await bookingForm({ isEnabled: false });
    for (const formUrl of [`no-such-form-${process.pid}`, off.formUrl, "a".repeat(101)]) {
      const res = await predictions(formUrl, "?input=233%20S%20Wacker");
      expect(res.status, formUrl).toBe(404);
      expect(await res.json()).toMatchObject({ exceptionType: "not_found" });
      expect((await place(formUrl, "place-chicago")).status, formUrl).toBe(404);
    }
    expect(asked).toHaveLength(0);
  });

  it("without a maps key answers enabled false and no suggestions, and no place", async () => {
    setMapsAdapter(plainTextMaps);
    const { formUrl } = await bookingForm();
    const res = await predictions(formUrl, "?input=233%20S%20Wacker");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: false, predictions: [] });
    expect((await place(formUrl, "place-chicago")).status).toBe(404);
    expect(asked).toHaveLength(0);
  });

  it("allows 60 calls per 10 minutes from one address, then 429 with the rate-limit answer", async () => {
    const { formUrl } = await bookingForm();
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await predictions(formUrl, "?input=ab", address)).status);
      statuses.push((await place(formUrl, "place-toronto", address)).status);
    }
    expect(statuses).toEqual(Array(60).fill(200));
    const refused = await predictions(formUrl, "?input=233%20S%20Wacker", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please try again in/),
    });
    expect((await place(formUrl, "place-toronto", address)).status).toBe(429);
    // Another visitor of the same form is not held up.
    expect((await predictions(formUrl, "?input=233%20S%20Wacker")).status).toBe(200);
  });

  it("caps one form at 3000 calls per 10 minutes, whoever asks", async () => {
    const { formUrl, companyId } = await bookingForm();
    for (let i = 0; i < 3000; i++)
      await consumeAttempt("bookingPlaces", { account: `form-${companyId}`, address: null });
    expect((await predictions(formUrl, "?input=233%20S%20Wacker")).status).toBe(429);
    expect((await place(formUrl, "place-chicago")).status).toBe(429);
    // Another company's form still answers.
    expect((await predictions((await bookingForm()).formUrl, "?input=233%20S%20Wacker")).status).toBe(200);
  });

  it("is documented as a public, rate-limited call of the booking form", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const path of [
      "/api/booking-requests/public/{formUrl}/places/predictions",
      "/api/booking-requests/public/{formUrl}/places/{placeId}",
    ])
      expect(Object.keys(paths[path]!.get!.responses), path).toContain("429");
  });
});

describe("the booking page with place search", () => {
  it("marks the address field with its search's address only when a maps key is set", async () => {
    const { formUrl } = await bookingForm();
    const view = async () => {
      const res = (await pageLoader({
        request: makeRequest(`/online-booking/${formUrl}`),
        params: { formUrl },
        context: {},
      } as never)) as Response;
      return ((await res.json()) as { page: { placeSearch: string | null } }).page.placeSearch;
    };
    expect(await view()).toBe(`/api/booking-requests/public/${formUrl}/places`);
    setMapsAdapter(plainTextMaps);
    expect(await view()).toBeNull();
  });

  it("checks the service area by the chosen place's coordinates", async () => {
    const { companyId, formUrl } = await bookingForm({ serviceAreaRadius: 25 });
    await db
      .update(companies)
      .set({ geoData: { latitude: 41.8781, longitude: -87.6298 } })
      .where(eq(companies.id, companyId));
    const form = (await findPublicBookingForm(formUrl))!;
    const windows = (await findOpenDays(companyId, rulesOf(form))).flatMap((d) => d.windows);
    let n = 0;
    const post = async (placeId: string) => {
      const chosen = (await (await place(formUrl, placeId)).json()) as {
        location: string;
        geoData: { latitude: number; longitude: number };
      };
      const fields = new URLSearchParams({
        submissionKey: `places-${process.pid}-${++n}`.padEnd(20, "p"),
        startTime: windows[n]!.start.toISOString(),
        firstName: "Pia",
        email: "pia@example.com",
        location: chosen.location,
        latitude: String(chosen.geoData.latitude),
        longitude: String(chosen.geoData.longitude),
        website: "",
      });
      try {
        return (await pageAction({
          request: makeRequest(`/online-booking/${formUrl}`, { method: "POST", body: fields }),
          params: { formUrl },
          context: { clientAddress: newAddress() },
        } as never)) as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const outside = await post("place-toronto");
    expect(outside.status).toBe(422);
    expect(((await outside.json()) as { errors: Record<string, string> }).errors).toEqual({
      location: "Sorry, this address is outside our service area.",
    });
    const inside = await post("place-chicago");
    expect(inside.status).toBe(303);
    const [stored] = await db
      .select({ location: bookingRequests.location, geoData: bookingRequests.geoData })
      .from(bookingRequests)
      .where(eq(bookingRequests.companyId, companyId));
    expect(stored).toEqual({
      location: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
      geoData: { latitude: 41.8789, longitude: -87.6359 },
    });
  });
});
