import { eq } from "drizzle-orm";
import type { Access } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { isCustomizableMessageType } from "~/models/messaging/message-types";
import { getMessageTemplate, listMessageTemplates } from "~/models/messaging/templates.server";
import { PRODUCT_NAME } from "~/server/env.server";
import { formatPhone } from "~/utils/validation";

/** The type ?edit= names: null when absent, 404 for anything but a customizable type. */
export function editedType(url: URL): number | null {
  const raw = url.searchParams.get("edit");
  if (raw === null) return null;
  const type = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  return isCustomizableMessageType(type) ? type : notFound();
}

/** What the communication page shows: the five messages, the one being edited, and the preview's company. */
export async function communicationPage(access: Access, url: URL) {
  const type = editedType(url);
  const [templates, editing, [company]] = await Promise.all([
    listMessageTemplates(access.ctx),
    type === null ? null : getMessageTemplate(access.ctx, type),
    db
      .select({ businessPhoneNumber: companies.businessPhoneNumber })
      .from(companies)
      .where(eq(companies.id, access.company.id)),
  ]);
  return {
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
