import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { ImportFileError, importPriceBookCsv } from "~/models/price-book/price-book-csv.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/models/files/uploads.server";
import { screens } from "~/access/route-table";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/** POST /api/price-lists/items/import (multipart `file`) → {data: {created, updated, failed, rows}}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return withUploadForm(request, uploadRules.priceBookCsv, refused, async (form) => {
    const file = form.get("file");
    try {
      return json({ data: await importPriceBookCsv(ctx, typeof file === "string" ? null : file) });
    } catch (error) {
      if (error instanceof ImportFileError) return refused(error.message);
      throw error;
    }
  });
}
