import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Modal } from "~/components/modal";
import { requireAccess } from "~/models/access.server";
import { IMPORT_MAX_BYTES, ImportFileError, importMessages, importPriceBookCsv } from "~/models/price-book-csv.server";
import { ImportReportTable } from "~/components/import-report";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAccess(request);
  if (Number(request.headers.get("Content-Length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) return json({ error: importMessages.tooLarge, report: null }, { status: 400 });
  const file = (await request.formData()).get("file");
  try {
    return json({ error: null, report: await importPriceBookCsv(ctx, file instanceof File ? file : null) });
  } catch (error) {
    if (error instanceof ImportFileError) return json({ error: error.message, report: null }, { status: 400 });
    throw error;
  }
}

export default function ImportPriceBookRoute() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Modal title="Import Price Book" closeTo="/price-book">
      <p className="muted">
        Upload a CSV in the columns of the <a href="/api/price-lists/items/downloadTemplate">CSV template</a>. Categories are found by name or created; an item whose name already exists in its
        category is updated.
      </p>
      <Form method="post" encType="multipart/form-data" className="stack">
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" type="file" name="file" accept=".csv,text/csv" required aria-invalid={result?.error ? true : undefined} aria-describedby={result?.error ? "import-error" : undefined} />
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
