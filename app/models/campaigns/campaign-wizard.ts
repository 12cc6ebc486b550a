import { z } from "zod";
import {
  campaignFormSchema,
  CampaignTrigger,
  DelayType,
  MAX_PICKED_CUSTOMERS,
  NEW_CAMPAIGN_FORM,
  WIZARD_STEPS,
  type CampaignForm,
} from "~/models/campaigns/campaigns.schema";
import { IMAGE_MAX_BYTES, imageMessages, type ImageRules } from "~/models/files/file-rules";
import { IMAGE_LINE } from "~/models/messaging/variables";

/*
 * The campaign wizard's form handling (no server code: the page runs it while typing too): reading
 * a posted step, the spec's trigger switching, the audience picks of one page, and the email's
 * image lines.
 */

export type AudienceRow = { id: number; name: string; company: string | null; address: string | null };
export type AudienceView = { items: AudienceRow[]; total: number; page: number; pageSize: number };
/** What the wizard shows after a post: the campaign, its step, the errors, the audience page. */
export type WizardState = {
  form: CampaignForm;
  step: number;
  errors: Record<string, string>;
  audience: AudienceView | null;
  /** Tells one answer from the next, so the page refills its fields from a new one. */
  rev: number;
};

/** Fields that post several values (a multi-select, hidden lists). */
const LIST_FIELDS = ["includeTagIds", "excludeTagIds", "excludeCustomerIds", "includeCustomerIds"] as const;
const FORM_FIELDS = Object.keys(campaignFormSchema.shape) as (keyof CampaignForm)[];

type FormSource = { getAll(name: string): FormDataEntryValue[] };

/**
 * The campaign of a posted wizard step: lists as every value, other fields as their last value (a
 * checkbox follows a hidden "false" of the same name). A value that does not parse (a tampered
 * number) is dropped, so the rules, not a parse error, speak about it.
 */
export function readWizardForm(data: FormSource): CampaignForm {
  const raw: Record<string, unknown> = {};
  for (const name of FORM_FIELDS) {
    const values = data.getAll(name).filter((v): v is string => typeof v === "string");
    if ((LIST_FIELDS as readonly string[]).includes(name)) raw[name] = values.filter(Boolean);
    else if (values.length) raw[name] = values[values.length - 1];
  }
  for (let attempt = 0; attempt < FORM_FIELDS.length; attempt++) {
    const parsed = campaignFormSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return { ...NEW_CAMPAIGN_FORM };
}

/**
 * The spec's trigger switch (part 1 section 4): after the job was finished has no date or time; a
 * specific date and time has a delay of 1 day and does not send immediately.
 */
export function withTriggerRules(form: CampaignForm): CampaignForm {
  if (form.triggerEvent === CampaignTrigger.JobFinished)
    return { ...form, specificDate: undefined, specificTime: undefined };
  return { ...form, delayValue: 1, delayType: DelayType.Day, sendImmediately: false };
}

/**
 * The customers of one audience page as their boxes were posted: `shown` the page's customers,
 * `picked` the ticked ones, `checkAllShown` the check-all state the boxes were drawn with. With
 * check all an unticked customer is left out (excludeCustomerIds); without it a ticked one is
 * taken in (includeCustomerIds). Check all turned on or off starts the picks afresh.
 */
export function withPagePicks(
  form: CampaignForm,
  page: { shown: number[]; picked: number[]; checkAllShown: boolean | null },
): CampaignForm {
  if (page.checkAllShown !== null && page.checkAllShown !== form.checkAll)
    return { ...form, excludeCustomerIds: [], includeCustomerIds: [] };
  const picked = new Set(page.picked);
  const shown = new Set(page.shown);
  const update = (list: number[], add: (id: number) => boolean) => {
    const kept = list.filter((id) => !shown.has(id));
    return [...kept, ...page.shown.filter(add)].slice(0, MAX_PICKED_CUSTOMERS);
  };
  return form.checkAll
    ? { ...form, excludeCustomerIds: update(form.excludeCustomerIds, (id) => !picked.has(id)), includeCustomerIds: [] }
    : { ...form, includeCustomerIds: update(form.includeCustomerIds, (id) => picked.has(id)), excludeCustomerIds: [] };
}

/** Whether a customer's box is ticked under the form's check all and picks. */
export const isPicked = (
  form: Pick<CampaignForm, "checkAll" | "excludeCustomerIds" | "includeCustomerIds">,
  id: number,
) => (form.checkAll ? !form.excludeCustomerIds.includes(id) : form.includeCustomerIds.includes(id));

/** The step (index) that shows a field; the API's one instant belongs to the trigger. */
export function stepOfField(field: string): number | null {
  const name = field === "scheduledDateTime" ? "specificDate" : field;
  const index = WIZARD_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(name));
  return index === -1 ? null : index;
}

/** The form as posted name and value pairs (lists once per value, flags "true" or "false"). */
export function formEntries(form: CampaignForm): [keyof CampaignForm, string][] {
  const entries: [keyof CampaignForm, string][] = [];
  for (const name of FORM_FIELDS) {
    const value = form[name];
    if (Array.isArray(value)) for (const item of value) entries.push([name, String(item)]);
    else if (value !== undefined && value !== null) entries.push([name, String(value)]);
  }
  return entries;
}

/** What a button of the wizard asks for. */
export const wizardIntentSchema = z.union([
  z.enum(["next", "back", "save-live", "save-inactive", "preview", "add-image", "search", "audience"]),
  z.string().regex(/^page:\d{1,6}$/),
]);
export type WizardIntent = z.infer<typeof wizardIntentSchema>;

/** The step a post came from, within the wizard. */
export const wizardStepSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(WIZARD_STEPS.length - 1)
  .catch(0);

/* ------------------------------------------------------------------ images */

/** Where the campaign emails' images are stored (served to anyone: email programs fetch them). */
export const CAMPAIGN_IMAGE_FOLDER = "campaign-images";

/** An email image: jpeg, png, heic or heif up to 10 MB, stored as PNG at most 1200 px wide or high. */
export const campaignImageRules: ImageRules = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLargeMessage: imageMessages.imageTooLarge,
  accept: ["jpeg", "png", "heic"],
  wrongTypeMessage: imageMessages.editorTypes,
  resize: { mode: "inside", side: 1200 },
};

const CAMPAIGN_IMAGE_URL = new RegExp(`^/files/\\d+/${CAMPAIGN_IMAGE_FOLDER}/[A-Za-z0-9_-]{16,64}\\.png$`);

/** The preview's image resolver: a stored campaign image shows, any other address stays text. */
export const campaignImageSrc = (url: string): string | null => (CAMPAIGN_IMAGE_URL.test(url) ? url : null);

/** The email message with an image line added as its own paragraph. */
export function withImageLine(message: string, url: string): string {
  const line = `![image](${url})`;
  if (!IMAGE_LINE.test(line)) return message;
  const text = message.trimEnd();
  return text ? `${text}\n\n${line}` : line;
}
