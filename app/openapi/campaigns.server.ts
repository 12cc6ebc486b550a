import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import { audienceQuerySchema, campaignPayloadSchema, MAX_PICKED_CUSTOMERS } from "~/models/campaigns/campaigns.schema";
import { campaignIdSchema, campaignsPageFiltersSchema } from "~/models/campaigns/campaigns-api.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const access = "office staff, company admin, super admin (a field tech gets 403); needs the Campaigns feature";
const tag = "Custom follow-up campaigns";
const id = idParamsSchema;
const triggerText = "0 after the job was finished, 1 on a specific date and time";
const delayTypeText = "0 days (1-60), 1 weeks (1-48), 2 months (1-24); applies to the job-finished trigger";
const channelText = "Bits: 1 text, 2 email, 3 both. Text only once the company's Twilio account is fully set up";
const tagOption = z.object({ id: z.number().int(), label: z.string() });

const campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  triggerEvent: z.number().int().openapi({ description: triggerText }),
  delayType: z.number().int().openapi({ description: delayTypeText }),
  delayValue: z.number().int().openapi({ description: "0 means send immediately" }),
  sendImmediately: z.boolean(),
  scheduledDateTime: z.string().nullable().openapi({ description: "The instant of a specific-date campaign" }),
  channel: z.number().int().openapi({ description: channelText }),
  subject: z.string().nullable(),
  message: z.string().nullable().openapi({ description: "The email body" }),
  smsMessage: z.string().nullable(),
  targetAudienceFilters: z.object({ includeTags: z.array(tagOption), excludeTags: z.array(tagOption) }),
  selectedCustomersNumber: z.number().int().openapi({ description: "Counted by the server when saved" }),
  excludeCustomerIds: z.array(z.number().int()),
  includeCustomerIds: z.array(z.number().int()),
  includeCities: z.array(z.string()),
  excludeCities: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const listRow = campaign.pick({
  id: true,
  name: true,
  isActive: true,
  triggerEvent: true,
  delayType: true,
  delayValue: true,
  scheduledDateTime: true,
  channel: true,
  selectedCustomersNumber: true,
  createdAt: true,
});
const audienceRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  ownCompanyName: z.string().nullable(),
  billingAddress: z.object({ location: z.string() }).nullable(),
  tags: z.array(tagOption),
  notes: z.string().nullable(),
});
const saveText = `The save payload: name (2-200), isActive, triggerEvent (${triggerText}), delayType, delayValue (0 or sendImmediately: at once), scheduledDateTime (an ISO instant in the future), channel (${channelText}), subject (2-100) and emailMessage (required) for email, smsMessage (2-320) for text, includeTagIds (customers with any) and excludeTagIds (none of these; a tag not in both), then checkAll with excludeCustomerIds, or includeCustomerIds only (at most ${MAX_PICKED_CUSTOMERS.toLocaleString("en-US")} each). Tags and customers of other companies are dropped; selectedCustomersNumber is counted by the server (at least 1). Failures answer 400 {errors: {field: message}} with the spec's messages`;

registerCall({
  method: "post",
  path: "/follow-up-campaigns",
  tag,
  access,
  summary: `Create a campaign. ${saveText}`,
  body: campaignPayloadSchema,
  status: 201,
  response: dataOf(campaign),
});
registerCall({
  method: "put",
  path: "/follow-up-campaigns",
  tag,
  access,
  summary: `Update the campaign whose id the body names (another company's id answers 404). ${saveText}. What was sent stays; what waits follows the new campaign`,
  body: [campaignIdSchema, campaignPayloadSchema],
  response: dataOf(campaign),
});
registerCall({
  method: "get",
  path: "/follow-up-campaigns/page",
  tag,
  access,
  summary: "A page of the company's campaigns, newest first; isActive true or false keeps only the active or inactive",
  paging: true,
  query: campaignsPageFiltersSchema,
  response: pageOf(listRow),
});
registerCall({
  method: "get",
  path: "/follow-up-campaigns/audience",
  tag,
  access,
  summary:
    "The wizard's customer list: tags (customers with any of them), excludeTags (none of them), searchQuery (used from 2 characters), sortSettings as the customer list's (name by default). pageSize at most 100. With a filter, total counts up to 1000 (totalIsCapped then true)",
  paging: true,
  query: audienceQuerySchema,
  response: dataOf(z.object({ items: z.array(audienceRow), total: z.number().int(), totalIsCapped: z.boolean() })),
});
registerCall({
  method: "get",
  path: "/follow-up-campaigns/{id}",
  tag,
  access,
  summary: "A campaign with its targetAudienceFilters (the include and exclude tags with their labels)",
  params: id,
  response: dataOf(campaign),
});
registerCall({
  method: "delete",
  path: "/follow-up-campaigns/{id}",
  tag,
  access,
  summary: "Delete a campaign with its message records; messages still waiting are not sent",
  params: id,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "patch",
  path: "/follow-up-campaigns/toggle-is-active/{id}",
  tag,
  access,
  summary: "Turn a campaign on or off (an inactive campaign sends nothing more); answers the new state",
  params: id,
  response: dataOf(z.object({ id: z.number().int(), isActive: z.boolean() })),
});

const messageRecord = z.object({
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  sentOn: z.string(),
  status: z.number().int(),
  triggerType: z.number().int().openapi({ description: triggerText }),
  triggerDateTime: z.string(),
  title: z.string(),
  relatedEntity: z.object({ type: z.enum(["job", "visit"]), id: z.number().int() }).nullable(),
  emailEvents: z.array(z.object({ occuredOn: z.string(), failureReason: z.string().nullable() })),
});
for (const [feed, statuses] of [
  ["emails", "1 sent, 2 opened, 3 failed"],
  ["sms-messages", "1 sent, 2 delivered, 3 failed"],
] as const)
  registerCall({
    method: "get",
    path: `/follow-up-campaigns/{id}/activity-feed/${feed}`,
    tag,
    access,
    summary: `The campaign's ${feed === "emails" ? "emails" : "texts"} per recipient (unsent ones are not listed). status: ${statuses}, or none for all. Sort fields: name (default), sentOn, status`,
    params: id,
    paging: true,
    response: z.object({ items: z.array(messageRecord), total: z.number().int() }),
  });
