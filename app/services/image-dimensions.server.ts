import sharp from "sharp";

/**
 * The most pixels (width x height) an uploaded image may have: 40 megapixels, above the 24 MP
 * and 12 MP photos phones take by default. Checked from the file's header before any decoder runs,
 * so a small file that claims huge dimensions (a decompression bomb) never reaches one.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const pixelLimitMessage = "The image cannot exceed 40 megapixels (for example 8000x5000 pixels).";

export type Dimensions = { width: number; height: number };

type Box = { type: string; start: number; end: number };

/** The boxes of an ISOBMFF container between start and end; stops at the first one that does not fit. */
function boxesOf(data: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = data.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      const large = data.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) break;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) break;
    found.push({ type: data.toString("latin1", offset + 4, offset + 8), start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

const child = (data: Buffer, box: Box | undefined, type: string, fullBox = false) =>
  box ? boxesOf(data, box.start + (fullBox ? 4 : 0), box.end).find((b) => b.type === type) : undefined;

/** Reads an unsigned big-endian integer of 0, 4 or 8 bytes (iloc's field sizes). */
function readSized(data: Buffer, offset: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 4) return data.readUInt32BE(offset);
  if (bytes === 8) return Number(data.readBigUInt64BE(offset));
  throw new RangeError("unsupported field size");
}

/** Item ids of type `grid` (iinf/infe version 2 and 3). */
function gridItems(data: Buffer, iinf: Box | undefined): Set<number> {
  const ids = new Set<number>();
  if (!iinf) return ids;
  const version = data[iinf.start];
  const entriesStart = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxesOf(data, entriesStart, iinf.end)) {
    if (infe.type !== "infe") continue;
    const infeVersion = data[infe.start];
    if (infeVersion < 2) continue;
    const idBytes = infeVersion === 2 ? 2 : 4;
    const typeAt = infe.start + 4 + idBytes + 2;
    if (typeAt + 4 > infe.end) continue;
    if (data.toString("latin1", typeAt, typeAt + 4) === "grid")
      ids.add(infeVersion === 2 ? data.readUInt16BE(infe.start + 4) : data.readUInt32BE(infe.start + 4));
  }
  return ids;
}

/** The first bytes (at most 12, all a grid's header needs) of the given items' data, located through iloc in the file or in idat. */
function itemData(data: Buffer, iloc: Box | undefined, items: Set<number>, idat: Box | undefined): Buffer[] {
  if (!iloc || items.size === 0) return [];
  const out: Buffer[] = [];
  const version = data[iloc.start];
  let at = iloc.start + 4;
  const offsetSize = data[at] >> 4;
  const lengthSize = data[at] & 15;
  const baseOffsetSize = data[at + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? data[at + 1] & 15 : 0;
  at += 2;
  const count = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  // Extents of zero-byte fields take no room: a small box could otherwise ask for billions of them.
  let extentBudget = 10_000;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    const method = version === 1 || version === 2 ? data.readUInt16BE(at) & 15 : 0;
    if (version === 1 || version === 2) at += 2;
    at += 2; // data_reference_index
    const base = readSized(data, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = data.readUInt16BE(at);
    at += 2;
    const parts: Buffer[] = [];
    for (let e = 0; e < extents; e++) {
      if (--extentBudget < 0) throw new RangeError("too many extents");
      at += indexSize;
      const offset = readSized(data, at, offsetSize);
      at += offsetSize;
      const length = readSized(data, at, lengthSize);
      at += lengthSize;
      const origin = method === 1 ? idat?.start : method === 0 ? 0 : undefined;
      if (origin === undefined) continue;
      const from = origin + base + offset;
      const to = length === 0 ? (method === 1 ? idat!.end : data.length) : from + length;
      if (from < data.length && to <= data.length && from < to)
        parts.push(data.subarray(from, Math.min(to, from + 12)));
    }
    if (items.has(id)) out.push(Buffer.concat(parts).subarray(0, 12));
    if (at > iloc.end) break;
  }
  return out;
}

/**
 * HEIC/HEIF (ISOBMFF): the largest image the container declares, from every `ispe` property
 * (image spatial extents) and every grid's output size, read without decoding anything.
 * Null when the file has no readable meta box or no size at all.
 */
export function heifDimensions(data: Buffer): Dimensions | null {
  try {
    const top = boxesOf(data, 0, data.length);
    const meta = top.find((b) => b.type === "meta");
    if (!meta) return null;
    const inMeta = boxesOf(data, meta.start + 4, meta.end);
    const ipco = child(
      data,
      inMeta.find((b) => b.type === "iprp"),
      "ipco",
    );
    const sizes: Dimensions[] = [];
    for (const property of ipco ? boxesOf(data, ipco.start, ipco.end) : []) {
      if (property.type === "ispe" && property.start + 12 <= property.end)
        sizes.push({ width: data.readUInt32BE(property.start + 4), height: data.readUInt32BE(property.start + 8) });
    }
    const idat = inMeta.find((b) => b.type === "idat");
    for (const grid of itemData(
      data,
      inMeta.find((b) => b.type === "iloc"),
      gridItems(
        data,
        inMeta.find((b) => b.type === "iinf"),
      ),
      idat,
    )) {
      if (grid.length < 8) continue;
      const wide = (grid[1] & 1) === 1;
      if (wide && grid.length >= 12) sizes.push({ width: grid.readUInt32BE(4), height: grid.readUInt32BE(8) });
      else if (!wide) sizes.push({ width: grid.readUInt16BE(4), height: grid.readUInt16BE(6) });
    }
    if (!sizes.length) return null;
    return sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  } catch {
    return null;
  }
}

const isIsoBmff = (data: Buffer) => data.length >= 12 && data.toString("latin1", 4, 8) === "ftyp";

/**
 * The image's width and height as its header declares them: HEIC/HEIF by our own reading of the
 * container, other formats (JPEG, PNG, WebP, GIF, ...) by sharp's metadata(), which reads the
 * header only. Null when the header cannot be read.
 */
export async function readImageDimensions(data: Buffer): Promise<Dimensions | null> {
  if (isIsoBmff(data)) return heifDimensions(data);
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    const height = meta.pageHeight ?? meta.height;
    return meta.width && height ? { width: meta.width, height } : null;
  } catch {
    return null;
  }
}

/** The pixel limit's message when the header declares more than MAX_IMAGE_PIXELS, else null. */
export function pixelLimitError(size: Dimensions): string | null {
  return size.width * size.height > MAX_IMAGE_PIXELS ? pixelLimitMessage : null;
}
