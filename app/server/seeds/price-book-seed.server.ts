import { db, type Executor } from "~/db.server";
import { priceListCategories, priceListItems } from "~/db/schema";

type SeedItem = [name: string, price: number, cost: number, unit: number, taxable: boolean, description: string];
type SeedCategory = { categoryName: string; type: 0 | 1; color: string; items: SeedItem[] };

/** A realistic HVAC and plumbing price book: services by the job or hour, materials by the unit. */
const PRICE_BOOK: SeedCategory[] = [
  {
    categoryName: "HVAC Service",
    type: 1,
    color: "#3498DB",
    items: [
      ["Diagnostic visit", 89, 0, 0, false, "Trip and diagnosis of a heating or cooling problem"],
      ["AC tune-up", 129, 15, 0, false, "Clean coils, check refrigerant, test capacitor and controls"],
      ["Furnace tune-up", 119, 12, 0, false, "Inspect burners, heat exchanger, flue and safeties"],
      ["Refrigerant recharge (R-410A)", 95, 38, 0, false, "Per pound, leak check included"],
      ["Capacitor replacement", 185, 22, 0, false, "Dual run capacitor, installed"],
      ["Blower motor replacement", 545, 210, 0, false, "ECM or PSC motor, installed and tested"],
      ["Thermostat installation", 165, 10, 0, false, "Install and program a customer-supplied thermostat"],
      ["Duct cleaning", 0.45, 0.1, 1, false, "Per square foot of conditioned space"],
      ["HVAC labor", 110, 45, 3, false, "Hourly rate for repairs beyond the flat-rate list"],
    ],
  },
  {
    categoryName: "HVAC Parts",
    type: 0,
    color: "#00838F",
    items: [
      ["Air filter 16x25x1 MERV 11", 24.5, 8.75, 0, true, "Pleated filter"],
      ["Air filter 20x25x4 MERV 13", 58, 21, 0, true, "Media cabinet filter"],
      ["Smart thermostat", 249, 155, 0, true, "Wi-Fi, learning schedule"],
      ["Condensate pump", 139, 62, 0, true, "115 V, with safety switch"],
      ["Contactor 40A 2-pole", 48, 14, 0, true, "24 V coil"],
      ["Refrigerant line set 3/8 x 3/4", 14, 6.5, 4, true, "Insulated copper line set, per meter"],
      ["Refrigerant R-410A", 42, 18, 5, true, "Per kilogram"],
      ["Flame sensor", 39, 9, 0, true, "Universal furnace flame sensor"],
    ],
  },
  {
    categoryName: "Plumbing Service",
    type: 1,
    color: "#2E3758",
    items: [
      ["Drain cleaning", 149, 20, 0, false, "Clear a blocked sink, tub or floor drain"],
      ["Main line camera inspection", 225, 30, 0, false, "Video inspection with recording"],
      ["Hydro jetting", 450, 80, 0, false, "Main sewer line, up to 100 ft"],
      ["Water heater flush", 119, 5, 0, false, "Flush sediment, check anode and relief valve"],
      ["Tank water heater installation", 1450, 780, 0, false, "50 gallon gas, haul-away included"],
      ["Tankless water heater installation", 3200, 1850, 0, false, "Includes venting and descaling valves"],
      ["Toilet repair", 139, 18, 0, false, "Fill valve, flapper or wax ring"],
      ["Faucet installation", 175, 10, 0, false, "Kitchen or bath, customer-supplied faucet"],
      ["Leak detection", 275, 25, 0, false, "Acoustic and thermal leak location"],
      ["Plumbing labor", 125, 50, 3, false, "Hourly rate"],
    ],
  },
  {
    categoryName: "Plumbing Materials",
    type: 0,
    color: "#558B2F",
    items: [
      ['PEX-A pipe 1/2"', 3.2, 1.1, 4, true, "Per meter"],
      ['Copper pipe type L 3/4"', 18, 9.5, 4, true, "Per meter"],
      ['Ball valve 3/4" sweat', 32, 11, 0, true, "Full port, lead free"],
      ["Wax ring with bolts", 12, 3.5, 0, true, ""],
      ["Toilet fill valve", 28, 9, 0, true, "Universal"],
      ["Water heater expansion tank 2 gal", 79, 34, 0, true, ""],
      ["Drain cleaner enzyme treatment", 24, 7, 2, true, "Per gallon"],
      ["Sump pump 1/2 HP", 329, 165, 0, true, "Submersible, vertical float"],
    ],
  },
];

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
