import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import { servicePlanSchema, servicePlansPageFiltersSchema } from "~/models/service-plans/plans.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const access = "office staff, company admin, super admin; needs the recurring service plans feature";
const tag = "Service plans";
const id = idParamsSchema;
const scheduleText =
  "0 weekly, 1 every 2 weeks, 2 every 4 weeks, 3 monthly, 4 every 2 months, 5 every 3 months, 6 every 6 months, 7 yearly";
const durationText = "Months: 12, 18, 24, 36; null until cancelled (the total price is then the price of one year)";
const listRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  visitsPerYear: z.number().int(),
  totalPriceCents: z.number().int(),
  durationMonths: z.number().int().nullable().openapi({ description: durationText }),
  paymentSchedule: z.number().int().openapi({ description: scheduleText }),
  perPaymentCents: z.number().int(),
  paymentCount: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Payments over the duration; null until cancelled" }),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
const plan = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    visitsPerYear: z.number().int(),
    totalPrice: z.number().openapi({ description: "Dollars, as POST and PUT take it" }),
    totalPriceCents: z.number().int(),
    durationInYears: z.number().nullable().openapi({ description: "1, 1.5, 2, 3; null until cancelled" }),
    durationMonths: z.number().int().nullable(),
    paymentSchedule: z.number().int().openapi({ description: scheduleText }),
    chargeMode: z.number().int().openapi({ description: "0 automatic, 1 manual" }),
    invoiceTiming: z
      .number()
      .int()
      .openapi({ description: "0 after the (first visit's) job is finished, 1 on a specific date and time" }),
    taxRate: z.number().openapi({ description: "Percent" }),
    paymentCount: z.number().int().nullable(),
    perPaymentCents: z.number().int(),
    lastPaymentCents: z.number().int().openapi({ description: "The last payment takes the rounding remainder" }),
    archivedAt: z.string().nullable(),
    visits: z.array(
      z
        .object({
          id: z.number().int(),
          position: z.number().int(),
          visitDescription: z.string().nullable(),
          lineItems: z.array(
            z
              .object({ id: z.number().int(), name: z.string(), quantity: z.number(), unitPrice: z.number() })
              .passthrough(),
          ),
        })
        .passthrough(),
    ),
  })
  .passthrough();

registerCall({
  method: "get",
  path: "/service-plans",
  tag,
  access,
  summary:
    "A page of the plans we offer: searchQuery, show (offered by default, archived, all), sort by name or createdAt",
  paging: true,
  query: servicePlansPageFiltersSchema,
  response: pageOf(listRow).extend({ totalIsCapped: z.boolean() }),
});
registerCall({
  method: "post",
  path: "/service-plans",
  tag,
  access,
  summary:
    "Create a plan: name (unique among the plans offered), description, totalPrice (dollars), durationInYears, paymentSchedule, chargeMode, invoiceTiming, taxRate (percent) and the visits of a year (1 to 12), each with its visitDescription and lineItems",
  body: servicePlanSchema,
  status: 201,
  response: dataOf(plan),
});
registerCall({
  method: "get",
  path: "/service-plans/{id}",
  tag,
  access,
  summary: "A plan with its visits and their lines and its payments (archived plans too)",
  params: id,
  response: dataOf(plan),
});
registerCall({
  method: "put",
  path: "/service-plans/{id}",
  tag,
  access,
  summary:
    "Replace a plan: the same body as POST; its visits and their lines are replaced. Plans already sold keep the terms they were sold with",
  params: id,
  body: servicePlanSchema,
  response: dataOf(plan),
});
registerCall({
  method: "delete",
  path: "/service-plans/{id}",
  tag,
  access,
  summary: "Delete a plan that was never sold (a sold plan answers 400: archive it on its page instead)",
  params: id,
  response: dataOf(z.object({ id: z.number().int() })),
});
