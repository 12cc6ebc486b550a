declare module "heic-convert" {
  type Options = { buffer: Buffer | Uint8Array | ArrayBuffer; format: "PNG" | "JPEG"; quality?: number };
  function convert(options: Options): Promise<ArrayBuffer>;
  export default convert;
}
