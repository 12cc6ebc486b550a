import { eq } from "drizzle-orm";
import type { Access } from "~/access/access.server";
import { forbidden, notFound } from "~/access/access.server";
import { AppFeature, hasAppFeature } from "~/access/features";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { idParamsSchema } from "~/http/query-schemas";
import { channelLabel, sendingRule } from "~/models/campaigns/campaign-texts";
import { listCampaignsPage, toggleCampaign } from "~/models/campaigns/campaigns.server";
import { isCustomizableMessageType } from "~/models/messaging/message-types";
import { getMessageTemplate, listMessageTemplates } from "~/models/messaging/templates.server";
import { PRODUCT_NAME } from "~/server/env.server";
import { toasts } from "~/sessions.server";
import { readListParams } from "~/utils/list-params";
import { formatPhone } from "~/utils/validation";

export const CAMPAIGNS_TAB = "custom-campaigns";

/** The tabs the company has: Custom Campaigns only with the Campaigns feature. */
export function communicationTabs(access: Access) {
  const campaignsOn = hasAppFeature(access.company.featureFlags, AppFeature.Campaigns);
  return campaignsOn
    ? [
        { id: "messages", label: "Messages" },
        { id: CAMPAIGNS_TAB, label: "Custom Campaigns" },
      ]
    : [{ id: "messages", label: "Messages" }];
}

/** The Custom Campaigns tab: the company's campaigns, newest first, paged, by active state. */
async function campaignsTab(access: Access, url: URL) {
  const params = readListParams(url);
  const raw = url.searchParams.get("active");
  const active: "active" | "inactive" | null = raw === "active" || raw === "inactive" ? raw : null;
  const page = await listCampaignsPage(access.ctx, {
    pageNumber: params.page,
    pageSize: params.pageSize,
    isActive: active === null ? null : active === "active",
  });
  const tz = access.company.timezone;
  return {
    params,
    active,
    total: page.total,
    items: page.items.map((c) => ({
      id: c.id,
      name: c.name,
      isActive: c.isActive,
      trigger: sendingRule(c, tz),
      channel: channelLabel(c.channel),
      audience: c.selectedCustomersNumber,
    })),
  };
}

/** The type ?edit= names: null when absent, 404 for anything but a customizable type. */
export function editedType(url: URL): number | null {
  const raw = url.searchParams.get("edit");
  if (raw === null) return null;
  const type = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  return isCustomizableMessageType(type) ? type : notFound();
}

/**
 * What the communication page shows: the five messages, the one being edited, and the preview's
 * company; or, on ?tab=custom-campaigns, the campaigns.
 */
export async function communicationPage(access: Access, url: URL) {
  const tabs = communicationTabs(access);
  const wanted = url.searchParams.get("tab") === CAMPAIGNS_TAB;
  const tab = wanted && tabs.some((t) => t.id === CAMPAIGNS_TAB) ? CAMPAIGNS_TAB : "messages";
  const type = tab === "messages" ? editedType(url) : null;
  const [templates, editing, [company], campaigns] = await Promise.all([
    tab === "messages" ? listMessageTemplates(access.ctx) : ([] as Awaited<ReturnType<typeof listMessageTemplates>>),
    type === null ? null : getMessageTemplate(access.ctx, type),
    db
      .select({ businessPhoneNumber: companies.businessPhoneNumber })
      .from(companies)
      .where(eq(companies.id, access.company.id)),
    tab === CAMPAIGNS_TAB ? campaignsTab(access, url) : null,
  ]);
  return {
    tabs,
    tab,
    campaigns,
    templates,
    editing,
    confirmReset: url.searchParams.get("confirm") === "reset",
    company: {
      businessName: access.company.businessName,
      logoUrl: access.company.logoUrl,
      businessPhone: formatPhone(company?.businessPhoneNumber) || null,
    },
    poweredBy: PRODUCT_NAME,
  };
}

/** The list's active switch (intent toggle): back to the same page of the list with the new state. */
export async function toggleFromList(access: Access, formData: FormData, url: URL) {
  if (communicationTabs(access).length < 2) forbidden();
  const parsed = idParamsSchema.safeParse({ id: formData.get("id") });
  if (!parsed.success) return notFound();
  const isActive = await toggleCampaign(access.ctx, parsed.data.id);
  if (isActive === null) return notFound();
  return toasts().redirectWithSuccess(
    `/communication${url.search}`,
    isActive ? "Campaign is active" : "Campaign is inactive",
  );
}
