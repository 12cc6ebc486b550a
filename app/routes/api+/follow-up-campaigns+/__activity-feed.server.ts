import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { screens } from "~/access/route-table";
import { apiNotFound, parseOr400, readPaging, readQuery, recordIdParam, requireApiAccess } from "~/http/api.server";
import {
  campaignActivity,
  campaignActivityFiltersSchema,
  type CampaignActivityChannel,
} from "~/models/campaigns/campaign-activity.server";

/**
 * GET /api/follow-up-campaigns/{id}/activity-feed/emails and .../sms-messages (spec part 1 section 7):
 * pageNumber, pageSize, sortSettings (name by default, sentOn, status), status or null → {items, total}.
 * The path's id is the campaign (the spec's client also sends it as campaignId).
 */
export async function loadActivityFeed(
  { request, params, context }: LoaderFunctionArgs,
  channel: CampaignActivityChannel,
) {
  const { ctx } = await requireApiAccess({ request, context }, screens.campaigns.details);
  const id = recordIdParam(params.id);
  const query = readQuery(request);
  const { pageNumber, pageSize, sortSettings } = readPaging(query);
  const { status } = parseOr400(campaignActivityFiltersSchema, query);
  const page = await campaignActivity(ctx, id, channel, { pageNumber, pageSize, sortSettings, status });
  return page ? json(page) : apiNotFound();
}
