import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { uncollectibleSchema } from "~/models/invoices/invoices.schema";
import { setUncollectible } from "~/models/invoices/invoices.server";
import { screens } from "~/access/route-table";

/** PUT /api/invoices/{id}/uncollectible {uncollectible: true | false} → {data: {id, status}}. */
export const action = apiAction(screens.invoices.list, {
  PUT: async ({ ctx, id, body }) => {
    const { uncollectible } = parseOr400(uncollectibleSchema, await body());
    return dataOr404(await setUncollectible(ctx, id(), uncollectible));
  },
});
