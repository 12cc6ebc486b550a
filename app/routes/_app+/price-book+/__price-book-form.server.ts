import { withZod } from "@remix-validated-form/with-zod";
import type { CallerContext } from "~/access/access.server";
import { ITEM_FORM_ID, itemFormSchema } from "~/models/price-book/price-book.schema";
import {
  createItem,
  PRICE_BOOK_IMAGE_FOLDER,
  PriceBookRuleError,
  updateItem,
  type ItemRow,
} from "~/models/price-book/price-book.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { deleteFile } from "~/services/storage.server";
import { editorImageRules } from "~/models/files/file-rules";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";
import { withUploadForm } from "~/models/files/uploads.server";
import { formErrors, validateForm } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";

const itemValidator = withZod(itemFormSchema);

const textValues = (formData: FormData) =>
  Object.fromEntries(Object.entries(formFields(formData)).filter(([, v]) => typeof v === "string"));

/**
 * Saves the item form of the screens (multipart, the image streamed to disk within the image
 * limit): validates, processes a chosen image (checked by content, stored as a 400x400 PNG), then
 * creates or updates. Errors come back on their fields.
 */
export function saveItemFromForm(
  ctx: CallerContext,
  request: Request,
  existing: ItemRow | null,
): Promise<ItemRow | null> {
  const refused = (message: string): never => {
    throw formErrors({ image: message }, {}, ITEM_FORM_ID);
  };
  return withUploadForm(request, uploadRules.image, refused, (formData) => saveItem(ctx, formData, existing));
}

async function saveItem(ctx: CallerContext, formData: FormData, existing: ItemRow | null): Promise<ItemRow | null> {
  const input = await validateForm(formData, itemValidator, ITEM_FORM_ID);
  const file = formData.get("image");
  let imageUrl = input.removeImage ? null : (existing?.imageUrl ?? null);
  let storedUrl: string | null = null;
  if (isFileChosen(file)) {
    try {
      storedUrl = (
        await storeImageUpload({
          companyId: ctx.companyId,
          folder: PRICE_BOOK_IMAGE_FOLDER,
          file,
          rules: editorImageRules,
        })
      ).url;
      imageUrl = storedUrl;
    } catch (error) {
      if (error instanceof ImageUploadError)
        throw formErrors({ image: error.message }, textValues(formData), ITEM_FORM_ID);
      throw error;
    }
  }
  const { removeImage: _remove, ...fields } = input;
  try {
    const saved = existing
      ? await updateItem(ctx, existing.id, { ...fields, imageUrl: imageUrl ?? undefined })
      : await createItem(ctx, { ...fields, imageUrl: imageUrl ?? undefined });
    return saved;
  } catch (error) {
    await deleteFile(storedUrl);
    if (error instanceof PriceBookRuleError)
      throw formErrors({ [error.field]: error.message }, textValues(formData), ITEM_FORM_ID);
    throw error;
  }
}
