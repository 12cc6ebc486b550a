import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { ImportFileError, importPriceBookCsv } from "~/models/price-book-csv.server";
import { MANAGER_ROLES } from "~/models/roles";

/** POST /api/price-lists/items/import (multipart `file`) → {data: {created, updated, failed, rows}}. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  try {
    return json({ data: await importPriceBookCsv(ctx, file instanceof File ? file : null) });
  } catch (error) {
    if (error instanceof ImportFileError) return json({ errors: { file: error.message } }, { status: 400 });
    throw error;
  }
}
