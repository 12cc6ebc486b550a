import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PUBLIC_FOLDERS } from "~/models/files/company-files.server";
import { parseKey, readStoredFile } from "~/services/storage.server";

/**
 * Serves stored files. Files of public folders (logos, price book and line-item images) are
 * reachable by their unguessable URL, since customers see them on estimates and emails; all
 * others only by a signed-in user of the owning company. Anything else answers 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await optionalAccess({ request, context }, screens.files);
  const key = params["*"] ?? "";
  const parts = parseKey(key);
  if (!parts) throw new Response("Not found", { status: 404 });
  if (!PUBLIC_FOLDERS.has(parts.folder) && access?.company.id !== parts.companyId)
    throw new Response("Not found", { status: 404 });
  const file = await readStoredFile(key);
  if (!file) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Cache-Control": PUBLIC_FOLDERS.has(parts.folder)
        ? "public, max-age=31536000, immutable"
        : "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition":
        file.contentType.startsWith("image/") || file.contentType.startsWith("video/") ? "inline" : "attachment",
    },
  });
}
