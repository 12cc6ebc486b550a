import { withZod } from "@remix-validated-form/with-zod";
import type { CallerContext } from "~/models/access.server";
import { ITEM_FORM_ID, itemFormSchema } from "~/models/price-book.schema";
import { createItem, PRICE_BOOK_IMAGE_FOLDER, PriceBookRuleError, updateItem, type ItemRow } from "~/models/price-book.server";
import { deleteFile } from "~/services/storage.server";
import { editorImageRules, IMAGE_MAX_BYTES, ImageUploadError, isFileChosen, storeImageUpload, uploadMessages } from "~/services/images.server";
import { formDataObject, formErrors, validateForm } from "~/utils/forms.server";

const MAX_POST_BYTES = IMAGE_MAX_BYTES + 256 * 1024;
const itemValidator = withZod(itemFormSchema);

const textValues = (formData: FormData) => Object.fromEntries(Object.entries(formDataObject(formData)).filter(([, v]) => typeof v === "string"));

/**
 * Saves the item form of the screens (multipart): validates, processes a chosen image (checked by
 * content, stored as a 400x400 PNG), then creates or updates. Errors come back on their fields.
 */
export async function saveItemFromForm(ctx: CallerContext, request: Request, existing: ItemRow | null): Promise<ItemRow | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_POST_BYTES) throw formErrors({ image: uploadMessages.imageTooLarge }, {}, ITEM_FORM_ID);
  const formData = await request.formData();
  const input = await validateForm(formData, itemValidator, ITEM_FORM_ID);
  const file = formData.get("image");
  let imageUrl = input.removeImage ? null : (existing?.imageUrl ?? null);
  let storedUrl: string | null = null;
  if (isFileChosen(file)) {
    try {
      storedUrl = (await storeImageUpload({ companyId: ctx.companyId, folder: PRICE_BOOK_IMAGE_FOLDER, file, rules: editorImageRules })).url;
      imageUrl = storedUrl;
    } catch (error) {
      if (error instanceof ImageUploadError) throw formErrors({ image: error.message }, textValues(formData), ITEM_FORM_ID);
      throw error;
    }
  }
  const { removeImage: _remove, ...fields } = input;
  try {
    const saved = existing ? await updateItem(ctx, existing.id, { ...fields, imageUrl: imageUrl ?? undefined }) : await createItem(ctx, { ...fields, imageUrl: imageUrl ?? undefined });
    return saved;
  } catch (error) {
    await deleteFile(storedUrl);
    if (error instanceof PriceBookRuleError) throw formErrors({ [error.field]: error.message }, textValues(formData), ITEM_FORM_ID);
    throw error;
  }
}
