import { Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, useField } from "remix-validated-form";
import { CheckboxField, FormError, SelectField, SubmitButton, TextareaField, TextField } from "~/components/form";
import { ImageUploadField } from "~/components/image-upload-modal";
import { PALETTE } from "~/models/employees/palette";
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
      <ColorField defaultValue={defaults.color ?? ""} />
      <TextareaField name="description" label="Description" rows={3} />
      <ImageField currentUrl={defaults.imageUrl ?? null} />
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

function ColorField({ defaultValue }: { defaultValue: string }) {
  const { error } = useField("color", { formId: ITEM_FORM_ID });
  return (
    <fieldset className="field">
      <legend>Color</legend>
      <div className="swatches">
        <label className="swatch">
          <input type="radio" name="color" value="" defaultChecked={!defaultValue} />
          None
        </label>
        {PALETTE.map((c) => (
          <label key={c.value} className="swatch" title={c.label}>
            <input type="radio" name="color" value={c.value} defaultChecked={defaultValue.toUpperCase() === c.value} />
            <span className="swatch-dot" style={{ background: c.value }} aria-hidden="true" />
            <span className="visually-hidden">{c.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ImageField({ currentUrl }: { currentUrl: string | null }) {
  const { error } = useField("image", { formId: ITEM_FORM_ID });
  return (
    <>
      <ImageUploadField name="image" label="Image" currentUrl={currentUrl} error={error} />
      {currentUrl ? <CheckboxField name="removeImage" label="Remove the current image" /> : null}
    </>
  );
}
