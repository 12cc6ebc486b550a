import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Modal } from "~/components/modal";
import { PriceBookItemForm } from "~/components/price-book-item-form";
import { notFound, requireAccess, type CallerContext } from "~/access/access.server";
import { saveItemFromForm } from "~/routes/_app+/price-book+/__price-book-form.server";
import { deleteItem, getItem, listCategories } from "~/models/price-book/price-book.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

async function itemOf(ctx: CallerContext, idParam: string | undefined) {
  const id = Number(idParam);
  const item = Number.isInteger(id) && id > 0 ? await getItem(ctx, id) : null;
  return item ?? notFound();
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const item = await itemOf(ctx, params.id);
  return json({ item, categories: await listCategories(ctx) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const item = await itemOf(ctx, params.id);
  if (new URL(request.url).searchParams.get("intent") === "delete") {
    await deleteItem(ctx, item.id);
    return toasts().redirectWithSuccess(`/price-book?category=${item.categoryId}`, `Item '${item.name}' was deleted`);
  }
  return saveItemFromForm(ctx, request, item, (saved) =>
    toasts().redirectWithSuccess(
      `/price-book?category=${saved?.categoryId ?? item.categoryId}`,
      "Item was saved successfully!",
    ),
  );
}

export default function PriceBookItemRoute() {
  const { item, categories } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const closeTo = `/price-book?category=${item.categoryId}`;
  if (search.get("delete") === "1") {
    return (
      <ConfirmDialog
        title="Delete Item"
        intent="delete"
        confirmLabel="Delete"
        cancelTo={`/price-book/items/${item.id}`}
        action={`/price-book/items/${item.id}?intent=delete`}
      >
        The item &apos;{item.name}&apos; will be completely deleted. Jobs and estimates keep their line items.
      </ConfirmDialog>
    );
  }
  return (
    <Modal title="Edit Item" closeTo={closeTo}>
      <PriceBookItemForm
        categories={categories}
        cancelTo={closeTo}
        submitLabel="Save"
        defaults={{ ...item, price: (item.priceCents / 100).toFixed(2), cost: (item.costCents / 100).toFixed(2) }}
      />
      <Form method="get" className="row">
        <input type="hidden" name="delete" value="1" />
        <Link className="button button-danger" to={`/price-book/items/${item.id}?delete=1`}>
          Delete Item
        </Link>
      </Form>
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Item | Price Book | Fieldwise" }];
