import { describe, expect, it } from "vitest";
import { Role } from "~/access/roles";
import { seedPriceBook } from "~/server/seeds/price-book-seed.server";
import { action as categoriesAction, loader as categoriesLoader } from "~/routes/api+/price-lists+/_layout";
import { action as categoryAction } from "~/routes/api+/price-lists+/$id";
import { loader as categoryItemsPage } from "~/routes/api+/price-lists+/$id.items.page";
import { loader as itemsPage } from "~/routes/api+/price-lists+/items.page";
import { action as itemsAction, loader as itemsLoader } from "~/routes/api+/price-lists+/items";
import { action as itemAction, loader as itemLoader } from "~/routes/api+/price-lists+/items.$id";
import { loader as exportLoader } from "~/routes/api+/price-lists+/items.export";
import { loader as templateLoader } from "~/routes/api+/price-lists+/items.downloadTemplate";
import { action as importAction } from "~/routes/api+/price-lists+/items.import";
import { action as uploadAction } from "~/routes/api+/price-lists+/upload-item-image";
import { makeRequest } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { signedInAdmin, staffCookies } from "../sign-ins";
import { args, callRequest, callRoute } from "./call";

useTestDatabase();

/** A multipart POST of one file, in the field "file". */
function postFile(path: string, cookie: string, data: Buffer | string, filename: string, type: string) {
  const form = new FormData();
  form.set("file", new File([typeof data === "string" ? data : new Uint8Array(data)], filename, { type }));
  return makeRequest(path, { method: "POST", cookie, body: form });
}
const importCsv = (cookie: string, data: Buffer | string) =>
  callRequest(importAction, postFile("/api/price-lists/items/import", cookie, data, "book.csv", "text/csv"));
const uploadImage = (cookie: string, data: Buffer | string, filename: string, type: string) =>
  callRequest(uploadAction, postFile("/api/price-lists/upload-item-image", cookie, data, filename, type));

const newCategory = (cookie: string, categoryName: string, type = 0) =>
  callRoute(categoriesAction, "/api/price-lists", { method: "POST", cookie, json: { categoryName, type } });

describe("price lists API", () => {
  it("creates categories and items, pages them with search, updates and deletes", async () => {
    const { cookie } = await signedInAdmin();
    const category = await newCategory(cookie, "Plumbing", 1);
    expect(category.status).toBe(201);
    const categoryId = category.body.data.id;
    const body = {
      categoryId,
      name: "Drain cleaning",
      price: "149.50",
      cost: 20,
      unitCostType: 0,
      isTaxable: true,
      itemType: 1,
      color: "#3498db",
      description: "Kitchen sink",
    };
    const created = await callRoute(itemsAction, "/api/price-lists/items", { method: "POST", cookie, json: body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Drain cleaning",
      price: 149.5,
      cost: 20,
      color: "#3498DB",
      isTaxable: true,
      categoryName: "Plumbing",
    });
    await callRoute(itemsAction, "/api/price-lists/items", {
      method: "POST",
      cookie,
      json: { ...body, name: "Water heater flush", description: null },
    });

    const page = await callRoute(
      categoryItemsPage,
      `/api/price-lists/${categoryId}/items/page?searchQuery=drai&pageNumber=1&pageSize=10`,
      {
        cookie,
      },
      { id: String(categoryId) },
    );
    expect(page.body.data).toMatchObject({ total: 1, pageNumber: 1, pageSize: 10 });
    expect(page.body.data.items[0].name).toBe("Drain cleaning");
    const excluded = await callRoute(
      categoryItemsPage,
      `/api/price-lists/${categoryId}/items/page?excludeIds[0]=${created.body.data.id}`,
      { cookie },
      { id: String(categoryId) },
    );
    expect(excluded.body.data.items.map((i: { name: string }) => i.name)).toEqual(["Water heater flush"]);
    const all = await callRoute(
      itemsPage,
      "/api/price-lists/items/page?type=1&paging.pageSize=1&paging.sortSettings[0].fieldName=price&paging.sortSettings[0].descending=true",
      { cookie },
    );
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.items).toHaveLength(1);
    const byIds = await callRoute(itemsLoader, `/api/price-lists/items?itemIds=${created.body.data.id}`, { cookie });
    expect(byIds.body.data).toHaveLength(1);

    const updated = await callRoute(
      itemAction,
      `/api/price-lists/items/${created.body.data.id}`,
      {
        method: "PUT",
        cookie,
        json: { ...body, price: 159 },
      },
      { id: String(created.body.data.id) },
    );
    expect(updated.body.data.price).toBe(159);
    const list = await callRoute(categoriesLoader, "/api/price-lists?type=1", { cookie });
    expect(list.body.data).toEqual([{ id: categoryId, categoryName: "Plumbing", type: 1, itemCount: 2 }]);
    expect(
      (
        await callRoute(
          categoryAction,
          `/api/price-lists/${categoryId}`,
          { method: "DELETE", cookie },
          {
            id: String(categoryId),
          },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await callRoute(
          itemLoader,
          `/api/price-lists/items/${created.body.data.id}`,
          { cookie },
          {
            id: String(created.body.data.id),
          },
        )
      ).status,
    ).toBe(404);
  });

  it("validates with field messages", async () => {
    const { cookie } = await signedInAdmin();
    const res = await callRoute(itemsAction, "/api/price-lists/items", {
      method: "POST",
      cookie,
      json: { name: "", price: -1, itemType: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      categoryId: "Category is required",
      name: "Name is required",
      price: "Price must be greater than or equal to 0",
    });
    const dup = await newCategory(cookie, "A");
    expect(dup.status).toBe(201);
    const again = await newCategory(cookie, "a", 1);
    expect(again).toEqual({ status: 400, body: { errors: { categoryName: "A category named 'a' already exists" } } });
  });

  it("keeps companies apart: foreign ids answer 404 and change nothing", async () => {
    const a = await signedInAdmin();
    const b = await signedInAdmin();
    await seedPriceBook(a.companyId);
    const [category] = (await callRoute(categoriesLoader, "/api/price-lists", { cookie: a.cookie })).body.data;
    const item = (
      await callRoute(
        categoryItemsPage,
        `/api/price-lists/${category.id}/items/page`,
        { cookie: a.cookie },
        {
          id: String(category.id),
        },
      )
    ).body.data.items[0];
    expect((await callRoute(categoriesLoader, "/api/price-lists", { cookie: b.cookie })).body.data).toEqual([]);
    expect(
      (
        await callRoute(
          categoryItemsPage,
          `/api/price-lists/${category.id}/items/page`,
          { cookie: b.cookie },
          {
            id: String(category.id),
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(itemLoader, `/api/price-lists/items/${item.id}`, { cookie: b.cookie }, { id: String(item.id) }))
        .status,
    ).toBe(404);
    const put = { categoryId: category.id, name: "Hijack", price: 1, itemType: 0 };
    expect(
      (
        await callRoute(
          itemAction,
          `/api/price-lists/items/${item.id}`,
          { method: "PUT", cookie: b.cookie, json: put },
          {
            id: String(item.id),
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          itemAction,
          `/api/price-lists/items/${item.id}`,
          { method: "DELETE", cookie: b.cookie },
          {
            id: String(item.id),
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          categoryAction,
          `/api/price-lists/${category.id}`,
          { method: "DELETE", cookie: b.cookie },
          {
            id: String(category.id),
          },
        )
      ).status,
    ).toBe(404);
    // an item of company B cannot be filed under company A's category
    const bCategory = (await newCategory(b.cookie, "B")).body.data;
    expect(bCategory.id).toBeGreaterThan(0);
    const sneaky = await callRoute(itemsAction, "/api/price-lists/items", {
      method: "POST",
      cookie: b.cookie,
      json: put,
    });
    expect(sneaky).toEqual({ status: 400, body: { errors: { categoryId: "Category is required" } } });
    expect(
      (await callRoute(itemLoader, `/api/price-lists/items/${item.id}`, { cookie: a.cookie }, { id: String(item.id) }))
        .body.data.name,
    ).toBe(item.name);
  });

  it("lets any signed-in user read items but only managers change the price book", async () => {
    const { companyId } = await signedInAdmin();
    for (const cookie of await staffCookies(companyId, [Role.FieldTech, Role.OfficeStaff])) {
      expect((await callRoute(itemsPage, "/api/price-lists/items/page", { cookie })).status).toBe(200);
      expect((await newCategory(cookie, "X")).status).toBe(403);
      expect((await callRoute(exportLoader, "/api/price-lists/items/export", { cookie })).status).toBe(403);
    }
    expect((await callRoute(itemsPage, "/api/price-lists/items/page")).status).toBe(401);
  });

  it("exports, gives a template and imports with a row-by-row report", async () => {
    const { cookie, companyId } = await signedInAdmin();
    await seedPriceBook(companyId);
    const exported = await exportLoader(args(makeRequest("/api/price-lists/items/export", { cookie })));
    const csv = await exported.text();
    expect(exported.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.split("\n")[0]).toBe("Category,Category Type,Name,Item Type,Unit,Price,Cost,Taxable,Color,Description");
    expect(csv).toContain("Drain cleaning");
    const template = await (
      await templateLoader(args(makeRequest("/api/price-lists/items/downloadTemplate", { cookie })))
    ).text();
    expect(template.split("\n")).toHaveLength(4);

    const upload = [
      "Category,Category Type,Name,Item Type,Unit,Price,Cost,Taxable,Color,Description",
      "Plumbing Service,Service,Drain cleaning,Service,Each,199,20,No,Blue,Updated",
      "Electrical,Service,Panel inspection,,Hour,89.5,,yes,,",
      "Electrical,Service,,Service,Each,10,,,,",
      "Electrical,Service,Outlet,Material,Parsec,10,,,,",
    ].join("\n");
    const report = await importCsv(cookie, upload);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ created: 1, updated: 1, failed: 2 });
    expect(report.body.data.rows).toEqual([
      { row: 2, name: "Drain cleaning", status: "updated" },
      { row: 3, name: "Panel inspection", status: "created" },
      { row: 4, name: "", status: "failed", message: "Name is required" },
      { row: 5, name: "Outlet", status: "failed", message: "Unit must be one of the listed units" },
    ]);
    const png = await solidImage(2, 2, "png", "#000");
    const notCsv = await importCsv(cookie, png);
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.errors.file).toMatch(/^The file is not a price book CSV/);
  });

  it("stores item images as PNG after checking the content, and refuses the rest", async () => {
    const { cookie } = await signedInAdmin();
    const jpeg = await solidImage(900, 600, "jpeg", "#E67E22");
    const ok = await uploadImage(cookie, jpeg, "part.jpg", "image/jpeg");
    expect(ok.status).toBe(201);
    expect(ok.body.data.imageUrl).toMatch(/^\/files\/\d+\/price-book\/[\w-]+\.png$/);
    const fake = await uploadImage(cookie, "not an image", "part.png", "image/png");
    expect(fake).toEqual({
      status: 400,
      body: { errors: { file: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif." } },
    });
    const big = await uploadImage(cookie, Buffer.alloc(10 * 1024 * 1024 + 10), "big.png", "image/png");
    expect(big).toEqual({ status: 400, body: { errors: { file: "The image file size cannot exceed 10 MB." } } });
    // an image URL of another company is refused on the item
    const other = await signedInAdmin();
    const category = (await newCategory(other.cookie, "C")).body.data;
    const stolen = await callRoute(itemsAction, "/api/price-lists/items", {
      method: "POST",
      cookie: other.cookie,
      json: { categoryId: category.id, name: "X", price: 1, itemType: 0, imageUrl: ok.body.data.imageUrl },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors.imageUrl).toBeDefined();
  });
});
