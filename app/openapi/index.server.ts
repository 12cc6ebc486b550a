import { OpenApiGeneratorV3 } from "@asteasolutions/zod-to-openapi";
import { PRODUCT_NAME } from "~/server/env.server";
import { registry } from "~/openapi/registry.server";
// One line per area: each file registers its /api calls.
import "~/openapi/account.server";
import "~/openapi/booking-public.server";
import "~/openapi/booking-requests.server";
import "~/openapi/campaigns.server";
import "~/openapi/checklist-documents.server";
import "~/openapi/checklists.server";
import "~/openapi/client.server";
import "~/openapi/company.server";
import "~/openapi/customers.server";
import "~/openapi/employees.server";
import "~/openapi/expenses.server";
import "~/openapi/estimates.server";
import "~/openapi/invoices.server";
import "~/openapi/jobs.server";
import "~/openapi/messaging.server";
import "~/openapi/payments.server";
import "~/openapi/places.server";
import "~/openapi/price-book.server";
import "~/openapi/routing.server";
import "~/openapi/service-plans.server";
import "~/openapi/templates.server";
import "~/openapi/text-messaging-settings.server";
import "~/openapi/text-messaging-inbox.server";

let document: ReturnType<OpenApiGeneratorV3["generateDocument"]> | undefined;

/** The OpenAPI 3 document of the whole /api, built once from the registered zod schemas. */
export function openApiDocument() {
  document ??= new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: "3.0.3",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: "1.0.0",
      description:
        'JSON over HTTPS under /api. Authenticate with the session cookie (account/sign-in) or a company API key. Errors: 400 {message} or {errors: {field: message}}, 401, 403, 404 {exceptionType: "not_found"}, 429 {message}, 500.',
    },
    servers: [{ url: "/" }],
  });
  return document;
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
