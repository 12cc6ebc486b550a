import { eq } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { routingSettings } from "~/db/schema";
import { RoutingPriority, type RoutingSettingsInput } from "~/models/routing/routing.schema";
import { maps } from "~/services/maps.server";

const columns = {
  isEnabled: routingSettings.isEnabled,
  priority: routingSettings.priority,
  startAddress: routingSettings.startAddress,
  startGeoData: routingSettings.startGeoData,
  endAddress: routingSettings.endAddress,
  endGeoData: routingSettings.endGeoData,
};
export type RoutingSettings = {
  isEnabled: boolean;
  priority: number;
  startAddress: string | null;
  startGeoData: { latitude: number; longitude: number } | null;
  endAddress: string | null;
  endGeoData: { latitude: number; longitude: number } | null;
};

const DEFAULTS: RoutingSettings = {
  isEnabled: false,
  priority: RoutingPriority.ShortestDrive,
  startAddress: null,
  startGeoData: null,
  endAddress: null,
  endGeoData: null,
};

/** The company's routing settings; off with the defaults until first saved. */
export async function getRoutingSettings(ctx: Pick<CallerContext, "companyId">): Promise<RoutingSettings> {
  const [row] = await db.select(columns).from(routingSettings).where(eq(routingSettings.companyId, ctx.companyId));
  return row ?? { ...DEFAULTS };
}

/** An address's coordinates: the stored ones while the text is unchanged, else the maps adapter's (or none). */
async function located(address: string | null, before: string | null, geo: RoutingSettings["startGeoData"]) {
  if (!address) return null;
  if (address === before && geo) return geo;
  const found = await maps().geocode(address);
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** Saves the settings (the row is made on first save); the API's save also turns routing on. */
export async function saveRoutingSettings(
  ctx: CallerContext,
  input: RoutingSettingsInput & { isEnabled?: boolean },
): Promise<RoutingSettings> {
  const before = await getRoutingSettings(ctx);
  const startAddress = input.startAddress ?? null;
  const endAddress = input.endAddress ?? null;
  const values = {
    isEnabled: input.isEnabled ?? true,
    priority: input.priority,
    startAddress,
    startGeoData: await located(startAddress, before.startAddress, before.startGeoData),
    endAddress,
    endGeoData: await located(endAddress, before.endAddress, before.endGeoData),
  };
  await db
    .insert(routingSettings)
    .values({ companyId: ctx.companyId, ...values })
    .onConflictDoUpdate({ target: routingSettings.companyId, set: { ...values, updatedAt: new Date() } });
  return getRoutingSettings(ctx);
}

/** PATCH /company-settings/routing/disable: off, the rest kept for when it is turned on again. */
export async function disableRouting(ctx: CallerContext): Promise<RoutingSettings> {
  await db
    .insert(routingSettings)
    .values({ companyId: ctx.companyId, isEnabled: false })
    .onConflictDoUpdate({ target: routingSettings.companyId, set: { isEnabled: false, updatedAt: new Date() } });
  return getRoutingSettings(ctx);
}
