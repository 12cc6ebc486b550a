import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { SelectField, TextField } from "~/components/form";
import { RecordFormModal } from "~/components/settings-records";
import { notFound, requireAccess } from "~/access/access.server";
import { categorySchema, itemTypeOptions } from "~/models/price-book/price-book.schema";
import { getCategory, updateCategory } from "~/models/price-book/price-book.server";
import { toasts } from "~/sessions.server";
import { submitForm } from "~/http/forms.server";
import { recordId } from "~/http/record-id";
import { screens } from "~/access/route-table";

const FORM_ID = "edit-category";
const validator = withZod(categorySchema);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const id = recordId(params.id);
  return json({ category: (id ? await getCategory(ctx, id) : null) ?? notFound() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const id = recordId(params.id);
  return submitForm(await request.formData(), validator, FORM_ID, async (input) => {
    if (!id || !(await updateCategory(ctx, id, input))) return notFound();
    return toasts().redirectWithSuccess(`/price-book?category=${id}`, "Category was saved successfully!");
  });
}

export default function EditCategoryRoute() {
  const { category } = useLoaderData<typeof loader>();
  return (
    <RecordFormModal
      title="Edit Category"
      formId={FORM_ID}
      validator={validator}
      defaultValues={category}
      closeTo={`/price-book?category=${category.id}`}
    >
      <TextField name="categoryName" label="Category Name" maxLength={100} />
      <SelectField name="type" label="Type" options={itemTypeOptions} />
    </RecordFormModal>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Category | Price Book | Fieldwise" }];
