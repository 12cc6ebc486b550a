import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ImportReportTable } from "~/components/import-report";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { importCustomersCsv, importFileFrom, type ImportReport } from "~/models/customers/customers-import.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess({ request, context }, screens.customers.import);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.customers.import);
  const refused = (message: string): Response => json({ message }, { status: 400 });
  return withUploadForm(request, uploadRules.customersCsv, refused, async (form) => {
    const file = await importFileFrom(form);
    if ("message" in file) return refused(file.message);
    const report = await importCustomersCsv(ctx, file.text, company.country);
    if ("message" in report) return refused(report.message);
    return json({ report });
  });
}

const statusLabel = { imported: "Imported", skipped: "Skipped", rejected: "Rejected" } as const;

/** Import customers from CSV: template download, upload, and the row-by-row report. */
export default function ImportCustomersRoute() {
  const data = useActionData<{ message?: string; report?: ImportReport }>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <PageHeader title="Import Customers" breadcrumb={{ label: "Customers", to: "/customers" }} />
      <section className="card stack">
        <p>
          Fill in the template (one customer per line; several emails, phones, tags or sources in one cell are separated
          by semicolons) and upload it. A customer whose email or primary phone already exists is skipped, so the same
          file can be imported twice safely.
        </p>
        <p>
          <a className="button" href="/api/customers/downloadTemplate" download>
            Download template
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="row">
          <div className="field spacer">
            <label htmlFor="import-file">CSV file</label>
            <input id="import-file" type="file" name="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Importing..." : "Import"}
          </button>
        </Form>
        {data?.message ? (
          <p className="form-error" role="alert">
            {data.message}
          </p>
        ) : null}
      </section>
      {data?.report ? (
        <ImportReportTable
          summary={`${data.report.imported} imported, ${data.report.skipped} skipped, ${data.report.rejected} rejected.`}
          rows={data.report.rows.map((r) => ({
            row: r.row,
            name: r.customerId ? <Link to={`/customers/${r.customerId}`}>{r.name}</Link> : r.name,
            result: statusLabel[r.status],
            tone: r.status === "imported" ? "success" : r.status === "rejected" ? "danger" : "warning",
            details: r.messages.join("; "),
          }))}
        />
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Import Customers | Fieldwise" }];
