import type { CallerContext } from "~/access/access.server";
import { displayName } from "~/models/customers/customers.schema";
import { searchCustomers } from "~/models/customers/customers.server";

/**
 * A new job, estimate or invoice page's data: the form's options for ?customerId, or, while no
 * customer is picked, the customers matching ?q (the CustomerPicker's search).
 */
export async function newDocumentData<T extends { customer: unknown }>(
  ctx: CallerContext,
  request: Request,
  formOptions: (ctx: CallerContext, customerId: number | null) => Promise<T>,
) {
  const url = new URL(request.url);
  const customerId = Number(url.searchParams.get("customerId")) || null;
  const q = url.searchParams.get("q")?.trim() ?? "";
  const options = await formOptions(ctx, customerId);
  const matches = !options.customer && q ? await searchCustomers(ctx, q, 20) : [];
  return { ...options, q, matches: matches.map((c) => ({ id: c.id, name: displayName(c) })) };
}
