/**
 * The judged query set of issue #13: what Romanian shoppers type into a marketplace search box,
 * each with the products a shopper means. Judgments are predicates over a product's plain fields
 * (name, brand, category, description), so they hold on the seeded catalog and on bench:api's
 * synthetic 100 000 products alike (those copy seeded products with extra words in the name and
 * sometimes another brand). They were written from the catalogue (server/db/seed/catalogue.ts)
 * and what a shopper means, not from the search's output.
 */
import { normalizeSearchText } from '#server/lib/search-text.ts';

export interface JudgedProduct {
  name: string;
  brand: string | null;
  category: string;
  description: string;
}

export interface JudgedQuery {
  query: string;
  kind:
    | 'plural'
    | 'article'
    | 'diminutive'
    | 'no diacritics'
    | 'cedilla'
    | 'typo'
    | 'brand'
    | 'synonym'
    | 'two words'
    | 'three words'
    | 'category';
  relevant: (p: JudgedProduct) => boolean;
}

const words = (text: string | null) =>
  normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** The listing is this kind of item: the name starts with the noun (folded, one or more words). */
const noun =
  (...nouns: string[]) =>
  (p: JudgedProduct) => {
    const name = words(p.name).join(' ');
    return nouns.some((n) => name === normalizeSearchText(n) || name.startsWith(`${normalizeSearchText(n)} `));
  };
const brand =
  (...brands: string[]) =>
  (p: JudgedProduct) =>
    brands.some((b) => normalizeSearchText(p.brand) === normalizeSearchText(b));
const nameHas = (word: string) => (p: JudgedProduct) => words(p.name).includes(normalizeSearchText(word));
const category = (slug: string) => (p: JudgedProduct) => p.category === slug;
const all =
  (...tests: ((p: JudgedProduct) => boolean)[]) =>
  (p: JudgedProduct) =>
    tests.every((test) => test(p));
const any =
  (...tests: ((p: JudgedProduct) => boolean)[]) =>
  (p: JudgedProduct) =>
    tests.some((test) => test(p));
const CHILDREN_BOOKS = [
  'Amintiri din copilărie',
  'Fram, ursul polar',
  'Cireșarii',
  'Toate pânzele sus!',
  'Micul prinț',
  'Harry Potter și piatra filozofală',
];

export const JUDGED_QUERIES: JudgedQuery[] = [
  // Plurals (category names and shoppers' habit), irregular ones included.
  { query: 'geci', kind: 'plural', relevant: noun('geacă') },
  { query: 'rochii', kind: 'plural', relevant: noun('rochie', 'rochiță') },
  { query: 'tricouri', kind: 'plural', relevant: noun('tricou') },
  { query: 'pulovere', kind: 'plural', relevant: noun('pulover') },
  { query: 'cămăși', kind: 'plural', relevant: noun('cămașă') },
  { query: 'genți', kind: 'plural', relevant: noun('geantă') },
  { query: 'oglinzi', kind: 'plural', relevant: noun('oglindă') },
  { query: 'tigăi', kind: 'plural', relevant: noun('tigaie') },
  { query: 'telefoane', kind: 'plural', relevant: noun('telefon') },
  { query: 'fuste', kind: 'plural', relevant: noun('fustă') },
  { query: 'bluze', kind: 'plural', relevant: noun('bluză') },
  { query: 'hanorace', kind: 'plural', relevant: noun('hanorac') },
  { query: 'paltoane', kind: 'plural', relevant: noun('palton') },
  { query: 'sacouri', kind: 'plural', relevant: noun('sacou') },
  { query: 'ceasuri', kind: 'plural', relevant: noun('ceas') },
  { query: 'portofele', kind: 'plural', relevant: noun('portofel') },
  { query: 'pijamale', kind: 'plural', relevant: noun('pijama') },
  { query: 'căciuli', kind: 'plural', relevant: noun('căciulă') },
  { query: 'eșarfe', kind: 'plural', relevant: noun('eșarfă') },
  { query: 'curele', kind: 'plural', relevant: noun('curea') },
  { query: 'laptopuri', kind: 'plural', relevant: noun('laptop') },
  { query: 'tablete', kind: 'plural', relevant: noun('tabletă') },
  { query: 'biciclete', kind: 'plural', relevant: noun('bicicletă') },
  { query: 'covoare', kind: 'plural', relevant: noun('covor') },
  { query: 'vaze', kind: 'plural', relevant: noun('vază') },
  { query: 'păpuși', kind: 'plural', relevant: any(noun('păpușă'), noun('casă de păpuși')) },
  { query: 'jucării', kind: 'category', relevant: category('jucarii') },
  // Definite articles.
  { query: 'gecile', kind: 'article', relevant: noun('geacă') },
  { query: 'rochiile', kind: 'article', relevant: noun('rochie', 'rochiță') },
  { query: 'tricourile', kind: 'article', relevant: noun('tricou') },
  { query: 'telefoanele', kind: 'article', relevant: noun('telefon') },
  { query: 'cărțile', kind: 'article', relevant: noun('carte') },
  // Diminutives.
  { query: 'rochiță', kind: 'diminutive', relevant: noun('rochie', 'rochiță') },
  { query: 'rochițe', kind: 'diminutive', relevant: noun('rochie', 'rochiță') },
  { query: 'gecuță', kind: 'diminutive', relevant: noun('geacă') },
  // Without diacritics.
  { query: 'geaca', kind: 'no diacritics', relevant: noun('geacă') },
  { query: 'caciula', kind: 'no diacritics', relevant: noun('căciulă') },
  { query: 'palarie', kind: 'no diacritics', relevant: noun('pălărie') },
  { query: 'esarfa', kind: 'no diacritics', relevant: noun('eșarfă') },
  { query: 'carti', kind: 'no diacritics', relevant: noun('carte') },
  { query: 'incaltaminte', kind: 'category', relevant: category('incaltaminte') },
  // One wrong, missing, doubled or swapped letter.
  { query: 'gaeca', kind: 'typo', relevant: noun('geacă') },
  { query: 'rochje', kind: 'typo', relevant: noun('rochie', 'rochiță') },
  { query: 'tricuo', kind: 'typo', relevant: noun('tricou') },
  { query: 'pulvoer', kind: 'typo', relevant: noun('pulover') },
  { query: 'telefno', kind: 'typo', relevant: noun('telefon') },
  { query: 'pantalnoi', kind: 'typo', relevant: noun('pantaloni') },
  { query: 'hanroac', kind: 'typo', relevant: noun('hanorac') },
  { query: 'sandalle', kind: 'typo', relevant: noun('sandale') },
  { query: 'bicicelta', kind: 'typo', relevant: noun('bicicletă') },
  // Brands.
  { query: 'adidas', kind: 'brand', relevant: brand('Adidas') },
  { query: 'nike', kind: 'brand', relevant: brand('Nike') },
  { query: 'zara', kind: 'brand', relevant: brand('Zara') },
  { query: "levi's", kind: 'brand', relevant: brand("Levi's") },
  { query: 'samsung', kind: 'brand', relevant: brand('Samsung') },
  { query: 'lego', kind: 'brand', relevant: brand('Lego') },
  { query: 'iphone', kind: 'brand', relevant: nameHas('iphone') },
  { query: 'humanitas', kind: 'brand', relevant: brand('Editura Humanitas') },
  // Synonyms.
  { query: 'sneakers', kind: 'synonym', relevant: noun('adidași') },
  { query: 'jachetă', kind: 'synonym', relevant: noun('geacă') },
  { query: 'jeanși', kind: 'synonym', relevant: noun('blugi') },
  { query: 'hoodie', kind: 'synonym', relevant: noun('hanorac') },
  { query: 'smartphone', kind: 'synonym', relevant: noun('telefon') },
  { query: 'notebook', kind: 'synonym', relevant: noun('laptop') },
  { query: 'poșetă', kind: 'synonym', relevant: noun('geantă') },
  // Two and three words, across fields.
  { query: 'pantofi sport', kind: 'two words', relevant: any(noun('adidași'), noun('pantofi de alergare')) },
  {
    query: 'cărți copii',
    kind: 'two words',
    relevant: all(category('carti'), (p) => CHILDREN_BOOKS.some((title) => p.name.includes(`"${title}"`))),
  },
  { query: 'geacă zara', kind: 'two words', relevant: all(noun('geacă'), brand('Zara')) },
  { query: 'adidași nike', kind: 'two words', relevant: all(noun('adidași'), brand('Nike')) },
  { query: 'telefon samsung', kind: 'two words', relevant: all(noun('telefon'), brand('Samsung')) },
  { query: 'set lego', kind: 'two words', relevant: all(noun('set lego')) },
  { query: 'blugi levis', kind: 'two words', relevant: all(noun('blugi'), brand("Levi's")) },
  { query: 'minge fotbal', kind: 'two words', relevant: noun('minge de fotbal') },
  { query: 'geacă din piele', kind: 'three words', relevant: all(noun('geacă'), nameHas('piele')) },
  { query: 'pulover din lână', kind: 'three words', relevant: all(noun('pulover'), nameHas('lână')) },
  { query: 'joc de societate', kind: 'three words', relevant: noun('joc de societate') },
  { query: 'ceas de perete', kind: 'three words', relevant: noun('ceas de perete') },
];
