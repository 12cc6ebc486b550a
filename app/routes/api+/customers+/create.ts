import { json } from "@remix-run/node";
import { apiAction, parseOr400 } from "~/http/api.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { createCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** POST /api/customers/create {customer fields} → {customerId}. */
export const action = apiAction(screens.customers.list, {
  POST: async ({ access, body }) => {
    const input = parseOr400(customerInputSchema(access.company.country), await body());
    return json({ customerId: await createCustomer(access.ctx, input) }, { status: 201 });
  },
});
