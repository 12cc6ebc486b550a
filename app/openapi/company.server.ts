import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";
import { idParamsSchema } from "~/http/query-schemas";
import {
  companyProfileSchema,
  discountSchema,
  discountUpdateSchema,
  expenseCodeSchema,
  expenseCodeUpdateSchema,
  messagesSchema,
  onboardingParamsSchema,
  serviceAreaQuerySchema,
  taxRateSchema,
  taxRateUpdateSchema,
} from "~/models/company/company.schema";
import {
  createLeadSourceSchema,
  createTagSchema,
  renameLeadSourceSchema,
  renameTagSchema,
  tagTypeQuerySchema,
} from "~/models/company/tags.schema";

const broad = "office staff, company admin, super admin";
const tagOption = z.object({ id: z.number().int(), label: z.string() });
const leadSource = z.object({ id: z.number().int(), name: z.string() });
const idResult = z.object({ data: z.object({ id: z.number().int() }) });

registerCall({
  method: "get",
  path: "/tags/by-type",
  tag: "Tags",
  summary: "The company's tags of one type (0 customer, 1 job, 2 estimate, 3 employee, 4 invoice), by name",
  access:
    "as the form that picks the type: customer tags office staff and admins, job and estimate tags any signed-in user, employee tags admins, invoice tags office staff and admins",
  query: tagTypeQuerySchema,
  response: z.object({ data: z.array(tagOption) }),
});
registerCall({
  method: "post",
  path: "/tags",
  tag: "Tags",
  summary: "Create a tag; names are unique per company and type, ignoring case (400 {errors: {name}} otherwise)",
  access: broad,
  body: createTagSchema,
  status: 201,
  response: z.object({ data: tagOption }),
});
registerCall({
  method: "put",
  path: "/tags",
  tag: "Tags",
  summary: "Rename a tag",
  access: broad,
  body: renameTagSchema,
  response: z.object({ data: tagOption }),
});
registerCall({
  method: "delete",
  path: "/tags/{tagId}",
  tag: "Tags",
  summary: "Delete a tag; records that carry it keep existing and lose the tag",
  access: broad,
  params: z.object({ tagId: z.number().int() }),
  response: idResult,
});

registerCall({
  method: "get",
  path: "/company/lead-sources",
  tag: "Lead sources",
  summary: "The company's lead sources, by name",
  access: broad,
  response: z.object({ data: z.array(leadSource) }),
});
registerCall({
  method: "post",
  path: "/company/lead-sources",
  tag: "Lead sources",
  summary: "Create a lead source (names unique per company, ignoring case)",
  access: broad,
  body: createLeadSourceSchema,
  status: 201,
  response: z.object({ data: leadSource }),
});
registerCall({
  method: "put",
  path: "/company/lead-sources",
  tag: "Lead sources",
  summary: "Rename a lead source",
  access: broad,
  body: renameLeadSourceSchema,
  response: z.object({ data: leadSource }),
});
registerCall({
  method: "delete",
  path: "/company/lead-sources/{sourceId}",
  tag: "Lead sources",
  summary: "Delete a lead source; customers that named it keep existing and lose it",
  access: broad,
  params: z.object({ sourceId: z.number().int() }),
  response: idResult,
});

const managers = "company admin, super admin";
const workingDay = z.object({
  day: z.number().int().describe("0 Sunday ... 6 Saturday"),
  isWorking: z.boolean(),
  start: z.string().describe("HH:mm"),
  end: z.string().describe("HH:mm"),
});
const profileBody = z.object({
  businessName: z.string(),
  email: z.string().optional(),
  businessPhoneNumber: z.string().optional(),
  location: z.string().optional(),
  industry: z.number().int().optional().describe("index in the 23 business types"),
  companySize: z.number().int().optional().describe("team size: just me 0, 2-5 = 1, 6-9 = 2, 10+ = 3"),
  businessWebsite: z.string().optional(),
  serviceAreaRadius: z.number().int().optional().describe("miles"),
  businessProfile: z.string().optional(),
  licenseNumber: z.string().optional(),
  followUpOption: z.number().int().optional().describe("phone call 0, text message 1, email 2"),
  country: z.enum(["US", "CA"]),
  timezone: z.string().describe("IANA zone of the US or Canada"),
  workingSchedule: z.array(workingDay).optional(),
});
const profile = profileBody.extend({
  id: z.number().int(),
  logoUrl: z.string().nullable(),
  currency: z.enum(["USD", "CAD"]),
  phoneRegion: z.enum(["US", "CA"]),
  timezoneOffset: z.number().int().describe("minutes east of UTC now"),
});
const taxRate = z.object({ id: z.number().int(), name: z.string(), rate: z.number().describe("percent") });
const discount = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int().describe("percentage 0, fixed amount 1"),
  value: z.number().describe("percent or dollars"),
});
const expenseCode = z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() });
const idParam = idParamsSchema;

registerCall({
  method: "get",
  path: "/company",
  tag: "Company",
  summary: "The company profile with currency (from the country), phone region and time zone offset",
  access: managers,
  response: z.object({ data: profile }),
});
registerCall({
  method: "put",
  path: "/company",
  tag: "Company",
  summary: "Save the profile (multipart with the fields and an optional `logo`, or JSON)",
  access: managers,
  body: companyProfileSchema(),
  files: z.object({
    logo: z.string().openapi({ format: "binary" }).optional().describe("JPEG or PNG, at most 5 MB, at least 256x256"),
  }),
  response: z.object({ data: profile }),
});
registerCall({
  method: "patch",
  path: "/company/logo",
  tag: "Company",
  summary:
    "Replace the logo: JPEG or PNG checked by content, at most 5 MB ('The file size cannot exceed 5 MB.'), at least 256x256 ('At least 256x256px PNG or JPG file'); stored as PNG",
  access: managers,
  multipart: z.object({ logo: z.string() }),
  response: z.object({ data: z.object({ logoUrl: z.string() }) }),
});
registerCall({ method: "delete", path: "/company/logo", tag: "Company", summary: "Remove the logo", access: managers });
registerCall({
  method: "get",
  path: "/company/check-service-area",
  tag: "Company",
  summary: "Whether a point is within the company's service area radius (public, for online booking)",
  access: "anyone",
  query: serviceAreaQuerySchema,
  response: z.object({ data: z.object({ isInServiceArea: z.boolean() }) }),
});
registerCall({
  method: "post",
  path: "/company/taxRate",
  tag: "Company",
  summary: "Create a tax rate",
  access: managers,
  body: taxRateSchema,
  status: 201,
  response: z.object({ data: taxRate }),
});
registerCall({
  method: "get",
  path: "/company/taxRates",
  tag: "Company",
  summary: "Tax rates by name",
  access: managers,
  response: z.object({ data: z.array(taxRate) }),
});
registerCall({
  method: "put",
  path: "/company/taxRates",
  tag: "Company",
  summary: "Update a tax rate",
  access: managers,
  body: taxRateUpdateSchema,
  response: z.object({ data: taxRate }),
});
registerCall({
  method: "delete",
  path: "/company/taxRates/{id}",
  tag: "Company",
  summary: "Delete a tax rate (400 {message} while in use)",
  access: managers,
  params: idParam,
});
registerCall({
  method: "post",
  path: "/company/discount",
  tag: "Company",
  summary: "Create a discount",
  access: managers,
  body: discountSchema,
  status: 201,
  response: z.object({ data: discount }),
});
registerCall({
  method: "get",
  path: "/company/discounts",
  tag: "Company",
  summary: "Discounts by name",
  access: managers,
  response: z.object({ data: z.array(discount) }),
});
registerCall({
  method: "put",
  path: "/company/discounts",
  tag: "Company",
  summary: "Update a discount",
  access: managers,
  body: discountUpdateSchema,
  response: z.object({ data: discount }),
});
registerCall({
  method: "delete",
  path: "/company/discounts/{id}",
  tag: "Company",
  summary: "Delete a discount (400 {message} while in use)",
  access: managers,
  params: idParam,
});
registerCall({
  method: "post",
  path: "/company/expense-code",
  tag: "Company",
  summary: "Create an expense code",
  access: broad,
  body: expenseCodeSchema,
  status: 201,
  response: z.object({ data: expenseCode }),
});
registerCall({
  method: "get",
  path: "/company/expense-codes",
  tag: "Company",
  summary: "Expense codes by name",
  access: broad,
  response: z.object({ data: z.array(expenseCode) }),
});
registerCall({
  method: "put",
  path: "/company/expense-codes",
  tag: "Company",
  summary: "Update an expense code",
  access: broad,
  body: expenseCodeUpdateSchema,
  response: z.object({ data: expenseCode }),
});
registerCall({
  method: "delete",
  path: "/company/expense-codes/{id}",
  tag: "Company",
  summary: "Delete an expense code (400 {message} while expenses use it)",
  access: broad,
  params: idParam,
});
const settings = z.object({
  messageOnInvoice: z.string().nullable(),
  messageOnEstimate: z.string().nullable(),
  twilioCredentials: z.object({ isFullySetUp: z.boolean() }),
});
registerCall({
  method: "get",
  path: "/company-settings",
  tag: "Company settings",
  summary: "Messages on invoice and estimate, text-messaging readiness",
  access: broad,
  response: z.object({ data: settings }),
});
registerCall({
  method: "patch",
  path: "/company-settings/messages-on-invoice-and-estimate",
  tag: "Company settings",
  summary: "Save the messages printed on invoices and estimates",
  access: broad,
  body: messagesSchema,
  response: z.object({ data: settings }),
});
const onboardingStep = z.object({
  actionType: z.number().int().describe("the 8 steps, 0-7"),
  title: z.string(),
  isDone: z.boolean(),
  isDismissed: z.boolean(),
});
registerCall({
  method: "get",
  path: "/company-settings/onboarding",
  tag: "Company settings",
  summary: "The 8 onboarding steps with isDone and isDismissed",
  access: broad,
  response: z.array(onboardingStep),
});
registerCall({
  method: "get",
  path: "/company-settings/onboarding/{actionType}/should-show",
  tag: "Company settings",
  summary: "Whether the tip of this onboarding step still shows",
  access: broad,
  params: onboardingParamsSchema,
  response: z.object({ data: z.object({ isShown: z.boolean() }) }),
});
registerCall({
  method: "delete",
  path: "/company-settings/onboarding/{actionType}",
  tag: "Company settings",
  summary: "Dismiss the tip of this onboarding step for the company",
  access: broad,
  params: onboardingParamsSchema,
  response: z.object({ success: z.boolean() }),
});
