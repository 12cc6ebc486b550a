import type { ReactNode } from "react";
import { AddCustomerLink, CustomerPicker } from "~/components/customer-picker";
import { PageHeader } from "~/components/page-header";

/**
 * A new document's page (job, estimate, invoice) at `{path}/new`: its header, then the customer
 * search until a customer is chosen (?customerId), then the document's form for that customer.
 */
export function NewDocumentPage<C>({
  noun,
  path,
  picker,
  addCustomer = false,
  carry,
  form,
}: {
  noun: "Job" | "Estimate" | "Invoice";
  /** The documents' list, e.g. /jobs. */
  path: string;
  picker: { customer: C | null; q: string; matches: { id: number; name: string }[] };
  /** Whether the search offers to add a customer not found. */
  addCustomer?: boolean;
  /** Query parameters the customer search keeps (?templateId=). */
  carry?: Record<string, string>;
  form: (customer: C) => ReactNode;
}) {
  return (
    <>
      <PageHeader title={`New ${noun}`} breadcrumb={{ label: `${noun}s`, to: path }} />
      {picker.customer ? (
        form(picker.customer)
      ) : (
        <CustomerPicker
          idPrefix={noun.toLowerCase()}
          newPath={`${path}/new`}
          q={picker.q}
          matches={picker.matches}
          carry={carry}
        >
          {addCustomer ? <AddCustomerLink /> : null}
        </CustomerPicker>
      )}
    </>
  );
}

/** A document's edit page: "Edit {title}", back to the document (`to`), and its form. */
export function EditDocumentPage({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={`Edit ${title}`} breadcrumb={{ label: title, to }} />
      {children}
    </>
  );
}
