import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { ImportFileError, importPriceBookCsv } from "~/models/price-book/price-book-csv.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/** POST /api/price-lists/items/import (multipart `file`) → {data: {created, updated, failed, rows}}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return methodNotAllowed();
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
