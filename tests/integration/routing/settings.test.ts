import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { routingSettings } from "~/db/schema";
import { action as patchRouting } from "~/routes/api+/company-settings+/routing";
import { action as patchDisable } from "~/routes/api+/company-settings+/routing.disable";
import { action, loader } from "~/routes/_app+/routing";
import { plainTextMaps, setMapsAdapter } from "~/services/maps.server";
import { useTestDatabase } from "../../helpers/db";
import { callRoute } from "../route-call";
import { admin, submit, toastOf } from "../company/screens-helpers";

useTestDatabase();
afterEach(() => setMapsAdapter(undefined));

const stored = async (companyId: number) =>
  (
    await db
      .select({
        isEnabled: routingSettings.isEnabled,
        priority: routingSettings.priority,
        startAddress: routingSettings.startAddress,
        startGeoData: routingSettings.startGeoData,
        endAddress: routingSettings.endAddress,
        endGeoData: routingSettings.endGeoData,
      })
      .from(routingSettings)
      .where(eq(routingSettings.companyId, companyId))
  )[0];

describe("routing settings on the screen", () => {
  it("saves on, the priority and the addresses (located through the maps adapter), then disables", async () => {
    const a = await admin();
    setMapsAdapter({
      ...plainTextMaps,
      geocode: async (address) => (address === "1 Depot Way" ? { latitude: 35.1, longitude: -80.9 } : null),
    });
    expect((await callRoute(loader, "/routing", { cookie: a.cookie })).body.settings).toEqual({
      isEnabled: false,
      priority: 0,
      startAddress: "",
      endAddress: "",
      startLocated: false,
      endLocated: false,
    });
    const saved = await submit(action, "/routing", a.cookie, {
      intent: "save",
      isEnabled: "on",
      priority: "1",
      startAddress: " 1 Depot Way ",
      endAddress: "2 Nowhere",
    });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.headers)).toEqual({
      type: "success",
      message: "Route optimisation settings were saved",
    });
    expect(await stored(a.companyId)).toEqual({
      isEnabled: true,
      priority: 1,
      startAddress: "1 Depot Way",
      startGeoData: { latitude: 35.1, longitude: -80.9 },
      endAddress: "2 Nowhere",
      endGeoData: null,
    });
    const off = await submit(action, "/routing", a.cookie, { intent: "disable" });
    expect(off.status).toBe(302);
    expect(await toastOf(off.headers)).toEqual({ type: "success", message: "Route optimisation was turned off" });
    expect(await stored(a.companyId)).toMatchObject({ isEnabled: false, priority: 1, startAddress: "1 Depot Way" });
  });

  it("refuses a wrong priority and a too long address on the fields, keeping the values", async () => {
    const a = await admin();
    const res = await submit(action, "/routing", a.cookie, {
      intent: "save",
      priority: "9",
      startAddress: "x".repeat(501),
      endAddress: "",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      form: "settings",
      errors: {
        priority: "Choose a priority",
        startAddress: "Start address is too long - should be 500 chars maximum",
      },
      values: { priority: "9", startAddress: "x".repeat(501), endAddress: "" },
    });
    expect(await stored(a.companyId)).toBeUndefined();
  });

  it("answers 400 to an unknown intent", async () => {
    const a = await admin();
    const res = await submit(action, "/routing", a.cookie, { intent: "explode" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Unknown action" });
  });
});

describe("PATCH /api/company-settings/routing", () => {
  it("saves and turns routing on; /disable turns it off", async () => {
    const a = await admin();
    const res = await callRoute(patchRouting, "/api/company-settings/routing", {
      method: "PATCH",
      cookie: a.cookie,
      json: { priority: 2, startAddress: "1 Depot Way", endAddress: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        isEnabled: true,
        priority: 2,
        startAddress: "1 Depot Way",
        startGeoData: null,
        endAddress: null,
        endGeoData: null,
      },
    });
    const off = await callRoute(patchDisable, "/api/company-settings/routing/disable", {
      method: "PATCH",
      cookie: a.cookie,
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ isEnabled: false, priority: 2, startAddress: "1 Depot Way" });
  });

  it("answers 400 with the field errors, and 405 to other methods", async () => {
    const a = await admin();
    const res = await callRoute(patchRouting, "/api/company-settings/routing", {
      method: "PATCH",
      cookie: a.cookie,
      json: { priority: "fast" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { priority: "Priority is required" } });
    const post = await callRoute(patchRouting, "/api/company-settings/routing", {
      method: "POST",
      cookie: a.cookie,
      json: { priority: 0 },
    });
    expect(post.status).toBe(405);
    expect(await stored(a.companyId)).toBeUndefined();
  });
});
