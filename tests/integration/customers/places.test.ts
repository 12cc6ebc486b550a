import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hiddenFields, toFormValues } from "~/models/customers/customer-form";
import { getCustomer } from "~/models/customers/customers.server";
import { Role } from "~/access/roles";
import { openApiDocument } from "~/openapi/index.server";
import { action as editAction, loader as editLoader } from "~/routes/_app+/customers+/$id_.edit";
import { action as newAction, loader as newLoader } from "~/routes/_app+/customers+/new";
import { loader as placeLoader } from "~/routes/api+/places+/$placeId";
import { loader as predictionsLoader } from "~/routes/api+/places+/predictions";
import { googleMaps, plainTextMaps, setMapsAdapter } from "~/services/maps.server";
import {
  accessFor,
  createTestCompany,
  createTestUser,
  makeRequest,
  runRoute,
  sessionCookie,
} from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

// ---- A local server speaking the Places Autocomplete, Place Details and Geocoding web services ----

let server: Server;
let origin: string;
const asked: URL[] = [];

const detailsById: Record<string, unknown> = {
  "place-unit": {
    status: "OK",
    result: {
      place_id: "place-unit",
      formatted_address: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
      geometry: { location: { lat: 41.8789, lng: -87.6359 } },
      address_components: [
        { long_name: "4500", short_name: "4500", types: ["subpremise"] },
        { long_name: "233", short_name: "233", types: ["street_number"] },
        { long_name: "South Wacker Drive", short_name: "S Wacker Dr", types: ["route"] },
      ],
    },
  },
  "place-plain": {
    status: "OK",
    result: {
      place_id: "place-plain",
      formatted_address: "1 Yonge St, Toronto, ON M5E 1E5, Canada",
      geometry: { location: { lat: 43.6426, lng: -79.3755 } },
      address_components: [{ long_name: "1", short_name: "1", types: ["street_number"] }],
    },
  },
  "place-invalid": { status: "INVALID_REQUEST", error_message: "Invalid request. Invalid 'placeid' parameter." },
  "place-denied": { status: "REQUEST_DENIED", error_message: "The provided API key is invalid." },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    asked.push(url);
    res.setHeader("Content-Type", "application/json");
    if (url.pathname === "/maps/api/place/autocomplete/json") {
      const input = url.searchParams.get("input") ?? "";
      if (input.includes("Nowhere")) return res.end(JSON.stringify({ status: "ZERO_RESULTS", predictions: [] }));
      if (input.includes("Denied"))
        return res.end(
          JSON.stringify({
            status: "REQUEST_DENIED",
            error_message: "The provided API key is invalid.",
            predictions: [],
          }),
        );
      if (input.includes("Broken")) {
        res.statusCode = 500;
        return res.end("{}");
      }
      return res.end(
        JSON.stringify({
          status: "OK",
          predictions: [
            {
              description: "233 S Wacker Dr, Chicago, IL, USA",
              place_id: "place-unit",
              structured_formatting: { main_text: "233 S Wacker Dr" },
            },
            { description: "1 Yonge St, Toronto, ON, Canada", place_id: "place-plain" },
          ],
        }),
      );
    }
    if (url.pathname === "/maps/api/place/details/json") {
      return res.end(JSON.stringify(detailsById[url.searchParams.get("place_id") ?? ""] ?? { status: "NOT_FOUND" }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ status: "NOT_FOUND" }));
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
});

const google = () => googleMaps({ apiKey: "test-key", origin });

describe("Google places adapter, against a local server speaking its protocol", () => {
  it("asks Places Autocomplete with the countries us and ca and the key, and keeps description and place id", async () => {
    expect(await google().predictions("233 S Wacker")).toEqual([
      { description: "233 S Wacker Dr, Chicago, IL, USA", placeId: "place-unit" },
      { description: "1 Yonge St, Toronto, ON, Canada", placeId: "place-plain" },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0].pathname).toBe("/maps/api/place/autocomplete/json");
    expect(asked[0].searchParams.get("input")).toBe("233 S Wacker");
    expect(asked[0].searchParams.get("components")).toBe("country:us|country:ca");
    expect(asked[0].searchParams.get("key")).toBe("test-key");
  });

  it("answers an empty list for ZERO_RESULTS, and logs REQUEST_DENIED, HTTP errors and network errors without throwing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await google().predictions("Nowhere Lane")).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(await google().predictions("Denied Street")).toEqual([]);
    expect(warn).toHaveBeenLastCalledWith(
      "maps: place autocomplete answered REQUEST_DENIED: The provided API key is invalid.",
    );
    expect(await google().predictions("Broken Road")).toEqual([]);
    expect(warn).toHaveBeenLastCalledWith("maps: place autocomplete answered HTTP 500");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const offline = googleMaps({ apiKey: "secret-key", origin: closedOrigin });
    expect(await offline.predictions("233 S Wacker")).toEqual([]);
    expect(await offline.place("place-unit")).toBeNull();
    expect(await offline.geocode("233 S Wacker")).toBeNull();
    expect(warn.mock.calls.at(-1)?.[0]).toMatch(/^maps: geocode failed: /);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).not.toContain("secret-key");
  });

  it("reads Place Details: formatted address, coordinates, place id, and the subpremise as the unit number", async () => {
    expect(await google().place("place-unit")).toEqual({
      location: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
      geoData: { placeId: "place-unit", latitude: 41.8789, longitude: -87.6359 },
      unitNumber: "4500",
    });
    expect(asked[0].pathname).toBe("/maps/api/place/details/json");
    expect(asked[0].searchParams.get("place_id")).toBe("place-unit");
    expect(asked[0].searchParams.get("fields")).toBe("place_id,geometry,formatted_address,address_components");
    expect(asked[0].searchParams.get("key")).toBe("test-key");
    expect(await google().place("place-plain")).toMatchObject({
      location: "1 Yonge St, Toronto, ON M5E 1E5, Canada",
      unitNumber: null,
    });
  });

  it("answers null when the details status is not OK", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await google().place("place-missing")).toBeNull();
    expect(await google().place("place-invalid")).toBeNull();
    expect(await google().place("place-denied")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("has nothing to offer without a key", async () => {
    expect(plainTextMaps.enabled).toBe(false);
    expect(await plainTextMaps.predictions("233 S Wacker")).toEqual([]);
    expect(await plainTextMaps.place("place-unit")).toBeNull();
  });
});

// ---- The JSON API of the browser island ----

async function call(fn: (args: never) => Promise<unknown>, request: Request, params: Record<string, string> = {}) {
  try {
    const res = (await fn({ request, params, context: {} } as never)) as Response;
    return { status: res.status, body: (await res.json()) as unknown };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: (await thrown.json().catch(() => null)) as unknown };
    throw thrown;
  }
}

let admin: string;
let tech: string;
let companyUserId: number;

beforeAll(async () => {
  const company = await createTestCompany();
  companyUserId = company.userId;
  admin = await sessionCookie(company.userId);
  tech = await sessionCookie((await createTestUser(company.companyId, Role.FieldTech)).userId);
});

const predictions = (query: string, cookie?: string) =>
  call(predictionsLoader, makeRequest(`/api/places/predictions${query}`, { cookie }));
const place = (placeId: string, cookie?: string) =>
  call(placeLoader, makeRequest(`/api/places/${encodeURIComponent(placeId)}`, { cookie }), { placeId });

describe("places API", () => {
  it("answers 401 to a visitor", async () => {
    setMapsAdapter(google());
    expect((await predictions("?input=233%20S%20Wacker")).status).toBe(401);
    expect((await place("place-unit")).status).toBe(401);
    expect(asked).toHaveLength(0);
  });

  it("gives suggestions and details to any signed-in role", async () => {
    setMapsAdapter(google());
    expect(await predictions("?input=%20%20233%20S%20Wacker%20", tech)).toEqual({
      status: 200,
      body: {
        enabled: true,
        predictions: [
          { description: "233 S Wacker Dr, Chicago, IL, USA", placeId: "place-unit" },
          { description: "1 Yonge St, Toronto, ON, Canada", placeId: "place-plain" },
        ],
      },
    });
    expect(asked[0].searchParams.get("input")).toBe("233 S Wacker");
    expect(await place("place-unit", admin)).toEqual({
      status: 200,
      body: {
        location: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
        geoData: { placeId: "place-unit", latitude: 41.8789, longitude: -87.6359 },
        unitNumber: "4500",
      },
    });
    expect(await predictions("?input=Nowhere%20Lane", admin)).toEqual({
      status: 200,
      body: { enabled: true, predictions: [] },
    });
  });

  it("asks nothing for fewer than 3 or more than 200 characters", async () => {
    setMapsAdapter(google());
    expect(await predictions("?input=%20ab%20", admin)).toEqual({
      status: 200,
      body: { enabled: true, predictions: [] },
    });
    expect(await predictions("", admin)).toEqual({ status: 200, body: { enabled: true, predictions: [] } });
    expect(await predictions(`?input=${"a".repeat(201)}`, admin)).toEqual({
      status: 200,
      body: { enabled: true, predictions: [] },
    });
    expect(asked).toHaveLength(0);
  });

  it("answers 400 to bad input and 404 to an unknown place", async () => {
    setMapsAdapter(google());
    expect(await predictions("?input=one&input=two", admin)).toEqual({
      status: 400,
      body: { errors: { input: "Input must be one text value" } },
    });
    expect(await place("not a place id!", admin)).toEqual({
      status: 400,
      body: { errors: { placeId: "Place id is not valid" } },
    });
    expect(await place("x".repeat(513), admin)).toMatchObject({ status: 400 });
    expect(await place("place-missing", admin)).toEqual({
      status: 404,
      body: { exceptionType: "not_found", message: "Not found" },
    });
  });

  it("says enabled: false and asks nothing without a key", async () => {
    setMapsAdapter(plainTextMaps);
    expect(await predictions("?input=233%20S%20Wacker", admin)).toEqual({
      status: 200,
      body: { enabled: false, predictions: [] },
    });
    expect((await place("place-unit", admin)).status).toBe(404);
    expect(asked).toHaveLength(0);
  });

  it("is in the OpenAPI document", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths["/api/places/predictions"].get.tags).toEqual(["Places"]);
    expect(paths["/api/places/{placeId}"].get.tags).toEqual(["Places"]);
  });
});

// ---- The customer form: posted coordinates are saved, stale ones are not ----

const form = (fields: [string, string][]) => new URLSearchParams(fields);
const postTo = (
  fn: (args: never) => Promise<unknown>,
  path: string,
  fields: [string, string][],
  params: Record<string, string> = {},
) =>
  runRoute(
    fn,
    makeRequest(path, {
      method: "POST",
      cookie: admin,
      body: form(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params,
  );

describe("place search in the customer form", () => {
  it("tells the screens whether places search is on", async () => {
    setMapsAdapter(plainTextMaps);
    expect(
      (
        (await (await runRoute(newLoader, makeRequest("/customers/new", { cookie: admin }))).json()) as {
          placesEnabled: boolean;
        }
      ).placesEnabled,
    ).toBe(false);
    setMapsAdapter(google());
    expect(
      (
        (await (await runRoute(newLoader, makeRequest("/customers/new", { cookie: admin }))).json()) as {
          placesEnabled: boolean;
        }
      ).placesEnabled,
    ).toBe(true);
  });

  it("carries the coordinates once: hidden by the place field on Property Info, as hidden fields on other steps", () => {
    const values = toFormValues(
      { addresses: [{ location: "1 Yonge St", geoData: { placeId: "p", latitude: "43.6", longitude: "-79.3" } }] },
      false,
    );
    const names = (steps: number[]) => hiddenFields(values, steps).map(([name]) => name);
    expect(names([1]).filter((n) => n.includes("geoData"))).toEqual([]);
    expect(names([0]).filter((n) => n.includes("geoData"))).toEqual([
      "addresses[0].geoData.placeId",
      "addresses[0].geoData.latitude",
      "addresses[0].geoData.longitude",
    ]);
  });

  it("saves the coordinates of a picked place when the wizard creates the customer, and drops stale ones on edit", async () => {
    setMapsAdapter(plainTextMaps);
    const created = await postTo(newAction, "/customers/new", [
      ["step", "2"],
      ["intent", "create"],
      ["firstName", "Placed"],
      ["areTextMessagesAllowed", "true"],
      ["addresses[0].location", "233 S Wacker Dr #4500, Chicago, IL 60606, USA"],
      ["addresses[0].unitNumber", "4500"],
      ["addresses[0].geoData.placeId", "place-unit"],
      ["addresses[0].geoData.latitude", "41.8789"],
      ["addresses[0].geoData.longitude", "-87.6359"],
      ["addresses[1].location", "1 Main St, Springfield"],
      ["addresses[1].geoData.placeId", ""],
      ["addresses[1].geoData.latitude", ""],
      ["addresses[1].geoData.longitude", ""],
    ]);
    expect(created.status).toBe(302);
    const id = Number(created.headers.get("Location")!.split("/").pop());
    const { ctx } = await accessFor(companyUserId);
    const saved = (await getCustomer(ctx, id))!;
    expect(saved.addresses.map((a) => [a.location, a.unitNumber, a.geoData])).toEqual([
      [
        "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
        "4500",
        { placeId: "place-unit", latitude: 41.8789, longitude: -87.6359 },
      ],
      ["1 Main St, Springfield", null, null],
    ]);

    // The edit screen gets the stored coordinates; posted back unchanged with the same text, they stay.
    const edit = (await (
      await runRoute(editLoader, makeRequest(`/customers/${id}/edit`, { cookie: admin }), { id: String(id) })
    ).json()) as { values: { addresses: { id: string; geoData: Record<string, string> }[] }; placesEnabled: boolean };
    expect(edit.placesEnabled).toBe(false);
    expect(edit.values.addresses[0].geoData).toEqual({
      placeId: "place-unit",
      latitude: "41.8789",
      longitude: "-87.6359",
    });
    const [first, second] = edit.values.addresses.map((a) => a.id);
    const save = (rows: [string, string][]) =>
      postTo(editAction, `/customers/${id}/edit`, [["intent", "save"], ["firstName", "Placed"], ...rows], {
        id: String(id),
      });
    const stored: [string, string][] = [
      ["addresses[0].geoData.placeId", "place-unit"],
      ["addresses[0].geoData.latitude", "41.8789"],
      ["addresses[0].geoData.longitude", "-87.6359"],
    ];
    expect(
      (
        await save([
          ["addresses[0].id", first],
          ["addresses[0].location", "233 S Wacker Dr #4500, Chicago, IL 60606, USA"],
          ...stored,
          ["addresses[1].id", second],
          ["addresses[1].location", "1 Main St, Springfield"],
        ])
      ).status,
    ).toBe(302);
    expect((await getCustomer(ctx, id))!.addresses[0].geoData).toEqual({
      placeId: "place-unit",
      latitude: 41.8789,
      longitude: -87.6359,
    });

    // Without JavaScript the old coordinates travel hidden while the text changes: they are dropped.
    expect(
      (
        await save([
          ["addresses[0].id", first],
          ["addresses[0].location", "500 W Madison St, Chicago"],
          ...stored,
          ["addresses[1].id", second],
          ["addresses[1].location", "1 Main St, Springfield"],
        ])
      ).status,
    ).toBe(302);
    expect((await getCustomer(ctx, id))!.addresses.map((a) => [a.location, a.geoData])).toEqual([
      ["500 W Madison St, Chicago", null],
      ["1 Main St, Springfield", null],
    ]);

    // A new pick (new text and new coordinates) is saved.
    expect(
      (
        await save([
          ["addresses[0].id", first],
          ["addresses[0].location", "1 Yonge St, Toronto, ON M5E 1E5, Canada"],
          ["addresses[0].geoData.placeId", "place-plain"],
          ["addresses[0].geoData.latitude", "43.6426"],
          ["addresses[0].geoData.longitude", "-79.3755"],
          ["addresses[1].id", second],
          ["addresses[1].location", "1 Main St, Springfield"],
        ])
      ).status,
    ).toBe(302);
    expect((await getCustomer(ctx, id))!.addresses[0]).toMatchObject({
      id: Number(first),
      location: "1 Yonge St, Toronto, ON M5E 1E5, Canada",
      geoData: { placeId: "place-plain", latitude: 43.6426, longitude: -79.3755 },
    });
  });
});
