import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { PlainTextField } from "~/components/form";
import { EmptyState } from "~/components/page-header";

/**
 * The first step of a new job, estimate or invoice when no ?customerId came with the link: a GET
 * search (works without JavaScript) whose matches link back to the same page with the customer.
 */
export function CustomerPicker({
  idPrefix,
  newPath,
  q,
  matches,
  carry = {},
  children,
}: {
  idPrefix: string;
  /** The page the matches link to, e.g. /jobs/new. */
  newPath: string;
  q: string;
  matches: { id: number; name: string }[];
  /** Query parameters the search and the matches keep (the template a new job starts from). */
  carry?: Record<string, string>;
  /** What follows the matches (a link to add a customer). */
  children?: ReactNode;
}) {
  const kept = new URLSearchParams(carry).toString();
  return (
    <>
      <CustomerSearchForm id={`${idPrefix}-customer-search`} q={q} carry={carry} />
      {q && matches.length === 0 ? <EmptyState /> : null}
      <ul className="stack">
        {matches.map((c) => (
          <li key={c.id}>
            <Link to={`${newPath}?customerId=${c.id}${kept ? `&${kept}` : ""}`}>{c.name}</Link>
          </li>
        ))}
      </ul>
      {children}
    </>
  );
}

/** Find the customer: a GET search (`q`), so it works without JavaScript. */
export function CustomerSearchForm({ id, q, carry = {} }: { id: string; q: string; carry?: Record<string, string> }) {
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Find the customer">
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PlainTextField
        id={id}
        label="Customer"
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Name, email, phone or address"
      />
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}

/** The way to a customer not found yet. */
export function AddCustomerLink() {
  return (
    <p>
      <Link to="/customers/new">Add a new customer</Link>
    </p>
  );
}
