import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  categoriesQuerySchema,
  categoryItemsPageQuerySchema,
  categorySchema,
  itemSchema,
  itemsPageQuerySchema,
  itemsQuerySchema,
} from "~/models/price-book/price-book.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const tag = "Price lists";
const managers = "company admin, super admin";
const anyone =
  "any signed-in user, as the job form (its price book picker); a field tech gets no cost and cannot sort by it";
const category = z.object({
  id: z.number().int(),
  categoryName: z.string(),
  type: z.number().int().describe("material 0, service 1"),
});
const item = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  price: z.number().describe("dollars, 2 decimals"),
  cost: z.number(),
  color: z.string().nullable().describe("one of the 12 palette colours, hex"),
  unitCostType: z.number().int().describe("each 0, sq feet 1, gallon 2, hour 3, meter 4, kilogram 5"),
  description: z.string().nullable(),
  isTaxable: z.boolean(),
  itemType: z.number().int().describe("material 0, service 1"),
  imageUrl: z.string().nullable(),
});
const page = (schema: z.ZodTypeAny) => dataOf(pageOf(schema));
const id = idParamsSchema;

registerCall({
  method: "get",
  path: "/price-lists",
  tag,
  summary: "Categories with item counts, by name",
  access: anyone,
  query: categoriesQuerySchema,
  response: z.object({ data: z.array(category.extend({ itemCount: z.number().int() })) }),
});
registerCall({
  method: "post",
  path: "/price-lists",
  tag,
  summary: "Create a category (names unique per company)",
  access: managers,
  body: categorySchema,
  status: 201,
  response: z.object({ data: category }),
});
registerCall({
  method: "get",
  path: "/price-lists/{id}",
  tag,
  summary: "One category",
  access: anyone,
  params: id,
  response: z.object({ data: category }),
});
registerCall({
  method: "put",
  path: "/price-lists/{id}",
  tag,
  summary: "Rename or retype a category",
  access: managers,
  params: id,
  body: categorySchema,
  response: z.object({ data: category }),
});
registerCall({
  method: "delete",
  path: "/price-lists/{id}",
  tag,
  summary: "Delete a category and its items (line items on jobs keep their copy)",
  access: managers,
  params: id,
});
registerCall({
  method: "get",
  path: "/price-lists/{id}/items/page",
  tag,
  summary: "A page of a category's items; search by words of name and description (prefix match)",
  access: anyone,
  params: id,
  paging: true,
  query: categoryItemsPageQuerySchema,
  response: page(item),
});
registerCall({
  method: "get",
  path: "/price-lists/items/page",
  tag,
  summary: "A page of all items, optionally of one type",
  access: anyone,
  paging: true,
  query: itemsPageQuerySchema,
  response: page(item),
});
registerCall({
  method: "get",
  path: "/price-lists/items",
  tag,
  summary: "Items by ids or search (at most 100)",
  access: anyone,
  query: itemsQuerySchema,
  response: z.object({ data: z.array(item) }),
});
registerCall({
  method: "post",
  path: "/price-lists/items",
  tag,
  summary: "Create an item",
  access: managers,
  body: itemSchema,
  status: 201,
  response: z.object({ data: item }),
});
registerCall({
  method: "get",
  path: "/price-lists/items/{id}",
  tag,
  summary: "One item",
  access: managers,
  params: id,
  response: z.object({ data: item }),
});
registerCall({
  method: "put",
  path: "/price-lists/items/{id}",
  tag,
  summary: "Replace an item's fields",
  access: managers,
  params: id,
  body: itemSchema,
  response: z.object({ data: item }),
});
registerCall({
  method: "delete",
  path: "/price-lists/items/{id}",
  tag,
  summary: "Delete an item",
  access: managers,
  params: id,
});
registerCall({
  method: "get",
  path: "/price-lists/items/export",
  tag,
  summary:
    "All items as CSV (Category, Category Type, Name, Item Type, Unit, Price, Cost, Taxable, Color, Description)",
  access: managers,
  responseDescription: "text/csv",
});
registerCall({
  method: "get",
  path: "/price-lists/items/downloadTemplate",
  tag,
  summary: "The CSV template with two example rows",
  access: managers,
  responseDescription: "text/csv",
});
registerCall({
  method: "post",
  path: "/price-lists/items/import",
  tag,
  summary:
    "Import a CSV in the template's columns: categories found by name or created, items matched by name within their category are updated, others created; invalid rows are reported and skipped. At most 10 MB and 5000 rows.",
  access: managers,
  multipart: z.object({ file: z.string().describe("CSV file") }),
  response: z.object({
    data: z.object({
      created: z.number(),
      updated: z.number(),
      failed: z.number(),
      rows: z.array(
        z.object({
          row: z.number(),
          name: z.string(),
          status: z.enum(["created", "updated", "failed"]),
          message: z.string().optional(),
        }),
      ),
    }),
  }),
});
registerCall({
  method: "post",
  path: "/price-lists/upload-item-image",
  tag,
  summary: "Upload an item image (jpeg, jpg, png, heic, heif up to 10 MB, checked by content); stored as a 400x400 PNG",
  access: managers,
  multipart: z.object({ file: z.string().describe("image file") }),
  status: 201,
  response: z.object({ data: z.object({ imageUrl: z.string() }) }),
});
