import { db, type Executor } from "~/db.server";
import { priceListCategories, priceListItems } from "~/db/schema";
import priceBookData from "~/server/seeds/price-book-seed.json";

// The rows of price-book-seed.json: prices and costs in dollars; unit each 0, sq feet 1, gallon 2, hour 3,
// meter 4, kilogram 5; category type material 0, service 1.
type SeedItem = [name: string, price: number, cost: number, unit: number, taxable: boolean, description: string];
type SeedCategory = { categoryName: string; type: 0 | 1; color: string; items: SeedItem[] };

/** A realistic HVAC and plumbing price book: services by the job or hour, materials by the unit (data in the JSON). */
const PRICE_BOOK = priceBookData as SeedCategory[];

/** Inserts the sample price book for a company (demo seed, benchmarks); returns the item count. */
export async function seedPriceBook(companyId: number, exec: Executor = db): Promise<number> {
  let count = 0;
  for (const category of PRICE_BOOK) {
    const [row] = await exec
      .insert(priceListCategories)
      .values({ companyId, categoryName: category.categoryName, type: category.type })
      .onConflictDoNothing()
      .returning({ id: priceListCategories.id });
    if (!row) continue;
    const values = category.items.map(([name, price, cost, unit, taxable, description]) => ({
      companyId,
      categoryId: row.id,
      name,
      priceCents: Math.round(price * 100),
      costCents: Math.round(cost * 100),
      unitCostType: unit,
      isTaxable: taxable,
      itemType: category.type,
      color: category.color,
      description: description || null,
    }));
    await exec.insert(priceListItems).values(values);
    count += values.length;
  }
  return count;
}
