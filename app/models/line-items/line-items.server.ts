import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { readsCosts } from "~/access/roles";
import { companyFileUrl } from "~/models/files/company-files.server";
import type { LineItemInput } from "~/models/line-items/line-items.schema";
import { PRICE_BOOK_IMAGE_FOLDER } from "~/models/price-book/price-book.server";

/** Storage folder of images uploaded for lines (POST jobs/upload-line-item-image); public, customers see them. */
export const LINE_ITEM_IMAGE_FOLDER = "line-items";

/** A line's image must be this company's upload: a line image, or the image of the price book item the line came from. Null when it is not. */
export const ownLineImageUrl = (companyId: number, imageUrl: string) =>
  companyFileUrl(companyId, imageUrl, [LINE_ITEM_IMAGE_FOLDER, PRICE_BOOK_IMAGE_FOLDER]);

/** A line as it was stored, for the cost rule below. */
export type StoredLineCost = { name: string; priceListItemId: number | null; costCents: number };

/**
 * A field tech neither reads nor sets costs: each line they send keeps the cost of the stored line it
 * was (same name and price book item, in order), else takes its price book item's cost, else 0.
 * Callers who read costs keep what they sent (and the stored lines are not read).
 */
export async function costsKeptFromTech(
  exec: Executor,
  ctx: CallerContext,
  storedLines: () => Promise<StoredLineCost[]>,
  lines: LineItemInput[],
): Promise<LineItemInput[]> {
  if (readsCosts(ctx.role) || lines.length === 0) return lines;
  const remaining = await storedLines();
  const itemIds = [...new Set(lines.flatMap((l) => (l.priceListItemId ? [l.priceListItemId] : [])))];
  const items = itemIds.length
    ? await exec
        .select({ id: priceListItems.id, costCents: priceListItems.costCents })
        .from(priceListItems)
        .where(and(eq(priceListItems.companyId, ctx.companyId), inArray(priceListItems.id, itemIds)))
    : [];
  const itemCosts = new Map(items.map((i) => [i.id, i.costCents]));
  return lines.map((line) => {
    const was = remaining.findIndex(
      (b) => b.name === line.name && (b.priceListItemId ?? undefined) === line.priceListItemId,
    );
    const cost =
      was >= 0
        ? remaining.splice(was, 1)[0].costCents
        : ((line.priceListItemId && itemCosts.get(line.priceListItemId)) ?? 0);
    return { ...line, cost };
  });
}
