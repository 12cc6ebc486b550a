import { eq } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { customerPortalSettings } from "~/db/schema";
import type { PortalSettings } from "~/models/portal/settings.schema";

export type { PortalSettings } from "~/models/portal/settings.schema";

/** A company's portal settings before its first save: off, with the schema's defaults. */
export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  isEnabled: false,
  canApproveEstimates: true,
  canPayInvoices: true,
  canSeeVisits: true,
  canRequestWork: true,
  canManageCards: false,
  accentColor: null,
  welcomeMessage: null,
};

const settingsColumns = {
  isEnabled: customerPortalSettings.isEnabled,
  canApproveEstimates: customerPortalSettings.canApproveEstimates,
  canPayInvoices: customerPortalSettings.canPayInvoices,
  canSeeVisits: customerPortalSettings.canSeeVisits,
  canRequestWork: customerPortalSettings.canRequestWork,
  canManageCards: customerPortalSettings.canManageCards,
  accentColor: customerPortalSettings.accentColor,
  welcomeMessage: customerPortalSettings.welcomeMessage,
};

/** The company's portal settings (the defaults when it never saved them). */
export async function getPortalSettings(companyId: number, executor: Executor = db): Promise<PortalSettings> {
  const [row] = await executor
    .select(settingsColumns)
    .from(customerPortalSettings)
    .where(eq(customerPortalSettings.companyId, companyId))
    .limit(1);
  return row ?? { ...DEFAULT_PORTAL_SETTINGS };
}

/** Saves the company's portal settings (the row is made on the first save). */
export async function savePortalSettings(
  ctx: { companyId: number },
  values: PortalSettings,
  executor: Executor = db,
): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await executor
    .insert(customerPortalSettings)
    .values({ companyId: ctx.companyId, ...set })
    .onConflictDoUpdate({ target: customerPortalSettings.companyId, set });
}
