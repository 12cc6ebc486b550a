import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Modal } from "~/components/modal";
import { PriceBookItemForm } from "~/components/price-book-item-form";
import { requireAccess } from "~/access/access.server";
import { saveItemFromForm } from "~/routes/_app+/price-book+/__price-book-form.server";
import { listCategories } from "~/models/price-book/price-book.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const categories = await listCategories(ctx);
  const wanted = Number(new URL(request.url).searchParams.get("category"));
  const category = categories.find((c) => c.id === wanted) ?? categories[0];
  return json({ categories, category: category ?? null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  return saveItemFromForm(ctx, request, null, (item) =>
    toasts().redirectWithSuccess(`/price-book?category=${item!.categoryId}`, "Item was created successfully!"),
  );
}

export default function NewPriceBookItemRoute() {
  const { categories, category } = useLoaderData<typeof loader>();
  const closeTo = category ? `/price-book?category=${category.id}` : "/price-book";
  return (
    <Modal title="New Item" closeTo={closeTo}>
      {category ? (
        <PriceBookItemForm
          categories={categories}
          cancelTo={closeTo}
          submitLabel="Create Item"
          defaults={{ categoryId: category.id, itemType: category.type, unitCostType: 0 }}
        />
      ) : (
        <p className="alert alert-warning">Add a category first: every item belongs to one.</p>
      )}
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "New Item | Price Book | Fieldwise" }];
