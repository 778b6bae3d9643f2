import { describe, expect, it } from "vitest";
import {
  apportion,
  discountPence,
  formatBasisPoints,
  formatPence,
  formatQuantity,
  formatQuoteNumber,
  lineNetPence,
  MAX_QUANTITY_THOUSANDTHS,
  MAX_QUOTE_LINES,
  MAX_UNIT_PRICE_PENCE,
  MoneyError,
  type MoneyLine,
  mulDivHalfUp,
  parseDecimal,
  parsePercent,
  parsePounds,
  parseQuantity,
  parseQuoteNumber,
  quoteTotals,
  quoteYear,
} from "./money";

const line = (
  quantityThousandths: number,
  unitPricePence: number,
  vatRate: MoneyLine["vatRate"] = "standard",
) => ({
  quantityThousandths,
  unitPricePence,
  vatRate,
});

describe("a line's net", () => {
  it.each([
    [1000, 4500, 4500], // 1 × £45.00
    [1500, 33, 50], // 1.5 × 33p = 49.5p: half a penny up
    [1500, 31, 47], // 46.5p up to 47p
    [1001, 999, 1000], // 1.001 × £9.99 = 999.999p
    [1, 1, 0], // 0.001 × 1p = 0.001p down
    [500, 1, 1], // 0.5p up
    [499, 1, 0], // 0.499p down
    [2250, 12_345, 27_776], // 2.25 × £123.45 = 27776.25p
    [1000, 0, 0], // a free line
  ])("%i thousandths at %ip is %ip", (quantity, price, expected) => {
    expect(lineNetPence(line(quantity, price))).toBe(expected);
  });

  it("keeps every penny at the largest line (beyond a double's exact products)", () => {
    // 100,000 × £1,000,000 = £100,000,000,000, exactly
    expect(lineNetPence(line(MAX_QUANTITY_THOUSANDTHS, MAX_UNIT_PRICE_PENCE))).toBe(10_000_000_000_000);
    // 99,999.999 × £999,999.99: the product (9,999,999,800,000,001 thousandths of a penny) is past 2^53
    expect(lineNetPence(line(99_999_999, 99_999_999))).toBe(9_999_999_800_000);
  });

  it.each([
    [0, 100],
    [-1000, 100],
    [1.5, 100],
    [MAX_QUANTITY_THOUSANDTHS + 1, 100],
    [1000, -1],
    [1000, 0.5],
    [1000, MAX_UNIT_PRICE_PENCE + 1],
    [Number.NaN, 100],
  ])("refuses %p thousandths at %pp", (quantity, price) => {
    expect(() => lineNetPence(line(quantity, price))).toThrow(MoneyError);
  });
});

describe("rounding half up", () => {
  it("rounds exact halves up and everything else to the nearest", () => {
    expect(mulDivHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivHalfUp(4, 1, 10)).toBe(0);
    expect(mulDivHalfUp(15, 1, 10)).toBe(2);
    expect(mulDivHalfUp(25, 1, 10)).toBe(3); // not banker's rounding
    expect(mulDivHalfUp(0, 7, 3)).toBe(0);
  });
});

describe("the discount", () => {
  it("takes a percentage of the subtotal in basis points, half a penny up", () => {
    expect(discountPence(10_000, { kind: "percent", basisPoints: 1000 })).toBe(1000);
    expect(discountPence(999, { kind: "percent", basisPoints: 1250 })).toBe(125); // 124.875p
    expect(discountPence(1004, { kind: "percent", basisPoints: 50 })).toBe(5); // 5.02p
    expect(discountPence(1100, { kind: "percent", basisPoints: 50 })).toBe(6); // 5.5p up
    expect(discountPence(1234, { kind: "percent", basisPoints: 10_000 })).toBe(1234);
    expect(discountPence(1234, { kind: "none" })).toBe(0);
  });

  it("takes an amount no more than the subtotal", () => {
    expect(discountPence(5000, { kind: "amount", pence: 5000 })).toBe(5000);
    expect(() => discountPence(5000, { kind: "amount", pence: 5001 })).toThrow("more than the subtotal");
  });

  it.each([
    { kind: "percent", basisPoints: 10_001 },
    { kind: "percent", basisPoints: -1 },
    { kind: "percent", basisPoints: 12.5 },
    { kind: "amount", pence: -1 },
    { kind: "amount", pence: 0.5 },
  ] as const)("refuses %j", (discount) => {
    expect(() => discountPence(10_000, discount)).toThrow(MoneyError);
  });
});

describe("apportioning", () => {
  it("shares an amount pro rata so the shares add up exactly", () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(10, [3000, 1000])).toEqual([8, 2]); // 7.5 and 2.5: ties go to the first
    expect(apportion(7, [0, 5])).toEqual([0, 7]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
    for (const [amount, weights] of [
      [997, [13, 17, 19, 23]],
      [1, [1, 1, 1]],
      [123_456, [999_999, 1, 50_000]],
    ] as const) {
      expect(apportion(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });
});

describe("a quote's totals", () => {
  it("adds the lines, charges 20 % VAT on the total of the standard-rated lines and rounds it once", () => {
    // three lines of 1.5 × 33p: each 49.5p is 50p on its line, 150p in all; VAT on 150p is 30p
    const totals = quoteTotals([line(1500, 33), line(1500, 33), line(1500, 33)]);
    expect(totals.lineNetPence).toEqual([50, 50, 50]);
    expect(totals).toMatchObject({
      subtotalPence: 150,
      discountPence: 0,
      netPence: 150,
      vatPence: 30,
      totalPence: 180,
    });
    expect(totals.rates).toEqual([{ rate: "standard", netPence: 150, vatPence: 30 }]);
  });

  it("rounds VAT on the rate's total, not per line (per line would be 3p more here)", () => {
    // seven lines of 1 × 13p: VAT 2.6p each (3p each per line, 21p); on the total 91p it is 18.2p = 18p
    const totals = quoteTotals(Array.from({ length: 7 }, () => line(1000, 13)));
    expect(totals.subtotalPence).toBe(91);
    expect(totals.vatPence).toBe(18);
    expect(totals.totalPence).toBe(109);
  });

  it("rounds the VAT to the nearest penny (20 % of whole pence is never exactly half a penny)", () => {
    expect(quoteTotals([line(1000, 1)]).vatPence).toBe(0); // 0.2p
    expect(quoteTotals([line(1000, 3)]).vatPence).toBe(1); // 0.6p
    expect(quoteTotals([line(1000, 27)]).vatPence).toBe(5); // 5.4p
    expect(quoteTotals([line(1000, 28)]).vatPence).toBe(6); // 5.6p
  });

  it("charges nothing on zero-rated lines and keeps each rate's total apart", () => {
    const totals = quoteTotals([line(2000, 4500, "standard"), line(1000, 1000, "zero")]);
    expect(totals.rates).toEqual([
      { rate: "standard", netPence: 9000, vatPence: 1800 },
      { rate: "zero", netPence: 1000, vatPence: 0 },
    ]);
    expect(totals).toMatchObject({ subtotalPence: 10_000, vatPence: 1800, totalPence: 11_800 });
    expect(quoteTotals([line(1000, 1000, "zero")]).rates).toEqual([
      { rate: "zero", netPence: 1000, vatPence: 0 },
    ]);
  });

  it("takes the discount off before VAT, shared between the rates by their nets", () => {
    // £90 standard, £10 zero, 10 % off: £9 from standard, £1 from zero; VAT on £81 is £16.20
    const totals = quoteTotals([line(2000, 4500), line(1000, 1000, "zero")], {
      kind: "percent",
      basisPoints: 1000,
    });
    expect(totals.discountPence).toBe(1000);
    expect(totals.netPence).toBe(9000);
    expect(totals.rates).toEqual([
      { rate: "standard", netPence: 8100, vatPence: 1620 },
      { rate: "zero", netPence: 900, vatPence: 0 },
    ]);
    expect(totals.totalPence).toBe(10_620);
  });

  it("takes an amount off the subtotal", () => {
    const totals = quoteTotals([line(1000, 10_000)], { kind: "amount", pence: 2550 });
    expect(totals).toMatchObject({
      subtotalPence: 10_000,
      discountPence: 2550,
      netPence: 7450,
      vatPence: 1490,
      totalPence: 8940,
    });
  });

  it("gives the odd penny of a shared discount to the larger remainder, and the rates still add up", () => {
    const totals = quoteTotals([line(1000, 100), line(1000, 200, "zero")], { kind: "amount", pence: 100 });
    // 100p shared 1:2 is 33.3p and 66.7p: 33p and 67p
    expect(totals.rates).toEqual([
      { rate: "standard", netPence: 67, vatPence: 13 },
      { rate: "zero", netPence: 133, vatPence: 0 },
    ]);
    expect(totals.rates.reduce((sum, r) => sum + r.netPence, 0)).toBe(totals.netPence);
  });

  it("makes nothing of no lines, and refuses too many", () => {
    expect(quoteTotals([])).toEqual({
      lineNetPence: [],
      subtotalPence: 0,
      discountPence: 0,
      netPence: 0,
      rates: [],
      vatPence: 0,
      totalPence: 0,
    });
    expect(() => quoteTotals(Array.from({ length: MAX_QUOTE_LINES + 1 }, () => line(1000, 1)))).toThrow(
      MoneyError,
    );
    expect(() => quoteTotals([], { kind: "amount", pence: 1 })).toThrow(MoneyError);
  });

  it("is all whole pence whatever the lines", () => {
    for (let seed = 1; seed < 200; seed++) {
      const lines = Array.from({ length: (seed % 7) + 1 }, (_, i) =>
        line(
          ((seed * 7919 + i * 104_729) % 99_999) + 1,
          (seed * 31 + i * 17) % 50_000,
          (seed + i) % 3 ? "standard" : "zero",
        ),
      );
      const totals = quoteTotals(lines, { kind: "percent", basisPoints: (seed * 37) % 10_001 });
      for (const n of [
        totals.subtotalPence,
        totals.discountPence,
        totals.netPence,
        totals.vatPence,
        totals.totalPence,
      ]) {
        expect(Number.isSafeInteger(n)).toBe(true);
      }
      expect(totals.netPence + totals.vatPence).toBe(totals.totalPence);
      expect(totals.rates.reduce((sum, r) => sum + r.netPence, 0)).toBe(totals.netPence);
    }
  });
});

describe("formatting", () => {
  it.each([
    [0, "£0.00"],
    [5, "£0.05"],
    [100, "£1.00"],
    [123_456, "£1,234.56"],
    [100_000_000, "£1,000,000.00"],
    [-500, "-£5.00"],
  ])("%i pence is %s", (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it("refuses a fraction of a penny", () => {
    expect(() => formatPence(1.5)).toThrow(MoneyError);
  });

  it("writes quantities and percentages without trailing zeros", () => {
    expect(formatQuantity(1500)).toBe("1.5");
    expect(formatQuantity(2000)).toBe("2");
    expect(formatQuantity(1)).toBe("0.001");
    expect(formatQuantity(1_234_250)).toBe("1,234.25");
    expect(formatBasisPoints(1250)).toBe("12.5%");
    expect(formatBasisPoints(2000)).toBe("20%");
    expect(formatBasisPoints(5)).toBe("0.05%");
  });
});

describe("reading what a person types", () => {
  it.each([
    ["12.50", 2, 1250],
    ["£12.5", 2, 1250],
    ["£ 1,200", 2, 120_000],
    ["0.07", 2, 7],
    ["3", 3, 3000],
    ["1.5", 3, 1500],
    [" 0.001 ", 3, 1],
  ])("%j in %i places is %i", (text, places, value) => {
    expect(parseDecimal(text, places)).toBe(value);
  });

  it.each(["", "abc", "1.2.3", "-1", "1e3", "12,34", "1.234", "0x10", "Infinity", "1,2345"])(
    "refuses %j as pounds",
    (text) => {
      expect(parsePounds(text)).toBeUndefined();
    },
  );

  it("reads quantities and percentages", () => {
    expect(parseQuantity("2.25")).toBe(2250);
    expect(parseQuantity("2.2501")).toBeUndefined();
    expect(parsePercent("12.5%")).toBe(1250);
    expect(parsePercent("10")).toBe(1000);
  });
});

describe("quote numbers", () => {
  it("numbers a quote within its year, four digits at least", () => {
    expect(formatQuoteNumber(2026, 1)).toBe("Q-2026-0001");
    expect(formatQuoteNumber(2026, 123)).toBe("Q-2026-0123");
    expect(formatQuoteNumber(2026, 12_345)).toBe("Q-2026-12345");
    expect(() => formatQuoteNumber(2026, 0)).toThrow(MoneyError);
    expect(parseQuoteNumber("Q-2026-0042")).toEqual({ year: 2026, sequence: 42 });
    expect(parseQuoteNumber("Q-26-1")).toBeUndefined();
  });

  it("takes the year on London's calendar", () => {
    // 23:30 UTC on 31 December 2026 is still 2026 in London (GMT); midnight is 2027
    expect(quoteYear(Date.UTC(2026, 11, 31, 23, 30))).toBe(2026);
    expect(quoteYear(Date.UTC(2027, 0, 1, 0, 0))).toBe(2027);
    // late June: BST puts 23:30 UTC on the next day, but never into another year
    expect(quoteYear(Date.UTC(2026, 5, 30, 23, 30))).toBe(2026);
  });
});
