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

export const paletteLabel = (value: string | null | undefined) =>
  PALETTE.find((c) => c.value === value?.toUpperCase())?.label ?? "";

/** Black or white, whichever reads better on a palette colour (initials on avatars). */
export function textColorOn(hex: string | null | undefined): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? "");
  if (!m) return "#1f2640";
  const [r, g, b] = m
    .slice(1)
    .map((h) => parseInt(h, 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.18 ? "#1f2640" : "#fff";
}
