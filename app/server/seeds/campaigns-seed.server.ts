import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { tags } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { TagType } from "~/models/company/tags.schema";
import {
  campaignPayloadSchema,
  CampaignTrigger,
  DelayType,
  localDateTime,
  scheduledInstant,
  valuesOfPayload,
} from "~/models/campaigns/campaigns.schema";
import { campaignRules, createCampaign } from "~/models/campaigns/campaigns.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo company's custom campaigns, through the campaign model (its rules and the audience
 * counted): an active thank-you email three days after each finished job, to everyone but the
 * 'Do Not Call' customers, and an inactive spring tune-up offer for a date a month ahead (10 a.m.
 * in the company's zone) to the residential customers.
 */
export async function seedCampaigns(admin: CallerContext, now = new Date()): Promise<number[]> {
  const rules = await campaignRules(admin.companyId, now);
  const tagRows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, admin.companyId),
        eq(tags.type, TagType.Customer),
        inArray(tags.name, ["Residential", "Do Not Call"]),
      ),
    );
  const tagIds = (name: string) => tagRows.filter((t) => t.name === name).map((t) => t.id);
  const monthAhead = localDateTime(new Date(now.getTime() + 30 * DAY_MS), rules.timeZone).date;
  const campaigns = [
    {
      name: "Thank you for choosing us",
      isActive: true,
      triggerEvent: CampaignTrigger.JobFinished,
      delayType: DelayType.Day,
      delayValue: 3,
      channel: 2,
      subject: "Thank you from {{company_name}}",
      emailMessage:
        "Hi {{customer_first_name}},\n\nThank you for having {{technician_full_name}} out for {{job_title}}. If anything is not right, call us at {{business_phone}}.\n\n{{company_name}}",
      excludeTagIds: tagIds("Do Not Call"),
    },
    {
      name: "Spring AC tune-up offer",
      isActive: false,
      triggerEvent: CampaignTrigger.OnSpecificDateTime,
      scheduledDateTime: scheduledInstant(monthAhead, "10:00 am", rules.timeZone)?.toISOString(),
      channel: 2,
      subject: "Get your AC ready for summer",
      emailMessage:
        "Hi {{customer_first_name}},\n\nBook a spring AC tune-up this month and beat the summer rush: {{online_booking_link}}\n\n{{company_name}}",
      includeTagIds: tagIds("Residential"),
    },
  ];
  const ids: number[] = [];
  for (const campaign of campaigns) {
    const values = valuesOfPayload(campaignPayloadSchema.parse(campaign));
    ids.push(await createCampaign(admin, values, rules));
  }
  return ids;
}
