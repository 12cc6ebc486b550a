import { json } from "@remix-run/node";
import { apiAction, apiNotFound, parseOr400, readQuery } from "~/http/api.server";
import { customerIdSchema } from "~/models/customers/customers.schema";
import { deleteCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** DELETE /api/customers?id={id}: deletes a customer of the caller's company. */
export const action = apiAction(screens.customers.list, {
  DELETE: async ({ ctx, request }) => {
    const { id } = parseOr400(customerIdSchema, readQuery(request));
    return (await deleteCustomer(ctx, id)) ? json({ id }) : apiNotFound();
  },
});
