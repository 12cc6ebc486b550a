import { z } from "zod";

/*
 * The shapes only the campaign API reads (spec part 1 section 7), beside the save payload and the
 * audience query of campaigns.schema.ts. No server code: the OpenAPI document registers these objects.
 */

/** PUT /api/follow-up-campaigns names the campaign in the body, as the spec's client sends it. */
export const campaignIdSchema = z.object({
  id: z.coerce.number({ invalid_type_error: "Id is required" }).int().positive("Id is required"),
});

/** GET /api/follow-up-campaigns/page: only the active ones (true), only the inactive ones (false) or all. */
export const campaignsPageFiltersSchema = z.object({
  isActive: z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : v === "" || v === "null" ? undefined : v),
    z.boolean().optional(),
  ),
});
