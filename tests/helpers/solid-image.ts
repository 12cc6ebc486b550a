import sharp from "sharp";

/** A picture of one colour, encoded as PNG or JPEG. */
export const solidImage = (width: number, height: number, format: "png" | "jpeg" = "png", background = "#2E3758") =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
