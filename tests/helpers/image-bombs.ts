import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

/** Real HEIC photos made with libheif's heif-enc; the small one holds its picture as a grid of HEVC tiles, as phones do. */
export const heicFixture = (name: "teal-64x48.heic" | "teal-4032x3024.heic") =>
  readFileSync(path.resolve("tests/fixtures", name));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of width x height black-and-white pixels whose rows are all zero: deflate squeezes
 * 20000x20000 (400 megapixels, 1.6 GB once decoded to RGBA) into about 50 KB.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, "latin1"), body]);
}
const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...parts);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * A HEIC file of a few hundred bytes whose one image claims width x height in its `ispe`
 * property: what a decoder would try to allocate before it finds the data missing.
 */
export function heicBomb(width = 100_000, height = 100_000): Buffer {
  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1"));
  const coded = Buffer.from([0, 0, 0, 1, 0x26, 0x01, 0xaf, 0x00]);
  const meta = (mdatOffset: number) =>
    fullBox(
      "meta",
      0,
      fullBox("hdlr", 0, u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(12), Buffer.from([0])),
      fullBox("pitm", 0, u16(1)),
      fullBox("iloc", 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(mdatOffset), u32(coded.length)),
      fullBox("iinf", 0, u16(1), fullBox("infe", 2, u16(1), u16(0), Buffer.from("hvc1", "latin1"), Buffer.from([0]))),
      box(
        "iprp",
        box("ipco", fullBox("ispe", 0, u32(width), u32(height))),
        fullBox("ipma", 0, u32(1), u16(1), Buffer.from([1, 0x81])),
      ),
    );
  const head = Buffer.concat([ftyp, meta(0)]);
  return Buffer.concat([ftyp, meta(head.length + 8), box("mdat", coded)]);
}

/** The real 64x48 HEIC with its grid's output size rewritten to width x height (its ispe still says 64x48). */
export function heicGridBomb(width = 60_000, height = 60_000): Buffer {
  const data = Buffer.from(heicFixture("teal-64x48.heic"));
  const idat = data.indexOf("idat", 0, "latin1");
  if (idat < 0) throw new Error("the fixture keeps its grid elsewhere");
  const grid = idat + 4;
  if ((data[grid + 1] & 1) !== 0) throw new Error("the fixture's grid uses 32-bit sizes");
  data.writeUInt16BE(width, grid + 4);
  data.writeUInt16BE(height, grid + 6);
  return data;
}
