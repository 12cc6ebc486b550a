import { withZod } from "@remix-validated-form/with-zod";
import type { CallerContext } from "~/access/access.server";
import { ITEM_FORM_ID, itemFormSchema } from "~/models/price-book/price-book.schema";
import type { z } from "zod";
import { createItem, PRICE_BOOK_IMAGE_FOLDER, updateItem, type ItemRow } from "~/models/price-book/price-book.server";
import { RuleError } from "~/models/rules";
import { deleteFile } from "~/services/storage.server";
import { editorImageRules } from "~/models/files/file-rules";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";
import { formErrors, submitForm } from "~/http/forms.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

const itemValidator = withZod(itemFormSchema);

/**
 * Saves the item form of the screens (multipart, the image streamed to disk within the image
 * limit): validates, processes a chosen image (checked by content, stored as a 400x400 PNG), then
 * creates or updates and answers with `done`. Errors come back on their fields.
 */
export function saveItemFromForm(
  ctx: CallerContext,
  request: Request,
  existing: ItemRow | null,
  done: (saved: ItemRow | null) => Promise<Response>,
): Promise<Response> {
  const refused = (message: string) => formErrors({ image: message }, {}, ITEM_FORM_ID);
  return withUploadForm(request, uploadRules.image, refused, (formData) =>
    submitForm(formData, itemValidator, ITEM_FORM_ID, async (input) =>
      done(await saveItem(ctx, formData, input, existing)),
    ),
  );
}

async function saveItem(
  ctx: CallerContext,
  formData: FormData,
  input: z.infer<typeof itemFormSchema>,
  existing: ItemRow | null,
): Promise<ItemRow | null> {
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
      if (error instanceof ImageUploadError) throw new RuleError({ image: error.message });
      throw error;
    }
  }
  const { removeImage: _remove, ...fields } = input;
  try {
    return existing
      ? await updateItem(ctx, existing.id, { ...fields, imageUrl: imageUrl ?? undefined })
      : await createItem(ctx, { ...fields, imageUrl: imageUrl ?? undefined });
  } catch (error) {
    await deleteFile(storedUrl);
    throw error;
  }
}
