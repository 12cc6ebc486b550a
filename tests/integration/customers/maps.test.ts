import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { createCustomer, getCustomer } from "~/models/customers/customers.server";
import { loader as profileLoader } from "~/routes/_app+/customers+/$id";
import { googleMaps, plainTextMaps, setMapsAdapter } from "~/services/maps.server";
import { accessFor, createTestCompany, makeRequest, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

let server: Server;
const asked: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    asked.push(url);
    res.setHeader("Content-Type", "application/json");
    if (url.searchParams.get("address")?.includes("Nowhere"))
      return res.end(JSON.stringify({ status: "ZERO_RESULTS", results: [] }));
    res.end(
      JSON.stringify({
        status: "OK",
        results: [{ place_id: "place-1", geometry: { location: { lat: 41.88, lng: -87.63 } } }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  setMapsAdapter(undefined);
  await new Promise((resolve) => server.close(resolve));
});

describe("maps adapter and the geocode-on-load rule", () => {
  it("geocodes addresses without geoData when the profile loads, through Google's protocol", async () => {
    const { port } = server.address() as AddressInfo;
    setMapsAdapter(googleMaps({ apiKey: "test-key", origin: `http://127.0.0.1:${port}` }));
    const { userId } = await createTestCompany();
    const { ctx } = await accessFor(userId);
    const id = await createCustomer(
      ctx,
      customerInputSchema().parse({
        firstName: "Geo",
        addresses: [{ location: "233 S Wacker Dr, Chicago" }, { location: "Nowhere Lane" }],
      }),
    );
    const res = (await profileLoader({
      request: makeRequest(`/customers/${id}`, { cookie: await sessionCookie(userId) }),
      params: { id: String(id) },
      context: {},
    })) as Response;
    const body = (await res.json()) as { customer: { addresses: { location: string; geoData: unknown }[] } };
    expect(body.customer.addresses.map((a) => a.geoData)).toEqual([
      { placeId: "place-1", latitude: 41.88, longitude: -87.63 },
      null,
    ]);
    expect(asked[0].pathname).toBe("/maps/api/geocode/json");
    expect(asked[0].searchParams.get("key")).toBe("test-key");
    expect(asked[0].searchParams.get("address")).toBe("233 S Wacker Dr, Chicago");
    expect(asked[0].searchParams.get("components")).toBe("country:US|country:CA");
    expect((await getCustomer(ctx, id))!.addresses[0].geoData).toMatchObject({ placeId: "place-1" });
  });

  it("keeps plain text without a key", async () => {
    setMapsAdapter(plainTextMaps);
    expect(await plainTextMaps.geocode("1 Main St")).toBeNull();
    const { userId } = await createTestCompany();
    const { ctx } = await accessFor(userId);
    const id = await createCustomer(
      ctx,
      customerInputSchema().parse({ firstName: "Plain", addresses: [{ location: "1 Main St" }] }),
    );
    const before = asked.length;
    await profileLoader({
      request: makeRequest(`/customers/${id}`, { cookie: await sessionCookie(userId) }),
      params: { id: String(id) },
      context: {},
    });
    expect(asked.length).toBe(before);
    expect((await getCustomer(ctx, id))!.addresses[0].geoData).toBeNull();
  });
});
