import { describe, expect, it } from "vitest";
import { seedPriceBook } from "~/server/seeds/price-book-seed.server";
import { listCategories, pageCategoryItems } from "~/models/price-book/price-book.server";
import { action as listAction, loader as listLoader } from "~/routes/_app+/price-book+/_layout";
import { action as editAction, loader as editLoader } from "~/routes/_app+/price-book+/items.$id";
import { action as newAction } from "~/routes/_app+/price-book+/items.new";
import { accessFor, createTestCompany, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { signedInAdmin, staffCookies } from "../sign-ins";
import { callRoute } from "./call";

useTestDatabase();

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

describe("price book screens", () => {
  it("are for managers only", async () => {
    const { companyId } = await createTestCompany();
    for (const cookie of await staffCookies(companyId)) {
      expect((await callRoute(listLoader, "/price-book", { cookie })).status).toBe(403);
      expect(
        (await callRoute(newAction, "/price-book/items/new", { method: "POST", cookie, body: form({ name: "X" }) }))
          .status,
      ).toBe(403);
    }
  });

  it("creates an item without JavaScript and shows the spec's messages on the fields", async () => {
    const { userId, companyId, cookie } = await signedInAdmin();
    await seedPriceBook(companyId);
    const { ctx } = await accessFor(userId);
    const [category] = await listCategories(ctx);
    const invalid = await callRoute(newAction, "/price-book/items/new", {
      method: "POST",
      cookie,
      body: form({ categoryId: String(category.id), name: "", price: "-5", itemType: "1" }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fieldErrors).toMatchObject({
      name: "Name is required",
      price: "Price must be greater than or equal to 0",
    });
    const created = await callRoute(newAction, "/price-book/items/new", {
      method: "POST",
      cookie,
      body: form({
        categoryId: String(category.id),
        name: "Coil cleaning",
        price: "99.90",
        itemType: "1",
        unitCostType: "0",
        isTaxable: "on",
      }),
    });
    expect(created.status).toBe(302);
    const page = await pageCategoryItems(ctx, category.id, { search: "coil", pageNumber: 1, pageSize: 10 });
    expect(page?.items[0]).toMatchObject({ name: "Coil cleaning", priceCents: 9990, isTaxable: true });
    const list = await callRoute(listLoader, `/price-book?category=${category.id}&q=coil`, { cookie });
    expect(list.body.items.map((i: { name: string }) => i.name)).toContain("Coil cleaning");
  });

  it("answers 404 for another company's item and leaves it alone", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    await seedPriceBook(a.companyId);
    const { ctx } = await accessFor(a.userId);
    const [category] = await listCategories(ctx);
    const item = (await pageCategoryItems(ctx, category.id, { pageNumber: 1, pageSize: 1 }))!.items[0];
    const cookieB = await sessionCookie(b.userId);
    const params = { id: String(item.id) };
    expect((await callRoute(editLoader, `/price-book/items/${item.id}`, { cookie: cookieB }, params)).status).toBe(404);
    expect(
      (
        await callRoute(
          editAction,
          `/price-book/items/${item.id}?intent=delete`,
          {
            method: "POST",
            cookie: cookieB,
            body: form({ intent: "delete" }),
          },
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(listAction, "/price-book", {
          method: "POST",
          cookie: cookieB,
          body: form({ intent: "deleteCategory", categoryId: String(category.id) }),
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(listAction, "/price-book", { method: "POST", cookie: cookieB, body: form({ intent: "bogus" }) }))
        .status,
    ).toBe(400);
    expect((await pageCategoryItems(ctx, category.id, { pageNumber: 1, pageSize: 100 }))!.total).toBeGreaterThan(0);
  });
});
