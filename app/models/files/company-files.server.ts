import { fileUrl, keyFromUrl, parseKey } from "~/services/storage.server";

/**
 * Whose stored file a URL names. Storage keys carry the company and the folder
 * (`<companyId>/<folder>/<random>.<ext>`, services/storage.server); these are the product's rules on them.
 */

/** Folders whose files may appear on customer-facing pages and emails (logos, price book and line images, employee photos, campaign email images). */
export const PUBLIC_FOLDERS = new Set(["logos", "price-book", "line-items", "employees", "campaign-images"]);

/** The file URL when it names a file the company uploaded into one of `folders`, else null (another company's, or an outside address). */
export function companyFileUrl(companyId: number, url: string, folders: readonly string[]): string | null {
  const key = keyFromUrl(url);
  const parts = key ? parseKey(key) : null;
  return parts && parts.companyId === companyId && folders.includes(parts.folder) ? fileUrl(key!) : null;
}
