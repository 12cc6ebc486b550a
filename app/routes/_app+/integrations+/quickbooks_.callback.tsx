import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { completeConnection, stateIsValid } from "~/models/quickbooks/connection.server";
import { quickBooksMessages } from "~/models/quickbooks/quickbooks.schema";
import { quickBooksSettings } from "~/services/quickbooks.server";
import { toasts } from "~/sessions.server";

const PAGE_URL = "/integrations/quickbooks";
const callbackSchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(500),
  realmId: z.string().regex(/^\d{1,30}$/),
});

/**
 * Intuit sends the company admin back here with a code (or an error). The state must be the one this
 * session made for its company (connection.server.ts), else nothing is stored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, user } = await requireAccess({ request, context }, screens.quickBooks.callback);
  if (!quickBooksSettings()) return toasts().redirectWithError(PAGE_URL, quickBooksMessages.notConfigured);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const owner = { companyId: ctx.companyId, sessionId: user.sessionId };
  if (typeof params.state !== "string" || !stateIsValid(params.state, owner))
    return toasts().redirectWithError(PAGE_URL, quickBooksMessages.badState);
  if (params.error) return toasts().redirectWithError(PAGE_URL, quickBooksMessages.refused);
  const parsed = callbackSchema.safeParse(params);
  if (!parsed.success) return toasts().redirectWithError(PAGE_URL, quickBooksMessages.badState);
  try {
    await completeConnection(ctx.companyId, parsed.data);
  } catch (error) {
    const message = error instanceof Error ? error.message : "QuickBooks did not connect";
    return toasts().redirectWithError(PAGE_URL, message);
  }
  return toasts().redirectWithSuccess(PAGE_URL, quickBooksMessages.connected);
}
