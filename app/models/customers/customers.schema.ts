import { z } from "zod";
import { idList as queryIdList } from "~/http/query-schemas";
import { checkbox, messages, normalizePhone, perCountry } from "~/utils/validation";

/** The customer form's rules and messages (part 1 section 5 "Customer form"); shared by the form and the server. */
export const CUSTOMER_NAME_MIN = 2;
export const CUSTOMER_NAME_MAX = 255;
export const UNIT_NUMBER_MAX = 10;
export const CUSTOMER_TEXT_MAX = 255;
export const CUSTOMER_NOTES_MAX = 10_000;
/** Extra rows a person may add (Add Email, Add Phone, Add Property). */
export const MAX_EXTRA_ROWS = 10;

export const customerMessages = {
  created: "Customer was created successfully!",
  updated: "Customer was updated successfully!",
  deleted: "Customer was deleted successfully!",
  locationRequired: "Location is required",
  unitNumberMax: `Unit # should be ${UNIT_NUMBER_MAX} characters maximum`,
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const toList = (v: unknown) => (blank(v) ? [] : Array.isArray(v) ? v : [v]);

const nameField = (label: string, required: boolean) => {
  const base = z
    .string({ required_error: messages.required(label), invalid_type_error: messages.required(label) })
    .trim()
    .min(CUSTOMER_NAME_MIN, `${label} is too short - ${CUSTOMER_NAME_MIN} chars minimum`)
    .max(CUSTOMER_NAME_MAX, `${label} should be ${CUSTOMER_NAME_MAX} chars maximum`);
  if (required) return z.preprocess((v) => (blank(v) ? undefined : v), base);
  return z.preprocess((v) => (blank(v) ? undefined : v), base.optional());
};

const optionalString = (label: string, max: number) =>
  z.preprocess((v) => (blank(v) ? undefined : v), z.string().trim().max(max, messages.max(label, max)).optional());

const emailValue = z
  .string()
  .trim()
  .email(messages.email)
  .max(255, messages.max("Email", 255))
  .transform((v) => v.toLowerCase());
const optionalEmail = z.preprocess((v) => (blank(v) ? undefined : v), emailValue.optional());

/** Phones for the US or Canada, stored in E.164 with the leading plus. */
const phoneValue = (country: "US" | "CA") =>
  z.string().transform((v, ctx) => {
    const phone = normalizePhone(v, country);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: messages.phone });
      return z.NEVER;
    }
    return phone;
  });
const optionalPhone = (country: "US" | "CA") =>
  z.preprocess((v) => (blank(v) ? undefined : v), phoneValue(country).optional());

/** A list of optional entries: each is validated at its own index, blanks are dropped afterwards. */
const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z
    .preprocess(toList, z.array(item).max(MAX_EXTRA_ROWS + 1))
    .transform((list) => list.filter((v): v is NonNullable<z.infer<T>> => v !== undefined && v !== null));

const idList = z.preprocess(
  (v) =>
    toList(v)
      .map((x) => (typeof x === "object" && x !== null && "id" in x ? (x as { id: unknown }).id : x))
      .filter((x) => !blank(x)),
  z.array(z.coerce.number().int().positive()).max(200),
);

const numberOrUndefined = z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().finite().optional());

export const geoDataSchema = z.preprocess(
  (v) => (v && typeof v === "object" && !blank((v as { latitude?: unknown }).latitude) ? v : null),
  z
    .object({
      placeId: z.preprocess((v) => (blank(v) ? undefined : v), z.string().max(512).optional()),
      latitude: z.coerce.number().min(-90).max(90),
      longitude: z.coerce.number().min(-180).max(180),
    })
    .nullable(),
);

export const addressSchema = z
  .object({
    id: numberOrUndefined,
    location: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.string().trim().max(500, messages.max("Location", 500)).optional(),
    ),
    geoData: geoDataSchema.optional(),
    unitNumber: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.string().trim().max(UNIT_NUMBER_MAX, customerMessages.unitNumberMax).optional(),
    ),
    notes: z
      .preprocess(
        (v) => (blank(v) ? null : v),
        z.string().trim().max(CUSTOMER_NOTES_MAX, messages.max("Property Notes", CUSTOMER_NOTES_MAX)).nullable(),
      )
      .optional(),
    isBilling: checkbox().optional(),
  })
  .superRefine((a, ctx) => {
    if (!a.location && (a.unitNumber || a.notes))
      ctx.addIssue({ code: "custom", path: ["location"], message: customerMessages.locationRequired });
  });
export type AddressInput = z.infer<typeof addressSchema>;

/** Step 1, Contact Info: email, names, phones, job title, company name, text preference. */
export const contactShape = (country: "US" | "CA" = "US") => ({
  email: optionalEmail,
  firstName: nameField("First Name", true),
  lastName: nameField("Last Name", false),
  additionalEmails: listOf(optionalEmail),
  mainPhoneNumber: optionalPhone(country),
  secondaryPhoneNumbers: listOf(optionalPhone(country)),
  jobTitle: optionalString("Job Title", CUSTOMER_TEXT_MAX),
  ownCompanyName: optionalString("Company", CUSTOMER_TEXT_MAX),
  areTextMessagesAllowed: z.preprocess((v) => (v === undefined ? true : v), checkbox()),
});

/** Step 2, Property Info: the addresses and which one bills. */
export const propertyShape = {
  addresses: z.preprocess(toList, z.array(addressSchema).max(MAX_EXTRA_ROWS + 1)),
  billingAddressIndex: numberOrUndefined,
};

/** Step 3, Notes: customer notes, tags and lead sources. */
export const notesShape = {
  notes: z
    .preprocess(
      (v) => (blank(v) ? null : v),
      z.string().trim().max(CUSTOMER_NOTES_MAX, messages.max("Customer Notes", CUSTOMER_NOTES_MAX)).nullable(),
    )
    .optional(),
  tagIds: idList.optional(),
  tags: idList.optional(),
  leadSourceIds: idList.nullable().optional(),
};

/** The attachment input's accept list (the server checks every file by its content anyway). */
export const ATTACHMENT_ACCEPT = ".jpeg,.jpg,.gif,.png,.mp4,.webm,.mov,.mkv,.odt,.ods,.doc,.docx,.pdf,.txt,.xlsx,.xls";

export const WIZARD_STEPS = ["Contact Info", "Property Info", "Notes"] as const;
const stepShapes = (country: "US" | "CA") => [contactShape(country), propertyShape, notesShape] as const;

/**
 * The whole customer (API create and update, the edit form, the last wizard step, CSV rows).
 * On the way out: blank phones and emails are dropped, addresses without a location dropped,
 * exactly one billing address, leadSourceIds null when empty.
 */
export const customerInputSchema = perCountry((country) =>
  z.object({ ...contactShape(country), ...propertyShape, ...notesShape }).transform((c) => {
    const rows = c.addresses.map((address, index) => ({ address, index })).filter((r) => r.address.location);
    const chosen = rows.findIndex((r) =>
      c.billingAddressIndex !== undefined ? r.index === c.billingAddressIndex : r.address.isBilling,
    );
    const billing = Math.max(chosen, 0);
    const filled = rows.map((r) => r.address);
    const tagIds = [...new Set([...(c.tagIds ?? []), ...(c.tags ?? [])])];
    const leadSourceIds = c.leadSourceIds?.length ? [...new Set(c.leadSourceIds)] : null;
    return {
      email: c.email ?? null,
      firstName: c.firstName as string,
      lastName: c.lastName ?? null,
      additionalEmails: [...new Set(c.additionalEmails)],
      mainPhoneNumber: c.mainPhoneNumber ?? null,
      secondaryPhoneNumbers: [...new Set(c.secondaryPhoneNumbers)],
      jobTitle: c.jobTitle ?? null,
      ownCompanyName: c.ownCompanyName ?? null,
      areTextMessagesAllowed: c.areTextMessagesAllowed,
      addresses: filled.map((a, i) => ({
        id: a.id,
        location: a.location as string,
        geoData: a.geoData ?? null,
        unitNumber: a.unitNumber ?? null,
        notes: a.notes ?? null,
        isBilling: i === billing,
      })),
      notes: c.notes ?? null,
      tagIds,
      leadSourceIds,
    };
  }),
);
export type CustomerInput = z.output<ReturnType<typeof customerInputSchema>>;

/** The fields of one wizard step only (Next checks the step it leaves). */
export const wizardStepSchema = (step: number, country: "US" | "CA" = "US") =>
  z.object(stepShapes(country)[step] ?? {}).passthrough();

/** Which wizard step each field belongs to, so a server error sends the form back to the right step. */
export function stepOfField(field: string): number {
  const name = field.split(/[.[]/)[0];
  if (name in contactShape()) return 0;
  if (name in propertyShape) return 1;
  return 2;
}

/**
 * The wizard's validator, shared by the browser and the server: Next (and a field checked while
 * typing) checks the current step, Create and Save check everything; Back and the Add/Remove row
 * buttons pass without checks.
 */
export const wizardSchema = (country: "US" | "CA" = "US") =>
  z
    .object({ intent: z.string().optional(), step: z.coerce.number().int().min(0).max(2).default(0) })
    .passthrough()
    .superRefine((data, ctx) => {
      const checksStep = data.intent === "next" || data.intent === undefined;
      const schema = checksStep
        ? wizardStepSchema(data.step, country)
        : data.intent === "create" || data.intent === "save"
          ? customerInputSchema(country)
          : null;
      if (!schema) return;
      const result = schema.safeParse(data);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue(issue);
    });

/** The customer of PUT /api/customers/update and DELETE /api/customers?id=. */
export const customerIdSchema = z.object({
  id: z.coerce.number({ invalid_type_error: "Id is required" }).int().positive("Id is required"),
});

/** GET /api/customers/page filters (besides paging). */
export const customersPageFiltersSchema = z.object({
  tagIds: queryIdList,
  excludeTagIds: queryIdList,
  searchQuery: z.string().max(200).optional(),
});
/** GET /api/customers/{id}/jobs/page filters (besides paging). */
export const customerJobsPageFiltersSchema = z.object({
  searchQuery: z.string().max(200).optional(),
  tags: queryIdList,
});
/** PATCH /api/customers/{id}/address-geo-data: {addresses: [{id, geoData}]} or the list itself. */
export const addressGeoDataSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { addresses: v } : v),
  z.object({
    addresses: z.array(z.object({ id: z.coerce.number().int().positive(), geoData: geoDataSchema })).max(50),
  }),
);
/** DELETE /api/customers/attachment. */
export const customerAttachmentDeleteSchema = z.object({
  customerId: z.coerce.number().int().positive(),
  fileUrl: z.string().min(1, "File Url is required").max(1000),
});

export const checkEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .email(messages.email)
    .transform((v) => v.toLowerCase()),
  customerId: numberOrUndefined,
});
export const checkPhoneSchema = z.object({
  phoneNumber: z.string().min(1, messages.required("Phone Number")),
  customerId: numberOrUndefined,
});

/** List paging, sort and filters as they appear in the URL (screen) and the query string (API). */
export const CUSTOMER_SORT_FIELDS = ["name", "ownCompanyName", "billingAddress", "createdAt"] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** A filtered list counts its matches up to this many (see docs/decisions/014-customers-list-performance.md). */
export const FILTERED_COUNT_CAP = 1000;

export type CustomerListRow = {
  id: number;
  firstName: string;
  lastName: string | null;
  ownCompanyName: string | null;
  billingAddress: { location: string } | null;
  tags: { id: number; label: string }[];
  notes: string | null;
};

export const displayName = (c: { firstName: string; lastName?: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ");
