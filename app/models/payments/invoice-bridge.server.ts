/*
 * The calls card payments make into the invoices module, in one place: the public view of an
 * invoice by its token, and recording a payment (idempotent on its key and on the payment intent).
 */
export { findInvoiceByToken, type PublicInvoice } from "~/models/invoices/invoices.server";
export { recordInvoicePayment } from "~/models/invoices/payments.server";
export { PaymentMethod } from "~/models/invoices/invoices.schema";
export { RuleError } from "~/models/rules";
