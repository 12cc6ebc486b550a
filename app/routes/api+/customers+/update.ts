import { json } from "@remix-run/node";
import { apiAction, apiNotFound, parseOr400 } from "~/http/api.server";
import { customerIdSchema, customerInputSchema } from "~/models/customers/customers.schema";
import { updateCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** PUT /api/customers/update {id, customer fields}: addresses sent with their id are kept. */
export const action = apiAction(screens.customers.list, {
  PUT: async ({ access, body }) => {
    const sent = await body();
    const { id } = parseOr400(customerIdSchema, sent);
    const input = parseOr400(customerInputSchema(access.company.country), sent);
    return (await updateCustomer(access.ctx, id, input)) ? json({ customerId: id }) : apiNotFound();
  },
});
