import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { messagesSchema } from "~/models/company/company.schema";
import { getCompanySettings, updateInvoiceAndEstimateMessages } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** PATCH /api/company-settings/messages-on-invoice-and-estimate {messageOnInvoice, messageOnEstimate}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.messages);
  if (request.method !== "PATCH") return methodNotAllowed();
  await updateInvoiceAndEstimateMessages(ctx, parseOr400(messagesSchema, await readBody(request)));
  return json({ data: await getCompanySettings(ctx) });
}
