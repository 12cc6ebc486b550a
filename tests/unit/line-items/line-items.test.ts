import { describe, expect, it } from "vitest";
import { lineItemSchema, lineItemsSchema, LINE_ITEMS_MAX, totalsLine } from "~/models/line-items/line-items.schema";
import { centsToDollars, dollarsInput, moneyField, requiredMoneyField, taxRateField } from "~/models/line-items/money";
import { computeTotals, lineAmountCents } from "~/models/line-items/totals";

describe("totals to the cent", () => {
  it("applies the discount proportionally and taxes only taxable lines", () => {
    const t = computeTotals(
      [
        { quantity: 3, unitPriceCents: 3333, isTaxable: true },
        { quantity: 1.5, unitPriceCents: 1999, isTaxable: false },
      ],
      1000,
      825,
    );
    // 99.99 + 29.985 -> 29.99 = 129.98; taxable share of the 10.00 discount = 7.69; tax 8.25% of 92.30 = 7.61
    expect(t).toEqual({
      subtotalCents: 12998,
      discountCents: 1000,
      taxableCents: 9230,
      taxCents: 761,
      totalCents: 12759,
      lineAmounts: [9999, 2999],
    });
  });

  it("caps the discount at the subtotal, and an empty document totals 0", () => {
    expect(computeTotals([{ quantity: 1, unitPriceCents: 500, isTaxable: true }], 900, 1000)).toMatchObject({
      discountCents: 500,
      taxableCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    expect(computeTotals([], 0, 825)).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      taxableCents: 0,
      taxCents: 0,
      totalCents: 0,
      lineAmounts: [],
    });
    expect(computeTotals([], 500, 825)).toMatchObject({ discountCents: 0, totalCents: 0 });
  });

  it("taxes the whole subtotal when every line is taxable, nothing when none is", () => {
    const lines = [
      { quantity: 2, unitPriceCents: 1000, isTaxable: true },
      { quantity: 1, unitPriceCents: 3000, isTaxable: true },
    ];
    expect(computeTotals(lines, 1000, 1000)).toMatchObject({
      subtotalCents: 5000,
      taxableCents: 4000,
      taxCents: 400,
      totalCents: 4400,
    });
    expect(
      computeTotals(
        lines.map((l) => ({ ...l, isTaxable: false })),
        1000,
        1000,
      ),
    ).toMatchObject({ taxableCents: 0, taxCents: 0, totalCents: 4000 });
  });

  it("rounds each line to the cent, half away from zero, with quantities to 3 decimals", () => {
    expect(lineAmountCents(1.5, 1999)).toBe(2999); // 29.985
    expect(lineAmountCents(0.333, 100)).toBe(33); // 0.333
    expect(lineAmountCents(0.005, 100)).toBe(1); // 0.005 -> 0.01
    expect(lineAmountCents(2.5, 0)).toBe(0);
    // a half cent of tax rounds up: 8.25% of 10.00 = 0.825
    expect(computeTotals([{ quantity: 1, unitPriceCents: 1000, isTaxable: true }], 0, 825).taxCents).toBe(83);
  });

  it("reads a validated line as the totals want it", () => {
    const line = lineItemSchema.parse({ name: "Hour", unitPrice: "12.50", quantity: "2", isTaxable: "on" });
    expect(totalsLine(line)).toEqual({ quantity: 2, unitPriceCents: 1250, isTaxable: true });
  });
});

describe("the line schema", () => {
  it("keeps the spec's line-item rule: a trimmed name and a unit price, 0 allowed", () => {
    expect(lineItemSchema.safeParse({ name: "  ", unitPrice: "1" }).success).toBe(false);
    expect(lineItemSchema.safeParse({ name: "Filter" }).success).toBe(false);
    expect(lineItemSchema.parse({ name: " Filter ", unitPrice: "0" })).toMatchObject({
      name: "Filter",
      unitPrice: 0,
      quantity: 1,
      cost: 0,
      isTaxable: false,
      kind: 1,
    });
    expect(
      lineItemSchema.parse({ name: "Hour", unitPrice: "$1,250.255", quantity: "2.5", isTaxable: "on" }),
    ).toMatchObject({ unitPrice: 125026, quantity: 2.5, isTaxable: true });
  });

  it("refuses zero, negative and non-numeric quantities, negative money, and kinds other than material 0 and service 1", () => {
    const errorOf = (input: Record<string, unknown>) => {
      const result = lineItemSchema.safeParse({ name: "A", unitPrice: "1", ...input });
      return result.success ? null : result.error.issues[0].message;
    };
    expect(errorOf({ quantity: "0" })).toBe("Quantity must be greater than 0");
    expect(errorOf({ quantity: "-1" })).toBe("Quantity must be greater than 0");
    expect(errorOf({ quantity: "two" })).toBe("Quantity must be a number");
    expect(errorOf({ unitPrice: "-1" })).toBe("Unit price must be greater than or equal to 0");
    expect(errorOf({ cost: "abc" })).toBe("Cost must be a number");
    expect(errorOf({ kind: "2" })).not.toBeNull();
    expect(lineItemSchema.parse({ name: "A", unitPrice: "1", kind: "0" }).kind).toBe(0);
    expect(lineItemSchema.parse({ name: "A", unitPrice: "1", quantity: "1.23456" }).quantity).toBe(1.235);
  });

  it("limits how many lines one document carries", () => {
    const line = { name: "A", unitPrice: "1" };
    expect(lineItemsSchema.safeParse(Array.from({ length: LINE_ITEMS_MAX }, () => line)).success).toBe(true);
    expect(lineItemsSchema.safeParse(Array.from({ length: LINE_ITEMS_MAX + 1 }, () => line)).success).toBe(false);
  });
});

describe("money", () => {
  it("reads dollars as typed into cents, rounded to the cent", () => {
    expect(requiredMoneyField("Price").parse("$1,250.5")).toBe(125050);
    expect(requiredMoneyField("Price").parse(12.345)).toBe(1235);
    expect(requiredMoneyField("Price").safeParse("").success).toBe(false);
    expect(moneyField("Cost").parse("")).toBeUndefined();
    expect(moneyField("Cost").safeParse("1e12").success).toBe(false);
  });

  it("reads a tax rate in percent into basis points, 0 to 100", () => {
    expect(taxRateField.parse("8.25%")).toBe(825);
    expect(taxRateField.parse("")).toBe(0);
    expect(taxRateField.safeParse("100.01").success).toBe(false);
    expect(taxRateField.safeParse("-1").success).toBe(false);
  });

  it("writes cents back as the API's and the form's dollars", () => {
    expect(centsToDollars(125050)).toBe(1250.5);
    expect(dollarsInput(125050)).toBe("1250.50");
    expect(dollarsInput(5)).toBe("0.05");
  });
});
