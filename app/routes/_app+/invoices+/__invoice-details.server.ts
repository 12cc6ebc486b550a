import { json } from "@remix-run/node";
import type { Access } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { withoutPrototypeKeys } from "~/http/request-data.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import { invoicePaymentSchema, invoiceSendSchema } from "~/models/invoices/invoices.schema";
import { companyToday, deleteInvoice, setUncollectible } from "~/models/invoices/invoices.server";
import { sendInvoice } from "~/models/invoices/invoice-send.server";
import { InvoiceNotFoundError, recordInvoicePayment } from "~/models/invoices/payments.server";
import { RuleError } from "~/models/rules";
import { db } from "~/db.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

const back = (id: number) => `/invoices/${id}`;

/** The moment of a payment dated by the form: now for today, else midday of that day in the company's zone. */
export async function paymentMoment(companyId: number, date: string | undefined, timezone: string): Promise<Date> {
  if (!date || date === (await companyToday(db, companyId))) return new Date();
  return wallInputToInstant(`${date}T12:00`, timezone) ?? new Date();
}

/** The invoice page's forms, one intent each; every success redirects back with a toast (Post/Redirect/Get). */
export async function invoiceDetailsAction(request: Request, { ctx, company }: Access, id: number): Promise<Response> {
  const { timezone } = company;
  const form = Object.fromEntries(withoutPrototypeKeys(await request.formData()));
  const done = (message: string, to = back(id)) => toasts().redirectWithSuccess(to, message);
  const values = {
    method: form.method,
    amount: form.amount,
    note: form.note,
    paidAt: form.paidAt,
    channel: form.channel,
  };
  const refused = (errors: Record<string, string>) => json({ errors, values, intent: form.intent }, { status: 400 });
  try {
    switch (form.intent) {
      case "pay": {
        const input = invoicePaymentSchema.safeParse(form);
        if (!input.success) return refused(fieldErrors(input.error));
        const result = await recordInvoicePayment({
          companyId: ctx.companyId,
          invoiceId: id,
          method: input.data.method,
          amountCents: input.data.amount,
          note: input.data.note ?? null,
          idempotencyKey: `form:${input.data.idempotencyKey}`,
          recordedByUserId: ctx.userId,
          paidAt: await paymentMoment(ctx.companyId, input.data.paidAt, timezone),
        });
        if (!result.recorded) return done("This payment was already recorded");
        return done(result.balanceCents === 0 ? "Payment was recorded: the invoice is paid" : "Payment was recorded");
      }
      case "send": {
        const input = invoiceSendSchema.safeParse(form);
        if (!input.success) return refused(fieldErrors(input.error));
        return (await sendInvoice(ctx, id, input.data)) ? done("Invoice was sent to the customer") : notFound();
      }
      case "uncollectible":
      case "undoUncollectible":
        return (await setUncollectible(ctx, id, form.intent === "uncollectible"))
          ? done(form.intent === "uncollectible" ? "Invoice was marked uncollectible" : "Invoice is collectible again")
          : notFound();
      case "delete":
        return (await deleteInvoice(ctx, id)) ? done("Invoice was deleted successfully!", "/invoices") : notFound();
      default:
        return json({ errors: { _global: "Unknown action" } }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof InvoiceNotFoundError) notFound();
    if (error instanceof RuleError) return refused(error.fieldErrors);
    throw error;
  }
}
