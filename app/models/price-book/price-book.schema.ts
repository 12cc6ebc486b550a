import { z } from "zod";
import { idList as queryIdList } from "~/http/query-schemas";
import { moneyField, requiredMoneyField } from "~/models/line-items/money";
import { isPaletteColor } from "~/models/employees/palette";
import { checkbox, messages, requiredText } from "~/utils/validation";

/** Item and category kinds: material 0, service 1 (DECISIONS.md: listed order from 0). */
export const ItemType = { Material: 0, Service: 1 } as const;
export type ItemTypeValue = (typeof ItemType)[keyof typeof ItemType];
export const itemTypeOptions = [
  { value: ItemType.Material, label: "Material" },
  { value: ItemType.Service, label: "Service" },
] as const;
export const itemTypeLabel = (type: number) => (type === ItemType.Material ? "Material" : "Service");

/** Units of the spec: each 0, sq feet 1, gallon 2, hour 3, meter 4, kilogram 5. */
export const UnitCostType = { Each: 0, SqFeet: 1, Gallon: 2, Hour: 3, Meter: 4, Kilogram: 5 } as const;
export const unitOptions = [
  { value: 0, label: "Each" },
  { value: 1, label: "Sq Feet" },
  { value: 2, label: "Gallon" },
  { value: 3, label: "Hour" },
  { value: 4, label: "Meter" },
  { value: 5, label: "Kilogram" },
] as const;
export const unitLabel = (unit: number) => unitOptions.find((u) => u.value === unit)?.label ?? "Each";

export const CATEGORY_NAME_MAX = 100;
export const ITEM_NAME_MAX = 255;
export const ITEM_DESCRIPTION_MAX = 2000;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const itemTypeField = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ required_error: messages.required(label), invalid_type_error: messages.required(label) })
      .int()
      .refine((v): v is ItemTypeValue => v === 0 || v === 1, `${label} must be 0 (material) or 1 (service)`),
  );

export const categorySchema = z.object({
  categoryName: requiredText("Category Name", { max: CATEGORY_NAME_MAX }),
  type: itemTypeField("Type"),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const colorField = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine(isPaletteColor, "Color must be one of the palette colors")
    .transform((v) => v.toUpperCase())
    .optional(),
);

/** A price book item, as the form and the API send it (money in dollars, stored in cents). */
export const itemSchema = z.object({
  categoryId: z.preprocess(
    blank,
    z.coerce
      .number({ required_error: messages.required("Category"), invalid_type_error: messages.required("Category") })
      .int()
      .positive(),
  ),
  name: requiredText("Name", { max: ITEM_NAME_MAX }),
  price: requiredMoneyField("Price").transform((v) => v ?? 0),
  cost: moneyField("Cost").transform((v) => v ?? 0),
  color: colorField,
  unitCostType: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? 0 : v),
    z.coerce
      .number()
      .int()
      .min(0, "Unit must be one of the listed units")
      .max(5, "Unit must be one of the listed units"),
  ),
  description: z.preprocess(
    blank,
    z.string().trim().max(ITEM_DESCRIPTION_MAX, messages.max("Description", ITEM_DESCRIPTION_MAX)).optional(),
  ),
  isTaxable: checkbox(),
  itemType: itemTypeField("Item Type"),
  imageUrl: z.preprocess(blank, z.string().max(2000).optional()),
});
export type ItemInput = z.infer<typeof itemSchema>;

export const ITEM_FORM_ID = "price-book-item";

/** The form's extra field: remove the current image. */
export const itemFormSchema = itemSchema.extend({ removeImage: checkbox() });

/** The CSV columns of the template, the export and the import, in order. */
export const CSV_COLUMNS = [
  "Category",
  "Category Type",
  "Name",
  "Item Type",
  "Unit",
  "Price",
  "Cost",
  "Taxable",
  "Color",
  "Description",
] as const;

// Queries of the price book calls (the job form's picker).
const itemTypeQuery = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1).optional());
/** GET /api/price-lists. */
export const categoriesQuerySchema = z.object({ searchQuery: z.string().max(200).optional(), type: itemTypeQuery });
/** GET /api/price-lists/items: by ids or search. */
export const itemsQuerySchema = categoriesQuerySchema.extend({ itemIds: queryIdList });
/** GET /api/price-lists/items/page (besides paging). */
export const itemsPageQuerySchema = categoriesQuerySchema.extend({ excludeIds: queryIdList });
/** GET /api/price-lists/{id}/items/page (besides paging). */
export const categoryItemsPageQuerySchema = z.object({
  searchQuery: z.string().max(200).optional(),
  excludeIds: queryIdList,
});
