import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import { payOnlineSchema } from "~/models/payments/payments.schema";
import { registerCall } from "~/openapi/registry.server";

registerCall({
  method: "post",
  path: "/jobs/{id}/pay-online",
  tag: "Jobs",
  access: "any signed-in role; a field tech only reaches jobs assigned to them (others answer 404)",
  summary:
    "Charge the balance of the job's invoice to the customer's saved card (Stripe, off-session); 404 without an open invoice, 400 when card payments are off, nothing is due, no card is saved or the card is declined. signature (a drawn PNG or JPEG data URL) is checked before the charge and recorded on the job once it succeeded; notify emails a receipt to email, else the customer's address",
  params: idParamsSchema,
  body: payOnlineSchema,
  response: z.object({
    data: z.object({
      paymentIntentId: z.string(),
      status: z.string(),
      recorded: z.boolean(),
      balanceCents: z.number().int(),
      signedAt: z.string().nullable().describe("when the signature was recorded on the job (as POST jobs/{id}/sign)"),
      receipt: z
        .object({ delivered: z.boolean(), reason: z.string() })
        .nullable()
        .describe("with notify: the emailed payment receipt, sent once per payment; why it was not delivered"),
    }),
  }),
});
