/**
 * PostgreSQL's text form of a tsvector (`'geac':1A,4 'zara':2B`) as lexemes with their weights
 * (issue #13, ADR 025). The catalog index reads every product's search_vector this way, so the
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
// positions (not made by to_tsvector, but legal): they count as weight D.
const LEXEME = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;

/** Lexeme → weight bits of every position it has. */
export function parseTsvector(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  for (const match of text.matchAll(LEXEME)) {
    const lexeme = match[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    let mask = 0;
    if (!match[2]) mask = WEIGHT_BITS.D;
    else {
      for (const position of match[2].split(',')) {
        const letter = position.at(-1)!;
        mask |= letter >= 'A' && letter <= 'D' ? WEIGHT_BITS[letter as keyof typeof WEIGHT_BITS] : WEIGHT_BITS.D;
      }
    }
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) | mask);
  }
  return lexemes;
}
