import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, methodNotAllowed, parseOr400, requireApiAccess } from "~/http/api.server";
import { campaignPayloadSchema, valuesOfPayload } from "~/models/campaigns/campaigns.schema";
import { campaignIdSchema } from "~/models/campaigns/campaigns-api.schema";
import { campaignRules, createCampaign, getCampaign, updateCampaign } from "~/models/campaigns/campaigns.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/follow-up-campaigns with the save payload → 201 {data: campaign}. Every rule of the spec
 * is checked on the server (400 {errors: {field: message}}); the audience is counted here.
 */
const create = apiAction(screens.campaigns.new, {
  POST: async ({ ctx, body }) => {
    const values = valuesOfPayload(parseOr400(campaignPayloadSchema, await body()));
    const id = await createCampaign(ctx, values, await campaignRules(ctx.companyId));
    return dataOr404(await getCampaign(ctx, id), 201);
  },
});

/** PUT /api/follow-up-campaigns with the save payload and its id → {data: campaign}; another company's id is 404. */
const update = apiAction(screens.campaigns.edit, {
  PUT: async ({ ctx, body }) => {
    const sent = await body();
    const { id } = parseOr400(campaignIdSchema, sent);
    const values = valuesOfPayload(parseOr400(campaignPayloadSchema, sent));
    const saved = await updateCampaign(ctx, id, values, await campaignRules(ctx.companyId));
    return dataOr404(saved && (await getCampaign(ctx, id)));
  },
});

// Creating and editing are two screens of their own in the route table; each method checks its own.
export const action = (args: ActionFunctionArgs) => (args.request.method === "PUT" ? update(args) : create(args));

/** A GET here reads nothing (405), as with any other method the path does not take. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.campaigns.details);
  return methodNotAllowed();
}
