import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Modal } from "~/components/modal";
import { requireAccess } from "~/access/access.server";
import { ImportFileError, importPriceBookCsv, type ImportReport } from "~/models/price-book/price-book-csv.server";
import { ImportReportTable } from "~/components/import-report";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess({ request, context }, screens.priceBook.pages);
  return json({});
}

type ImportResult = { error: string | null; report: ImportReport | null };
const refused = (message: string) => json<ImportResult>({ error: message, report: null }, { status: 400 });

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  return withUploadForm(request, uploadRules.priceBookCsv, refused, async (form) => {
    const file = form.get("file");
    try {
      return json<ImportResult>({
        error: null,
        report: await importPriceBookCsv(ctx, typeof file === "string" ? null : file),
      });
    } catch (error) {
      if (error instanceof ImportFileError) return refused(error.message);
      throw error;
    }
  });
}

export default function ImportPriceBookRoute() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Modal title="Import Price Book" closeTo="/price-book">
      <p className="muted">
        Upload a CSV in the columns of the <a href="/api/price-lists/items/downloadTemplate">CSV template</a>.
        Categories are found by name or created; an item whose name already exists in its category is updated.
      </p>
      <Form method="post" encType="multipart/form-data" className="stack">
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? "import-error" : undefined}
          />
          {result?.error ? (
            <p className="field-error" id="import-error" role="alert">
              {result.error}
            </p>
          ) : null}
        </div>
        <div className="modal-actions">
          <Link className="button" to="/price-book">
            {result?.report ? "Close" : "Cancel"}
          </Link>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Importing..." : "Import"}
          </button>
        </div>
      </Form>
      {result?.report ? (
        <ImportReportTable
          summary={`${result.report.created} created, ${result.report.updated} updated, ${result.report.failed} failed.`}
          rows={result.report.rows.map((r) => ({
            row: r.row,
            name: r.name,
            result: r.status === "failed" ? "Failed" : r.status === "created" ? "Created" : "Updated",
            tone: r.status === "failed" ? "danger" : "success",
            details: r.status === "failed" ? (r.message ?? "") : "",
          }))}
        />
      ) : null}
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Import | Price Book | Fieldwise" }];
