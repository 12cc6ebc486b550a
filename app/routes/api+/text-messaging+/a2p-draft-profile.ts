import { json } from "@remix-run/node";
import { screens } from "~/access/route-table";
import { apiAction, parseOr400 } from "~/http/api.server";
import { saveDraftProfile } from "~/models/text-messaging/accounts.server";
import { draftProfileSchema } from "~/models/text-messaging/registration.schema";

/** POST /api/text-messaging/a2p-draft-profile {business, address, contact, use case} → {data: profile}. */
export const action = apiAction(screens.twoWayTextSettings, {
  POST: async ({ ctx, body }) =>
    json({ data: await saveDraftProfile(ctx, parseOr400(draftProfileSchema, await body())) }),
});
