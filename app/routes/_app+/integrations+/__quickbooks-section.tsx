import { Link } from "@remix-run/react";

/** The integrations page's entry for accounting sync; the connection and its log live on their own page. */
export function QuickBooksSection() {
  return (
    <section className="card stack" aria-labelledby="quickbooks-title">
      <h2 id="quickbooks-title">QuickBooks Online</h2>
      <p>
        Send customers, invoices and payments to QuickBooks Online, and mark invoices paid there as paid here (plans
        with accounting sync).
      </p>
      <p>
        <Link to="/integrations/quickbooks">Set up QuickBooks</Link>
      </p>
    </section>
  );
}
