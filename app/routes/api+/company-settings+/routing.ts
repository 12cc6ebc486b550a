import { apiAction, parseOr400 } from "~/http/api.server";
import { json } from "@remix-run/node";
import { routingSettingsSchema } from "~/models/routing/routing.schema";
import { saveRoutingSettings } from "~/models/routing/routing-settings.server";
import { screens } from "~/access/route-table";

/** PATCH /api/company-settings/routing {priority, startAddress, endAddress} → {data: the settings}; turns routing on. */
export const action = apiAction(screens.routing, {
  PATCH: async ({ ctx, body }) => {
    const input = parseOr400(routingSettingsSchema, await body());
    return json({ data: await saveRoutingSettings(ctx, { ...input, isEnabled: true }) });
  },
});
