import { z } from "zod";
import { fromFloating, toFloating } from "~/models/jobs/job-recurrence";
import { templateError } from "~/models/messaging/variables";
import { formatTimeText, parseTimeText } from "~/utils/format";
import { labelledEnum } from "~/utils/labelled-enum";
import { messages } from "~/utils/validation";

/*
 * Custom follow-up campaigns (spec part 1 sections 3, 4, 5, 7 and 9): the numbers, limits and texts,
 * and one set of rules for the wizard (a step at a time, as the form names its fields) and the API's
 * save payload (all at once). No server code: the wizard runs the same rules while typing.
 */

export const {
  values: CampaignTrigger,
  labels: campaignTriggerLabels,
  all: CAMPAIGN_TRIGGERS,
} = labelledEnum({
  JobFinished: [0, "After the Job was finished"],
  OnSpecificDateTime: [1, "On a specific date and time"],
});

export const {
  values: DelayType,
  labels: delayTypeLabels,
  all: DELAY_TYPES,
} = labelledEnum({
  Day: [0, "Days"],
  Week: [1, "Weeks"],
  Month: [2, "Months"],
});

/** Email message status (spec part 1 section 4). */
export const {
  values: CampaignEmailStatus,
  labels: campaignEmailStatusLabels,
  all: CAMPAIGN_EMAIL_STATUSES,
} = labelledEnum({
  Unsent: [0, "Unsent"],
  Sent: [1, "Sent"],
  Opened: [2, "Opened"],
  Failed: [3, "Failed"],
});

/** Text message status: "similar" to the email's (spec), a text is delivered where an email is opened. */
export const {
  values: CampaignTextStatus,
  labels: campaignTextStatusLabels,
  all: CAMPAIGN_TEXT_STATUSES,
} = labelledEnum({
  Unsent: [0, "Unsent"],
  Sent: [1, "Sent"],
  Delivered: [2, "Delivered"],
  Failed: [3, "Failed"],
});

/** Notification channel bits: text 1, email 2, both 3. */
export const CampaignChannel = { Text: 1, Email: 2, Both: 3 } as const;
export const campaignChannelLabels: Record<number, string> = { 1: "Text", 2: "Email", 3: "Email and text" };
export const sendsEmail = (channel: number) => (channel & CampaignChannel.Email) !== 0;
export const sendsText = (channel: number) => (channel & CampaignChannel.Text) !== 0;

/** Spec part 1 section 9. */
export const CAMPAIGN_SEND_HOUR = 10;
export const DELAY_LIMITS: Record<number, number> = {
  [DelayType.Day]: 60,
  [DelayType.Week]: 48,
  [DelayType.Month]: 24,
};
export const CAMPAIGN_LIMITS = {
  name: { min: 2, max: 200 },
  subject: { min: 2, max: 100 },
  /** No maximum (spec section 5): the request's size limit (1 MB, 413) is the only one. */
  emailMessage: { min: 2 },
  smsMessage: { min: 2, max: 320 },
} as const;
export const SMS_RECOMMENDED_CHARS = 160;
export const PORTAL_LINK_CHARS = 80;
export const MAX_AUDIENCE_FILTERS = 2;
export const AUDIENCE_SEARCH_MIN_CHARS = 2;
export const AUDIENCE_SEARCH_DEBOUNCE_MS = 300;
/** An audience picks at most this many customers one by one (checked or unchecked). */
export const MAX_PICKED_CUSTOMERS = 10_000;

export const campaignMessages = {
  nameRequired: "This field cannot remain empty",
  delayPositive: "The value must be a positive number",
  delayMax: (limit: number) => `The value must not be greater than ${limit}`,
  dateRequired: "Date is required",
  dateInFuture: "Date should be in future",
  timeRequired: "Time is required",
  timeInFuture: "Time should be in future",
  smsMin: messages.min("Message text", CAMPAIGN_LIMITS.smsMessage.min),
  smsMax: messages.max("Message text", CAMPAIGN_LIMITS.smsMessage.max),
  emailRequired: "This field cannot remain empty",
  emailMin: messages.min("Email message", CAMPAIGN_LIMITS.emailMessage.min),
  subjectMin: messages.min("Subject", CAMPAIGN_LIMITS.subject.min),
  subjectMax: messages.max("Subject", CAMPAIGN_LIMITS.subject.max),
  channel: "Choose how the campaign is sent",
  textNotSetUp: "Text messages can be sent once the company's Twilio account is fully set up",
  trigger: "Choose when the campaign is sent",
  delayType: "Choose days, weeks or months",
  oneCustomer: "At least 1 customer should be selected",
  tagInBoth: "A tag cannot be both included and excluded",
  tooManyFilters: `At most ${MAX_AUDIENCE_FILTERS} audience filters: one include and one exclude`,
  unknownTag: "Choose tags of your customers",
  banner: "Please, complete all steps of the custom campaign.",
  created: "Custom campaign successfully created!",
  updated: "Custom campaign successfully updated!",
  deleted: "Campaign was deleted",
} as const;

/** The wizard's steps (spec part 1 section 2) and the fields each one checks. */
export const WIZARD_STEPS = [
  { id: "name", title: "Campaign name", fields: ["name"] },
  {
    id: "trigger",
    title: "Trigger",
    fields: ["triggerEvent", "delayValue", "delayType", "sendImmediately", "specificDate", "specificTime"],
  },
  { id: "channel", title: "Channel", fields: ["channel"] },
  { id: "message", title: "Message & Preview", fields: ["subject", "emailMessage", "smsMessage"] },
  {
    id: "audience",
    title: "Target audience",
    fields: ["includeTagIds", "excludeTagIds", "selectedCustomersNumber", "excludeCustomerIds", "includeCustomerIds"],
  },
  { id: "review", title: "Review", fields: [] },
] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number]["id"];

/** A campaign as it is stored and checked: the save payload's meaning, the schedule as one instant. */
export type CampaignValues = {
  name: string;
  isActive: boolean;
  triggerEvent: number;
  delayType: number;
  /** 0 when sendImmediately. */
  delayValue: number;
  sendImmediately: boolean;
  scheduledAt: Date | null;
  channel: number;
  subject: string;
  emailMessage: string;
  smsMessage: string;
  includeTagIds: number[];
  excludeTagIds: number[];
  checkAll: boolean;
  excludeCustomerIds: number[];
  includeCustomerIds: number[];
  selectedCustomersNumber: number;
};

/** What the rules need besides the values: the clock, the company's zone and what it can send. */
export type CampaignRuleContext = { now: Date; timeZone: string; canSendTexts: boolean };

/** The company's wall-clock date ('YYYY-MM-DD') and time ('hh:mm am') of an instant. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const floating = toFloating(instant, timeZone);
  return {
    date: floating.toISOString().slice(0, 10),
    time: formatTimeText(floating.getUTCHours() * 60 + floating.getUTCMinutes()),
  };
}

/** A time typed as 'hh:mm am', 'hh:mm AM' or the 24-hour 'HH:mm' of a time input, in minutes; null when neither. */
export function parseCampaignTime(text: string): number | null {
  const twelve = parseTimeText(text);
  if (twelve !== null) return twelve;
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The instant the company's clocks show a local date and time; null when either is missing or malformed. */
export function scheduledInstant(date: string | undefined, time: string | undefined, timeZone: string): Date | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !time) return null;
  const minutes = parseCampaignTime(time);
  const day = new Date(`${date}T00:00:00Z`);
  if (minutes === null || Number.isNaN(day.getTime())) return null;
  return fromFloating(new Date(day.getTime() + minutes * 60_000), timeZone);
}

type Issue = { field: string; message: string };

/**
 * Every rule of the campaign (spec part 1 sections 4 and 5), as field issues. `dateParts` are the
 * wizard's date and time as typed (the API sends one instant): their own messages when missing.
 */
export function campaignIssues(
  v: CampaignValues,
  rules: CampaignRuleContext,
  dateParts?: { specificDate?: string; specificTime?: string },
): Issue[] {
  const issues: Issue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });
  const name = v.name.trim();
  if (!name) issue("name", campaignMessages.nameRequired);
  else if (name.length < CAMPAIGN_LIMITS.name.min) issue("name", messages.min("Name", CAMPAIGN_LIMITS.name.min));
  else if (name.length > CAMPAIGN_LIMITS.name.max) issue("name", messages.max("Name", CAMPAIGN_LIMITS.name.max));

  if (v.triggerEvent === CampaignTrigger.JobFinished) {
    if (!v.sendImmediately) {
      const limit = DELAY_LIMITS[v.delayType];
      if (limit === undefined) issue("delayType", campaignMessages.delayType);
      else if (!Number.isInteger(v.delayValue) || v.delayValue < 1) issue("delayValue", campaignMessages.delayPositive);
      else if (v.delayValue > limit) issue("delayValue", campaignMessages.delayMax(limit));
    }
  } else if (v.triggerEvent === CampaignTrigger.OnSpecificDateTime) {
    const today = localDateTime(rules.now, rules.timeZone).date;
    const date = dateParts
      ? dateParts.specificDate
      : v.scheduledAt && localDateTime(v.scheduledAt, rules.timeZone).date;
    const dateField = dateParts ? "specificDate" : "scheduledDateTime";
    if (!date) issue(dateField, campaignMessages.dateRequired);
    else if (date < today) issue(dateField, campaignMessages.dateInFuture);
    const past = !!date && date >= today && !!v.scheduledAt && v.scheduledAt <= rules.now;
    if (dateParts) {
      const time = dateParts.specificTime;
      if (!time || parseCampaignTime(time) === null) issue("specificTime", campaignMessages.timeRequired);
      else if (past) issue("specificTime", campaignMessages.timeInFuture);
    } else if (past) issue("scheduledDateTime", campaignMessages.timeInFuture);
  } else issue("triggerEvent", campaignMessages.trigger);

  if (v.channel !== 1 && v.channel !== 2 && v.channel !== 3) issue("channel", campaignMessages.channel);
  else if (sendsText(v.channel) && !rules.canSendTexts) issue("channel", campaignMessages.textNotSetUp);

  if (sendsEmail(v.channel)) {
    const subject = v.subject.trim();
    if (subject.length < CAMPAIGN_LIMITS.subject.min) issue("subject", campaignMessages.subjectMin);
    else if (subject.length > CAMPAIGN_LIMITS.subject.max) issue("subject", campaignMessages.subjectMax);
    else variableIssue(issue, "subject", "Subject", subject);
    const body = v.emailMessage.trim();
    if (!body) issue("emailMessage", campaignMessages.emailRequired);
    else if (body.length < CAMPAIGN_LIMITS.emailMessage.min) issue("emailMessage", campaignMessages.emailMin);
    else variableIssue(issue, "emailMessage", "Email message", body);
  }
  if (sendsText(v.channel)) {
    const text = v.smsMessage.trim();
    if (text.length < CAMPAIGN_LIMITS.smsMessage.min) issue("smsMessage", campaignMessages.smsMin);
    else if (text.length > CAMPAIGN_LIMITS.smsMessage.max) issue("smsMessage", campaignMessages.smsMax);
    else variableIssue(issue, "smsMessage", "Message text", text);
  }

  if (v.includeTagIds.some((id) => v.excludeTagIds.includes(id))) issue("excludeTagIds", campaignMessages.tagInBoth);
  if (v.selectedCustomersNumber < 1) issue("selectedCustomersNumber", campaignMessages.oneCustomer);
  return issues;
}

function variableIssue(issue: (field: string, message: string) => void, field: string, label: string, text: string) {
  const problem = templateError(label, text);
  if (problem) issue(field, problem);
}

/* ------------------------------------------------------------------ parsing */

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.preprocess((v) => (v == null ? "" : v), z.string().max(max));
const int = z.preprocess(blank, z.coerce.number().int().min(0).max(2_147_483_647));
const ids = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(max),
  );
const flag = z.preprocess(
  (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "" || v === "0" ? false : v),
  z.boolean(),
);
/** Texts are cut far above their limits while parsing, so the rules (not a parse error) name the limit. */
const LONG = 100_000;
/** The email message has no maximum: a request's body (1 MB) is longer than any it can carry. */
const EMAIL_PARSE_MAX = 2 * 1024 * 1024;

/** The campaign's own fields, shared by the save payload and the wizard form. */
const commonFields = {
  name: text(LONG),
  triggerEvent: z.preprocess(blank, z.coerce.number().int().optional()),
  delayType: int.default(DelayType.Day),
  delayValue: z.preprocess(blank, z.coerce.number({ invalid_type_error: campaignMessages.delayPositive }).optional()),
  sendImmediately: flag.default(false),
  subject: text(LONG),
  emailMessage: text(EMAIL_PARSE_MAX),
  smsMessage: text(LONG),
  includeTagIds: ids(200),
  excludeTagIds: ids(200),
  excludeCustomerIds: ids(MAX_PICKED_CUSTOMERS),
  includeCustomerIds: ids(MAX_PICKED_CUSTOMERS),
  selectedCustomersNumber: int.default(0),
};

/** The campaign record's tag filters ({id, label}); only the ids are read. */
const recordTags = z.array(z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strip()).max(200);

/**
 * POST and PUT /api/follow-up-campaigns (spec part 1 section 3 "Campaign save payload"): one
 * instant for a specific date, numeric channel and trigger, tag ids, picked customers. Cities are
 * accepted and must be empty, as the spec's client sends them.
 */
export const campaignPayloadSchema = z
  .object({
    id: z.preprocess(blank, z.coerce.number().int().positive().optional()),
    ...commonFields,
    isActive: flag.default(true),
    channel: z.preprocess(blank, z.coerce.number().int().optional()),
    scheduledDateTime: z.preprocess(blank, z.coerce.date().optional()),
    includeCities: z.array(z.string()).max(0).optional(),
    excludeCities: z.array(z.string()).max(0).optional(),
    checkAll: flag.optional(),
    // The campaign as GET answers it, sent back: its `message` and its filters' tags stand in for
    // emailMessage and the tag ids when those are not sent at all.
    emailMessage: text(EMAIL_PARSE_MAX).optional(),
    includeTagIds: ids(200).optional(),
    excludeTagIds: ids(200).optional(),
    message: text(EMAIL_PARSE_MAX).optional(),
    targetAudienceFilters: z
      .object({ includeTags: recordTags.optional(), excludeTags: recordTags.optional() })
      .strip()
      .nullish(),
  })
  .strip();
export type CampaignPayload = z.infer<typeof campaignPayloadSchema>;

const tagIdsOf = (tags: { id: number }[] | undefined) => (tags ?? []).map((t) => t.id);

/** The payload as stored values (the checks come after, with campaignIssues). */
export function valuesOfPayload(p: CampaignPayload): CampaignValues {
  const job = p.triggerEvent === CampaignTrigger.JobFinished;
  const immediately = job && (p.sendImmediately || p.delayValue === 0);
  return {
    name: p.name.trim(),
    isActive: p.isActive,
    triggerEvent: p.triggerEvent ?? -1,
    delayType: job ? p.delayType : DelayType.Day,
    delayValue: immediately ? 0 : job ? (p.delayValue ?? NaN) : 1,
    sendImmediately: immediately,
    scheduledAt: job ? null : (p.scheduledDateTime ?? null),
    channel: p.channel ?? 0,
    subject: p.subject.trim(),
    emailMessage: (p.emailMessage ?? p.message ?? "").trim(),
    smsMessage: p.smsMessage.trim(),
    includeTagIds: [...new Set(p.includeTagIds ?? tagIdsOf(p.targetAudienceFilters?.includeTags))],
    excludeTagIds: [...new Set(p.excludeTagIds ?? tagIdsOf(p.targetAudienceFilters?.excludeTags))],
    // Picked customers one by one mean the list was not "check all".
    checkAll: p.checkAll ?? p.includeCustomerIds.length === 0,
    excludeCustomerIds: [...new Set(p.excludeCustomerIds)],
    includeCustomerIds: [...new Set(p.includeCustomerIds)],
    selectedCustomersNumber: p.selectedCustomersNumber,
  };
}

/**
 * The wizard form (spec "Campaign wizard form"): the date and time as typed in the company's zone,
 * channel as ticked boxes (email, text), the audience's filters as two tag lists. Every step posts
 * the whole form (earlier steps ride along as hidden fields).
 */
export const campaignFormSchema = z
  .object({
    ...commonFields,
    specificDate: z.preprocess(blank, z.string().max(20).optional()),
    specificTime: z.preprocess(blank, z.string().max(20).optional()),
    channelEmail: flag.default(false),
    channelText: flag.default(false),
    checkAll: flag.default(true),
    search: z.preprocess(blank, z.string().max(200).optional()),
  })
  .strip();
export type CampaignForm = z.infer<typeof campaignFormSchema>;

export function valuesOfForm(f: CampaignForm, timeZone: string): CampaignValues {
  const job = f.triggerEvent === CampaignTrigger.JobFinished;
  return {
    name: f.name.trim(),
    isActive: true,
    triggerEvent: f.triggerEvent ?? -1,
    delayType: job ? f.delayType : DelayType.Day,
    delayValue: job ? (f.sendImmediately ? 0 : (f.delayValue ?? NaN)) : 1,
    sendImmediately: job && f.sendImmediately,
    scheduledAt: job ? null : scheduledInstant(f.specificDate, f.specificTime, timeZone),
    channel: (f.channelEmail ? CampaignChannel.Email : 0) | (f.channelText ? CampaignChannel.Text : 0),
    subject: f.subject.trim(),
    emailMessage: f.emailMessage.trim(),
    smsMessage: f.smsMessage.trim(),
    includeTagIds: [...new Set(f.includeTagIds)],
    excludeTagIds: [...new Set(f.excludeTagIds)],
    checkAll: f.checkAll,
    excludeCustomerIds: f.checkAll ? [...new Set(f.excludeCustomerIds)] : [],
    includeCustomerIds: f.checkAll ? [] : [...new Set(f.includeCustomerIds)],
    selectedCustomersNumber: f.selectedCustomersNumber,
  };
}

/** The wizard's fields of a stored campaign (a delay of 0 shows as 1 with sendImmediately, as the spec asks). */
export function formOfValues(v: CampaignValues, timeZone: string): CampaignForm {
  const local = v.scheduledAt ? localDateTime(v.scheduledAt, timeZone) : null;
  return {
    name: v.name,
    triggerEvent: v.triggerEvent,
    delayType: v.delayType,
    delayValue: v.delayValue === 0 ? 1 : v.delayValue,
    sendImmediately: v.delayValue === 0 && v.triggerEvent === CampaignTrigger.JobFinished,
    subject: v.subject,
    emailMessage: v.emailMessage,
    smsMessage: v.smsMessage,
    includeTagIds: v.includeTagIds,
    excludeTagIds: v.excludeTagIds,
    excludeCustomerIds: v.excludeCustomerIds,
    includeCustomerIds: v.includeCustomerIds,
    selectedCustomersNumber: v.selectedCustomersNumber,
    specificDate: local?.date,
    specificTime: local?.time,
    channelEmail: sendsEmail(v.channel),
    channelText: sendsText(v.channel),
    checkAll: v.checkAll,
    search: undefined,
  };
}

/** A new campaign's wizard (spec defaults: a specific date and time, email, 1 day, everyone). */
export const NEW_CAMPAIGN_FORM: CampaignForm = {
  name: "",
  triggerEvent: CampaignTrigger.OnSpecificDateTime,
  delayType: DelayType.Day,
  delayValue: 1,
  sendImmediately: false,
  subject: "",
  emailMessage: "",
  smsMessage: "",
  includeTagIds: [],
  excludeTagIds: [],
  excludeCustomerIds: [],
  includeCustomerIds: [],
  selectedCustomersNumber: 0,
  specificDate: undefined,
  specificTime: undefined,
  channelEmail: true,
  channelText: false,
  checkAll: true,
  search: undefined,
};

/** The issues of the wizard's steps up to `step` (its index), as the form's field errors. */
export function wizardErrors(form: CampaignForm, rules: CampaignRuleContext, step: number): Record<string, string> {
  const fields = new Set<string>(WIZARD_STEPS.slice(0, step + 1).flatMap((s) => [...s.fields]));
  const errors: Record<string, string> = {};
  for (const { field, message } of campaignIssues(valuesOfForm(form, rules.timeZone), rules, form))
    if (fields.has(field) && !errors[field]) errors[field] = message;
  return errors;
}

/** The first step (index) with an issue, or null when the campaign can be saved. */
export function firstStepWithIssues(form: CampaignForm, rules: CampaignRuleContext): number | null {
  const errors = wizardErrors(form, rules, WIZARD_STEPS.length - 1);
  const index = WIZARD_STEPS.findIndex((s) => s.fields.some((f) => f in errors));
  return index === -1 ? null : index;
}

/** Audience list (spec part 1 section 7): the customers a campaign's tag filters let in, searched and paged. */
export const audienceQuerySchema = z.object({
  pageNumber: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(25)),
  tags: ids(200),
  excludeTags: ids(200),
  searchQuery: z.preprocess(blank, z.string().trim().max(200).optional()),
});
export type AudienceQuery = z.infer<typeof audienceQuerySchema>;
