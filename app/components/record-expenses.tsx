import { Link } from "@remix-run/react";
import { CardSection } from "~/components/card-section";
import { ListTable } from "~/components/data-table";
import { DATE_SHORT, dayjs, formatMoney } from "~/utils/format";

type Section = {
  items: {
    id: number;
    date: string;
    amountCents: number;
    expenseCodeName: string | null;
    description: string | null;
  }[];
  totalCents: number;
  relatedEntityType: number;
  relatedEntityId: number;
};

/**
 * The expenses of a job or an estimate on its page, with their total and a link that adds one
 * already related to the record (and comes back here). Nothing for a caller who may not see expenses.
 */
export function RecordExpenses({ section, returnTo }: { section: Section | null; returnTo: string }) {
  if (!section) return null;
  const add = new URLSearchParams({
    expense: "new",
    relatedEntityType: String(section.relatedEntityType),
    relatedEntityId: String(section.relatedEntityId),
    returnTo,
  });
  return (
    <CardSection titleId="record-expenses" title="Expenses">
      <ListTable
        cards
        caption="Expenses"
        headers={
          <>
            <th>Date</th>
            <th>Expense Code</th>
            <th>Description</th>
            <th>Amount</th>
          </>
        }
        columnCount={4}
        rows={section.items}
        renderRow={(e) => (
          <tr key={e.id}>
            <td data-label="Date">{dayjs(e.date).format(DATE_SHORT)}</td>
            <td data-label="Expense Code">{e.expenseCodeName ?? ""}</td>
            <td data-label="Description">{e.description ?? ""}</td>
            <td data-label="Amount">{formatMoney(e.amountCents)}</td>
          </tr>
        )}
      />
      <p>
        Total expenses: <strong>{formatMoney(section.totalCents)}</strong>
      </p>
      <p>
        <Link to={`/expense-tracking?${add}`}>Add expense</Link>
      </p>
    </CardSection>
  );
}
