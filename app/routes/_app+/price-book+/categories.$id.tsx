import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { Modal } from "~/components/modal";
import { notFound, requireAccess } from "~/access/access.server";
import { categorySchema, itemTypeOptions } from "~/models/price-book/price-book.schema";
import { getCategory, PriceBookRuleError, updateCategory } from "~/models/price-book/price-book.server";
import { toasts } from "~/sessions.server";
import { formErrors, validateForm } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";
import { screens } from "~/access/route-table";

const FORM_ID = "edit-category";
const validator = withZod(categorySchema);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const id = Number(params.id);
  return json({ category: (Number.isInteger(id) && id > 0 ? await getCategory(ctx, id) : null) ?? notFound() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.priceBook.pages);
  const id = Number(params.id);
  const formData = await request.formData();
  const input = await validateForm(formData, validator, FORM_ID);
  try {
    const saved = Number.isInteger(id) && id > 0 ? await updateCategory(ctx, id, input) : null;
    if (!saved) return notFound();
    return toasts().redirectWithSuccess(`/price-book?category=${id}`, "Category was saved successfully!");
  } catch (error) {
    if (error instanceof PriceBookRuleError)
      throw formErrors({ [error.field]: error.message }, formFields(formData), FORM_ID);
    throw error;
  }
}

export default function EditCategoryRoute() {
  const { category } = useLoaderData<typeof loader>();
  const closeTo = `/price-book?category=${category.id}`;
  return (
    <Modal title="Edit Category" closeTo={closeTo} size="sm">
      <ValidatedForm
        id={FORM_ID}
        validator={validator}
        method="post"
        defaultValues={category as never}
        className="stack"
      >
        <FormError formId={FORM_ID} />
        <TextField name="categoryName" label="Category Name" maxLength={100} />
        <SelectField name="type" label="Type" options={itemTypeOptions} />
        <div className="modal-actions">
          <Link className="button" to={closeTo}>
            Cancel
          </Link>
          <SubmitButton formId={FORM_ID}>Save</SubmitButton>
        </div>
      </ValidatedForm>
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Category | Price Book | Fieldwise" }];
