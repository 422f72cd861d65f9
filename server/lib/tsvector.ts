/**
 * PostgreSQL's text form of a tsvector (`'geac':1A,4 'zara':2B`) as lexemes with their weights
 * (issue #13, ADR 041). The catalog index reads every product's search_vector this way, so the
 * words it matches are exactly the ones PostgreSQL's `romanian` configuration produced — no
 * second stemmer in JavaScript that could disagree with the database.
 */

/** Weight bits: A (name) 8, B (brand) 4, C (category) 2, D (shop and description) 1. */
export const WEIGHT_BITS = { A: 8, B: 4, C: 2, D: 1 } as const;
export const ANY_WEIGHT = 15;

/** A weight set as typed in a tsquery (`'ABC'`) as bits; '' is every weight. */
export function weightMask(weights: string): number {
  if (!weights) return ANY_WEIGHT;
  let mask = 0;
  for (const w of weights) mask |= WEIGHT_BITS[w as keyof typeof WEIGHT_BITS] ?? 0;
  return mask;
}

// A lexeme is quoted, with quotes inside doubled (and backslashes escaped); positions follow a
// colon, each optionally with its weight letter (none: D). A vector can hold lexemes without
// positions (not made by to_tsvector, but legal): they count as weight D. Read by a scanner, not
// a regular expression: at 1 000 000 products the regular expression and its replacements took
// about half of the catalog index's load (52 of ~100 s).
const QUOTE = 39;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Weight letter's char code − 'A' → bits. */
const LETTER_BITS = [WEIGHT_BITS.A, WEIGHT_BITS.B, WEIGHT_BITS.C, WEIGHT_BITS.D];

/** Lexeme → weight bits of every position it has. */
export function parseTsvector(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  const n = text.length;
  let i = text.indexOf("'");
  while (i >= 0 && i < n) {
    // The lexeme: from after the opening quote to the closing one.
    let j = i + 1;
    let start = j;
    let lexeme = '';
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) {
        if (text.charCodeAt(j + 1) !== QUOTE) break;
        lexeme += text.slice(start, j + 1);
        j += 2;
        start = j;
      } else if (c === BACKSLASH) {
        lexeme += text.slice(start, j) + text.charAt(j + 1);
        j += 2;
        start = j;
      } else j++;
    }
    if (j >= n) break; // unterminated: not a lexeme
    lexeme += text.slice(start, j);
    j++;
    let mask = 0;
    if (text.charCodeAt(j) === COLON) {
      j++;
      for (;;) {
        const digits = j;
        while (j < n && text.charCodeAt(j) >= DIGIT_0 && text.charCodeAt(j) <= DIGIT_9) j++;
        if (j === digits) break;
        const letter = text.charCodeAt(j) - 65;
        if (letter >= 0 && letter <= 3) {
          mask |= LETTER_BITS[letter]!;
          j++;
        } else mask |= WEIGHT_BITS.D;
        if (text.charCodeAt(j) !== COMMA) break;
        j++;
      }
    }
    if (!mask) mask = WEIGHT_BITS.D;
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) | mask);
    i = text.indexOf("'", j);
  }
  return lexemes;
}
