import { invoiceStatusLabels } from "~/models/invoices/invoices.schema";
import { dayjs, DATE_SHORT } from "~/utils/format";

/** A calendar date (YYYY-MM-DD) as "Jan 05, 2030". */
export const shortDate = (isoDate: string) => dayjs(isoDate).format(DATE_SHORT);

/** An invoice's status; a sent invoice past its due date reads "Overdue". */
export function InvoiceStatusBadge({ status, isOverdue }: { status: number; isOverdue?: boolean }) {
  return isOverdue ? (
    <span className="badge status-overdue">Overdue</span>
  ) : (
    <span className={`badge invoice-status-${status}`}>{invoiceStatusLabels[status] ?? "Unknown"}</span>
  );
}
