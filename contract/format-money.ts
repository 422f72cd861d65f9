/**
 * Shared by the app and the server (notification texts), so it lives with the contract: the one
 * way both sides show an amount.
 *
 * Money per product §5/§9: 2 decimals, the currency symbol before the amount for `prefix`,
 * after it for `suffix`; digits in Romanian style (1.234,50) — docs/references.md, Romania.
 * Digits by formatDecimal, not Intl.NumberFormat: see format-number.ts for why.
 */
import { formatDecimal } from './format-number.ts';

export interface CurrencyFormat {
  symbol: string;
  position: 'prefix' | 'suffix';
}

export function formatMoney(amount: number, currency: CurrencyFormat): string {
  const digits = formatDecimal(amount, 'ro', { minimumFractionDigits: 2 });
  // U+00A0 keeps the symbol on the same line as the amount.
  return currency.position === 'prefix' ? `${currency.symbol}\u00a0${digits}` : `${digits}\u00a0${currency.symbol}`;
}
