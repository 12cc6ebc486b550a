import { json } from "@remix-run/node";
import { apiAction } from "~/http/api.server";
import { disableRouting } from "~/models/routing/routing-settings.server";
import { screens } from "~/access/route-table";

/** PATCH /api/company-settings/routing/disable → {data: the settings}, off. */
export const action = apiAction(screens.routing, {
  PATCH: async ({ ctx }) => json({ data: await disableRouting(ctx) }),
});
