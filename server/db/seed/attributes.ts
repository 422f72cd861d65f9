/** Filter-set options (product §3 Filter sets): seasons, qualities, colours and sizes. */

export const SEASONS = ['Primăvară', 'Vară', 'Toamnă', 'Iarnă'] as const;
export type Season = (typeof SEASONS)[number];

export const QUALITIES = ['Nou cu etichetă', 'Ca nou', 'Foarte bun', 'Bun'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Grammatical form a colour adjective takes: m = masculine/neuter singular, f = feminine singular,
 * mp = masculine plural, fp = feminine (and neuter) plural. */
export type Gender = 'm' | 'f' | 'mp' | 'fp';

export interface ColourDef {
  name: string;
  forms: Record<Gender, string>;
}

const same = (word: string): Record<Gender, string> => ({ m: word, f: word, mp: word, fp: word });

export const COLOURS: ColourDef[] = [
  { name: 'Negru', forms: { m: 'negru', f: 'neagră', mp: 'negri', fp: 'negre' } },
  { name: 'Alb', forms: { m: 'alb', f: 'albă', mp: 'albi', fp: 'albe' } },
  { name: 'Gri', forms: same('gri') },
  { name: 'Albastru', forms: { m: 'albastru', f: 'albastră', mp: 'albaștri', fp: 'albastre' } },
  { name: 'Bleumarin', forms: same('bleumarin') },
  { name: 'Roșu', forms: { m: 'roșu', f: 'roșie', mp: 'roșii', fp: 'roșii' } },
  { name: 'Verde', forms: { m: 'verde', f: 'verde', mp: 'verzi', fp: 'verzi' } },
  { name: 'Bej', forms: same('bej') },
  { name: 'Maro', forms: same('maro') },
  { name: 'Roz', forms: same('roz') },
  { name: 'Galben', forms: { m: 'galben', f: 'galbenă', mp: 'galbeni', fp: 'galbene' } },
  { name: 'Mov', forms: same('mov') },
];
export type ColourName = (typeof COLOURS)[number]['name'];

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'] as const;
export const ONE_SIZE = 'Mărime unică';
export const SIZES = [...LETTER_SIZES, ...SHOE_SIZES, ONE_SIZE];

export function attributeRows() {
  return [
    ...SEASONS.map((name, position) => ({ kind: 'season' as const, name, position })),
    ...QUALITIES.map((name, position) => ({ kind: 'quality' as const, name, position })),
    ...COLOURS.map((c, position) => ({ kind: 'color' as const, name: c.name, position })),
    ...SIZES.map((name, position) => ({ kind: 'size' as const, name, position })),
  ];
}
