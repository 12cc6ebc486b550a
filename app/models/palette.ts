/** The product's 12-colour palette (employees, price book items): stored as hex. */
export const PALETTE = [
  { value: "#2E3758", label: "Navy" },
  { value: "#3AC09D", label: "Mint" },
  { value: "#8E44AD", label: "Purple" },
  { value: "#E74C3C", label: "Red" },
  { value: "#E67E22", label: "Orange" },
  { value: "#F1C40F", label: "Yellow" },
  { value: "#3498DB", label: "Blue" },
  { value: "#00838F", label: "Cyan" },
  { value: "#E91E63", label: "Pink" },
  { value: "#795548", label: "Brown" },
  { value: "#7F8C8D", label: "Grey" },
  { value: "#558B2F", label: "Olive" },
] as const;

export type PaletteColor = (typeof PALETTE)[number]["value"];

export const PALETTE_COLORS: readonly string[] = PALETTE.map((c) => c.value);

export const isPaletteColor = (value: string): value is PaletteColor => PALETTE_COLORS.includes(value.toUpperCase());

export const paletteLabel = (value: string | null | undefined) => PALETTE.find((c) => c.value === value?.toUpperCase())?.label ?? "";
