/**
 * A quote's money, worked out once, here: the screen, the customer's page, the mail and the API
 * all show what `quoteTotals` returns. Every amount is an integer number of pence and every
 * quantity an integer number of thousandths of its unit (1.5 tonnes is 1500); nothing is ever a
 * float of pounds. The products are taken in BigInt, so no multiplication loses a penny.
 *
 * The rules (decision 0050):
 * - **A line**: quantity × unit price, rounded to the penny on that line, half a penny up
 *   (1.5 × £0.33 = 49.5p is 50p). A line's net is never shared with another line's rounding.
 * - **The discount** is taken from the subtotal (the lines' nets): a percentage in basis points
 *   (1250 is 12.5 %, rounded half up to the penny) or an amount in pence (no more than the
 *   subtotal). VAT is charged on the discounted price, so the discount is shared between the VAT
 *   rates pro rata to their nets (the largest remainders take the odd pennies).
 * - **VAT** is 20 % on a standard-rated line and nothing on a zero-rated one, worked out on the
 *   total of each rate's discounted net and rounded to the nearest penny, half a penny up: HMRC's
 *   rule for VAT worked out on the invoice's total (VAT Notice 700, section 16.3), never rounded
 *   per line and then added.
 * - **The total** is the discounted net plus the VAT.
 */

import { groupThousands, londonTime } from "../en-gb";

/** The units a quote's line is priced in. */
export const QUOTE_UNITS = ["collection", "tonne", "load", "hour"] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
/** How each unit reads after a price ("£45.00 per tonne"). */
export const QUOTE_UNIT_LABELS: Record<QuoteUnit, string> = {
  collection: "per collection",
  tonne: "per tonne",
  load: "per load",
  hour: "per hour",
};

/** The VAT rates a line may carry. */
export const VAT_RATES = ["standard", "zero"] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** Each rate in basis points (2000 is 20 %). */
export const VAT_RATE_BASIS_POINTS: Record<VatRate, number> = { standard: 2000, zero: 0 };
export const VAT_RATE_LABELS: Record<VatRate, string> = { standard: "VAT at 20%", zero: "Zero-rated" };

/** Quantities are kept in thousandths of their unit. */
export const QUANTITY_SCALE = 1000;
/** The bounds a line and a quote keep (a quantity of 100,000 units, a unit price of £1,000,000). */
export const MAX_QUANTITY_THOUSANDTHS = 100_000 * QUANTITY_SCALE;
export const MAX_UNIT_PRICE_PENCE = 100_000_000;
export const MAX_QUOTE_LINES = 50;
/** 100 % in basis points. */
export const FULL_BASIS_POINTS = 10_000;

export interface MoneyLine {
  /** Thousandths of the unit: a positive integer. */
  quantityThousandths: number;
  /** Pence per unit: a non-negative integer. */
  unitPricePence: number;
  vatRate: VatRate;
}

export type Discount =
  | { kind: "none" }
  | { kind: "percent"; basisPoints: number }
  | { kind: "amount"; pence: number };

export interface RateTotal {
  rate: VatRate;
  /** The rate's lines after their share of the discount. */
  netPence: number;
  vatPence: number;
}

export interface QuoteTotals {
  /** Each line's net, in the lines' order. */
  lineNetPence: number[];
  subtotalPence: number;
  discountPence: number;
  /** The subtotal less the discount. */
  netPence: number;
  /** One entry for each rate the quote's lines carry, standard first. */
  rates: RateTotal[];
  vatPence: number;
  totalPence: number;
}

/** Why a set of lines or a discount cannot be priced. */
export class MoneyError extends Error {
  override name = "MoneyError";
}

const isWhole = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;

/** a × b / c rounded half up, for non-negative integers, in BigInt so nothing is lost. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c <= 0) throw new MoneyError("mulDivHalfUp takes non-negative integers");
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const rounded = (product * 2n + divisor) / (divisor * 2n);
  return Number(rounded);
}

/** A line's net: quantity × unit price, rounded half up to the penny on the line. */
export function lineNetPence(line: MoneyLine): number {
  if (!isWhole(line.quantityThousandths, 1, MAX_QUANTITY_THOUSANDTHS)) {
    throw new MoneyError("A quantity is a whole number of thousandths above nothing");
  }
  if (!isWhole(line.unitPricePence, 0, MAX_UNIT_PRICE_PENCE)) {
    throw new MoneyError("A unit price is a whole number of pence");
  }
  return mulDivHalfUp(line.quantityThousandths, line.unitPricePence, QUANTITY_SCALE);
}

/** The discount in pence on a subtotal. */
export function discountPence(subtotalPence: number, discount: Discount): number {
  switch (discount.kind) {
    case "none":
      return 0;
    case "percent":
      if (!isWhole(discount.basisPoints, 0, FULL_BASIS_POINTS)) {
        throw new MoneyError("A percentage discount is 0 to 10,000 basis points");
      }
      return mulDivHalfUp(subtotalPence, discount.basisPoints, FULL_BASIS_POINTS);
    case "amount":
      if (!isWhole(discount.pence, 0, Number.MAX_SAFE_INTEGER)) {
        throw new MoneyError("A discount is a whole number of pence");
      }
      if (discount.pence > subtotalPence) throw new MoneyError("A discount cannot be more than the subtotal");
      return discount.pence;
  }
}

/**
 * Shares `amount` between `weights` pro rata (largest remainder; ties to the earlier weight), so
 * the shares are whole and add up to the amount exactly.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0) return weights.map(() => 0);
  const big = BigInt(total);
  const shares = weights.map((w) => {
    const product = BigInt(amount) * BigInt(w);
    return { floor: Number(product / big), remainder: product % big };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.floor, 0);
  const order = shares
    .map((s, index) => ({ ...s, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((s) => s.floor);
  for (const s of order) {
    if (left <= 0) break;
    result[s.index] = (result[s.index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** Everything a quote's page, mail and screen show of its money. */
export function quoteTotals(lines: readonly MoneyLine[], discount: Discount = { kind: "none" }): QuoteTotals {
  if (lines.length > MAX_QUOTE_LINES) throw new MoneyError(`A quote has at most ${MAX_QUOTE_LINES} lines`);
  const lineNet = lines.map(lineNetPence);
  const subtotal = lineNet.reduce((sum, n) => sum + n, 0);
  const discountTotal = discountPence(subtotal, discount);
  const present = VAT_RATES.filter((rate) => lines.some((line) => line.vatRate === rate));
  const rateNets = present.map((rate) =>
    lines.reduce((sum, line, i) => (line.vatRate === rate ? sum + (lineNet[i] ?? 0) : sum), 0),
  );
  const rateDiscounts = apportion(discountTotal, rateNets);
  const rates = present.map((rate, i) => {
    const net = (rateNets[i] ?? 0) - (rateDiscounts[i] ?? 0);
    return {
      rate,
      netPence: net,
      vatPence: mulDivHalfUp(net, VAT_RATE_BASIS_POINTS[rate], FULL_BASIS_POINTS),
    };
  });
  const net = subtotal - discountTotal;
  const vat = rates.reduce((sum, r) => sum + r.vatPence, 0);
  return {
    lineNetPence: lineNet,
    subtotalPence: subtotal,
    discountPence: discountTotal,
    netPence: net,
    rates,
    vatPence: vat,
    totalPence: net + vat,
  };
}

/** Pence as the site writes money: '£1,234.56', '-£5.00'. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new MoneyError("An amount of money is a whole number of pence");
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}£${groupThousands(pounds)}.${String(rest).padStart(2, "0")}`;
}

/** Pence as a person types them into a price field: '1234.56' (no pound sign, no grouping). */
export const penceAsTyped = (pence: number): string =>
  formatPence(pence).replace("£", "").replaceAll(",", "");

/** Thousandths of a unit as a person writes the quantity: 1500 is '1.5', 2000 is '2'. */
export function formatQuantity(thousandths: number): string {
  const whole = Math.floor(thousandths / QUANTITY_SCALE);
  const fraction = String(thousandths % QUANTITY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
}

/** Basis points as a percentage: 1250 is '12.5%'. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}

/**
 * A decimal as a person types it ('1.5', '1,250.25', '£12.50') in whole units of 10^-places, read
 * digit by digit (never through a float); undefined for anything else or more places than given.
 */
export function parseDecimal(text: string, places: number): number | undefined {
  const match = /^\s*£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = match[2] ?? "";
  if (fraction.length > places) return undefined;
  const value = Number(whole + fraction.padEnd(places, "0"));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** '12.50' or '£1,200' in pence. */
export const parsePounds = (text: string) => parseDecimal(text, 2);
/** '1.5' in thousandths. */
export const parseQuantity = (text: string) => parseDecimal(text, 3);
/** '12.5' (a percentage) in basis points. */
export const parsePercent = (text: string) => parseDecimal(text.replace(/%\s*$/, ""), 2);

/** A quote's number within its year: Q-2026-0001 (four digits at least, more past 9,999). */
export function formatQuoteNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new MoneyError("A quote's sequence starts at 1");
  return `Q-${year}-${String(sequence).padStart(4, "0")}`;
}

export const QUOTE_NUMBER_PATTERN = /^Q-(\d{4})-(\d{4,})$/;

/** The year a quote made at the instant is numbered in: the calendar year in London. */
export const quoteYear = (time: number) => londonTime(time).year;

/** The year and sequence of a quote number; undefined when it is not one. */
export function parseQuoteNumber(number: string): { year: number; sequence: number } | undefined {
  const match = QUOTE_NUMBER_PATTERN.exec(number);
  if (!match) return undefined;
  return { year: Number(match[1]), sequence: Number(match[2]) };
}
