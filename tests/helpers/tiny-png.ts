/** A 1x1 PNG (67 bytes): the smallest real image, for uploads and stored files. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

/** The multipart form of an attachment upload: the record's id (jobId or estimateId) and the PNG as `name`. */
export function pngUploadForm(idField: "jobId" | "estimateId", id: number, name: string) {
  const form = new FormData();
  form.set(idField, String(id));
  form.set("files", new File([new Uint8Array(PNG)], name, { type: "image/png" }));
  return form;
}
