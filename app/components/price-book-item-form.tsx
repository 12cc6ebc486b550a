import { Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import {
  CheckboxField,
  ColorField,
  FormError,
  ImageField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "~/components/form";
import { ITEM_FORM_ID, itemFormSchema, itemTypeOptions, unitOptions } from "~/models/price-book/price-book.schema";

const validator = withZod(itemFormSchema);

export type ItemFormDefaults = {
  categoryId?: number;
  name?: string;
  price?: string;
  cost?: string;
  color?: string | null;
  unitCostType?: number;
  description?: string | null;
  isTaxable?: boolean;
  itemType?: number;
  imageUrl?: string | null;
};

/** Create and edit a price book item: a multipart form, so the image is sent and processed on the server. */
export function PriceBookItemForm({
  defaults,
  categories,
  cancelTo,
  submitLabel,
}: {
  defaults: ItemFormDefaults;
  categories: { id: number; categoryName: string }[];
  cancelTo: string;
  submitLabel: string;
}) {
  return (
    <ValidatedForm
      id={ITEM_FORM_ID}
      validator={validator}
      method="post"
      encType="multipart/form-data"
      defaultValues={{ ...defaults, color: defaults.color ?? "", description: defaults.description ?? "" } as never}
      className="stack"
    >
      <FormError formId={ITEM_FORM_ID} />
      <SelectField
        name="categoryId"
        label="Category"
        options={categories.map((c) => ({ value: c.id, label: c.categoryName }))}
        placeholder="Choose a category"
      />
      <TextField name="name" label="Name" maxLength={255} />
      <div className="grid-2">
        <SelectField name="itemType" label="Item Type" options={itemTypeOptions} />
        <SelectField name="unitCostType" label="Unit" options={unitOptions} />
        <TextField name="price" label="Price ($)" inputMode="decimal" />
        <TextField name="cost" label="Cost ($)" inputMode="decimal" />
      </div>
      <CheckboxField name="isTaxable" label="Taxable" defaultChecked={defaults.isTaxable} />
      <ColorField selected={defaults.color ?? ""} noneLabel="None" dotClassName="swatch-dot" />
      <TextareaField name="description" label="Description" rows={3} />
      <ImageWithRemove currentUrl={defaults.imageUrl ?? null} />
      <div className="modal-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <SubmitButton formId={ITEM_FORM_ID} busyText="Saving...">
          {submitLabel}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

function ImageWithRemove({ currentUrl }: { currentUrl: string | null }) {
  return (
    <>
      <ImageField name="image" label="Image" currentUrl={currentUrl} />
      {currentUrl ? <CheckboxField name="removeImage" label="Remove the current image" /> : null}
    </>
  );
}
