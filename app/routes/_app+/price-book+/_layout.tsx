import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable, type Column } from "~/components/data-table";
import { FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { ListFilterForm } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { categorySchema, itemTypeLabel, itemTypeOptions, unitLabel } from "~/models/price-book/price-book.schema";
import {
  createCategory,
  deleteCategory,
  getCategory,
  ITEM_SORT_FIELDS,
  listCategories,
  pageCategoryItems,
  type ItemRow,
} from "~/models/price-book/price-book.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { formatMoney } from "~/utils/format";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { recordId } from "~/http/record-id";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const CATEGORY_FORM_ID = "new-category";
const categoryValidator = withZod(categorySchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.list);
  const url = new URL(request.url);
  const params = readListParams(url, ITEM_SORT_FIELDS);
  const categories = await listCategories(ctx);
  const wanted = Number(url.searchParams.get("category"));
  const current = categories.find((c) => c.id === wanted) ?? categories[0] ?? null;
  const page = current
    ? await pageCategoryItems(ctx, current.id, {
        search: params.search,
        pageNumber: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
      })
    : null;
  return json({
    categories,
    current,
    items: page?.items ?? [],
    total: page?.total ?? 0,
    params,
    confirmDelete: url.searchParams.get("delete") === "category",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.list);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "createCategory")
    return submitForm(formData, categoryValidator, CATEGORY_FORM_ID, async (input) => {
      const category = await createCategory(ctx, input);
      return toasts().redirectWithSuccess(`/price-book?category=${category.id}`, "Category was created successfully!");
    });
  if (intent === "deleteCategory") {
    const id = recordId(formData.get("categoryId")) ?? 0;
    const category = id ? await getCategory(ctx, id) : null;
    if (!category || !(await deleteCategory(ctx, id))) throw new Response("Not found", { status: 404 });
    return toasts().redirectWithSuccess("/price-book", `Category '${category.categoryName}' was deleted`);
  }
  return unknownIntent();
}

export default function PriceBookRoute() {
  const { categories, current, items, total, params, confirmDelete } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const columns: Column<(typeof items)[number]>[] = [
    { title: "Name", fieldName: "name", render: (item) => <ItemName item={item} search={search.toString()} /> },
    { title: "Type", fieldName: "itemType", render: (item) => itemTypeLabel(item.itemType) },
    { title: "Unit", fieldName: "unitCostType", render: (item) => unitLabel(item.unitCostType) },
    { title: "Price", fieldName: "price", render: (item) => formatMoney(item.priceCents) },
    { title: "Cost", fieldName: "cost", render: (item) => formatMoney(item.costCents) },
    { title: "Taxable", render: (item) => (item.isTaxable ? "Yes" : "No") },
  ];
  return (
    <>
      <PageHeader
        title="Price Book"
        actions={
          <>
            <a className="button" href="/api/price-lists/items/downloadTemplate" download>
              CSV Template
            </a>
            <Link className="button" to="/price-book/import">
              Import
            </Link>
            <a className="button" href="/api/price-lists/items/export" download>
              Export
            </a>
            {current ? (
              <Link className="button button-primary" to={`/price-book/items/new?category=${current.id}`}>
                New Item
              </Link>
            ) : null}
          </>
        }
      />
      <div className="split">
        <nav aria-label="Categories" className="card stack">
          <h2>Categories</h2>
          {categories.length === 0 ? <p className="muted">No categories yet: add the first one below.</p> : null}
          <ul className="link-list">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/price-book?category=${c.id}`} aria-current={current?.id === c.id ? "page" : undefined}>
                  {c.categoryName} <span className="muted">({c.itemCount})</span>
                </Link>
              </li>
            ))}
          </ul>
          <ValidatedForm
            id={CATEGORY_FORM_ID}
            validator={categoryValidator}
            method="post"
            className="stack"
            resetAfterSubmit
          >
            <FormError formId={CATEGORY_FORM_ID} />
            <TextField formId={CATEGORY_FORM_ID} name="categoryName" label="New category" maxLength={100} />
            <SelectField formId={CATEGORY_FORM_ID} name="type" label="Type" options={itemTypeOptions} />
            <SubmitButton formId={CATEGORY_FORM_ID} name="intent" value="createCategory">
              Add Category
            </SubmitButton>
          </ValidatedForm>
        </nav>
        <section className="stack" aria-label={current ? current.categoryName : "Items"}>
          {current ? (
            <>
              <div className="row">
                <h2 className="spacer">
                  {current.categoryName} <span className="muted">{itemTypeLabel(current.type)}</span>
                </h2>
                <Link className="button" to={`/price-book/categories/${current.id}`}>
                  Edit Category
                </Link>
                <Link
                  className="button button-danger"
                  to={`?category=${current.id}&delete=category`}
                  preventScrollReset
                >
                  Delete Category
                </Link>
              </div>
              <ListFilterForm
                search={{ id: "item-search", label: "Search items", labelHidden: true, placeholder: "Search items" }}
                hidden={{ category: current.id }}
                submitLabel="Search"
                params={params}
                keepTableState={false}
              />
              <DataTable
                columns={columns}
                rows={items}
                total={total}
                params={params}
                caption={`Items of ${current.categoryName}`}
              />
            </>
          ) : (
            <p className="empty">No items</p>
          )}
        </section>
      </div>
      {confirmDelete && current ? (
        <ConfirmDialog
          title="Delete Category"
          intent="deleteCategory"
          confirmLabel="Delete"
          cancelTo={`/price-book?category=${current.id}`}
          hidden={{ categoryId: current.id }}
        >
          The category &apos;{current.categoryName}&apos; and its {current.itemCount} item(s) will be completely
          deleted. Jobs and estimates keep their line items.
        </ConfirmDialog>
      ) : null}
      <Outlet />
    </>
  );
}

function ItemName({ item, search }: { item: Pick<ItemRow, "id" | "name" | "color" | "imageUrl">; search: string }) {
  return (
    <Link to={`/price-book/items/${item.id}${search ? `?${search}` : ""}`} className="row">
      {item.color ? <span className="swatch-dot" style={{ background: item.color }} aria-hidden="true" /> : null}
      {item.imageUrl ? <img src={item.imageUrl} alt="" width={32} height={32} /> : null}
      {item.name}
    </Link>
  );
}

export const meta: MetaFunction = () => [{ title: "Price Book | Fieldwise" }];
