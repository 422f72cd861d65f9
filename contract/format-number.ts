/**
 * Numbers as shoppers read them (1.234,50 in Romanian, 1,234.50 in English), shared by the app and
 * the server, so both draw the same digits (the first screen is drawn by the server and hydrated).
 *
 * Why not Intl.NumberFormat (ADR 044, measured 2026-11-26): in Chromium a page's first
 * Intl.NumberFormat or Intl.DateTimeFormat costs 30–60 ms of main thread (ICU sets up its formatting
 * data on first use; measured with `.tmp`-style probes on this machine, four times that on
 * Lighthouse's phone). Every catalog screen shows prices, so that one set-up was one of the longest
 * tasks of a first visit. The rules needed here are few and fixed: round to a number of decimals
 * (as Intl does, see rounded()), group thousands by threes, and the two separators. `contract/format-number.test.ts` checks the result against Intl
 * for thousands of generated numbers.
 */

export interface DecimalOptions {
  /** Decimals always shown (trailing zeros kept up to this many). Default 0. */
  minimumFractionDigits?: number;
  /** Decimals at most: the number is rounded to these. Default: minimumFractionDigits. */
  maximumFractionDigits?: number;
}

/** 'ro' (the default) or 'en'; any other language gets Romanian digits, like the app's texts. */
export function formatDecimal(value: number, language: string, options: DecimalOptions = {}): string {
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? min);
  const finite = Number.isFinite(value) ? value : 0;
  const { whole, fraction } = rounded(Math.abs(finite), max);
  let shown = fraction;
  while (shown.length > min && shown.endsWith('0')) shown = shown.slice(0, -1);
  const english = language.startsWith('en');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, english ? ',' : '.');
  // A value that rounds to zero is shown without a sign (Intl would write "-0,00").
  const sign = finite < 0 && /[1-9]/.test(whole + fraction) ? '-' : '';
  return `${sign}${grouped}${shown ? (english ? '.' : ',') + shown : ''}`;
}

/**
 * `value` (finite, ≥ 0) rounded to `digits` decimals, as digit strings. Like ICU (and so Intl in
 * V8), it rounds the shortest decimal that reads back as the same double — what String(value)
 * writes — not the double's exact binary value: 0.145 becomes 0.15, as a person expects, although
 * the double nearest 0.145 is a hair below it. Ties go away from zero ("halfExpand").
 */
function rounded(value: number, digits: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  let all = intPart + fracPart;
  let point = intPart.length + Number(exponent);
  if (point <= 0) {
    all = '0'.repeat(1 - point) + all;
    point = 1;
  }
  if (all.length < point + digits + 1) all = all.padEnd(point + digits + 1, '0');
  let kept = all.slice(0, point + digits);
  if (all[point + digits]! >= '5') kept = incremented(kept);
  const whole = kept.slice(0, kept.length - digits).replace(/^0+(?=\d)/, '');
  return { whole, fraction: kept.slice(kept.length - digits) };
}

/** A decimal digit string plus one in its last place ("0999" → "1000", "99" → "100"). */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0';
    else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}
