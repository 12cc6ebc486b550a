import { z } from "zod";

export type PortalSettings = {
  isEnabled: boolean;
  canApproveEstimates: boolean;
  canPayInvoices: boolean;
  canSeeVisits: boolean;
  canRequestWork: boolean;
  canManageCards: boolean;
  accentColor: string | null;
  welcomeMessage: string | null;
};

export const portalSettingsMessages = {
  accentColor: "Enter a colour such as #1a73e8",
  welcomeMessage: "The welcome message can be at most 500 characters",
  saved: "Customer portal settings saved",
} as const;

export const WELCOME_MESSAGE_MAX = 500;

// A checkbox posts "on" when ticked and nothing when not (forms work without JavaScript).
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null), schema.nullable());

/** The /customer-portal settings form. */
export const portalSettingsSchema = z.object({
  isEnabled: checkbox,
  canApproveEstimates: checkbox,
  canPayInvoices: checkbox,
  canSeeVisits: checkbox,
  canRequestWork: checkbox,
  canManageCards: checkbox,
  accentColor: optionalText(
    z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, portalSettingsMessages.accentColor)
      .transform((v) => v.toLowerCase()),
  ),
  welcomeMessage: optionalText(z.string().max(WELCOME_MESSAGE_MAX, portalSettingsMessages.welcomeMessage)),
});
