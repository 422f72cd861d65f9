/**
 * Turns the catalogue templates into ~340 concrete second-hand listings: names with the colour
 * adjective in the right gender, prices in lei with discounts, stock, sizes, colours and
 * descriptions that state the condition.
 */
import { COLOURS, LETTER_SIZES, ONE_SIZE, QUALITIES, type ColourName, type Gender, type Quality, type Season } from './attributes.ts';
import type { CategorySlug } from './categories.ts';
import {
  ACCESSORIES,
  BOOKS,
  DECOR,
  ELECTRONICS,
  HOME,
  KIDS,
  KIDS_AGES,
  KITCHEN,
  MEN,
  PHONES,
  SHOES,
  SPORT,
  SPORT_SHOES,
  TOYS,
  WOMEN,
  type ApparelItem,
  type NamedItem,
  type ShoeItem,
} from './catalogue.ts';
import { SHOPS } from './shops.ts';
import type { Random } from '#server/lib/random.ts';
import { slugify } from './seed-helpers.ts';

export interface ProductDraft {
  shopSlug: string;
  categorySlug: CategorySlug;
  name: string;
  slug: string;
  brand: string | null;
  description: string;
  price: number;
  discountPrice: number;
  quantity: number;
  totalSold: number;
  weight: number;
  season: Season | null;
  quality: Quality;
  colours: ColourName[];
  sizes: { name: string; price: number }[];
  imageCount: number;
  /** Age of the listing in days (fractional), for created_at. */
  daysAgo: number;
}

type Kind = 'apparel' | 'shoes' | 'kids' | 'toys' | 'home' | 'books' | 'electronics' | 'sport';

/** The body of a listing; the rest (stock, discount, age) is filled in generically. */
interface Listing {
  name: string;
  brand: string | null;
  price: [number, number];
  weight: [number, number];
  season: Season | null;
  colours: ColourName[];
  sizes: 'letters' | 'one' | 'none' | [number, number];
  kind: Kind;
  /** Extra sentence specific to the listing (book edition, shoe length...). */
  detail?: string;
  /** Quality weights override: [new, like new, very good, good]. */
  qualityWeights?: [number, number, number, number];
}

const colourForm = (name: ColourName, g: Gender) => COLOURS.find((c) => c.name === name)!.forms[g];

function apparel(rng: Random, item: ApparelItem, kind: 'apparel' | 'kids'): Listing {
  const colour = rng.pick(item.colours ?? COLOURS.map((c) => c.name));
  const adjective = colourForm(colour, item.g);
  const detail = rng.pick(item.details);
  const brand = rng.pick(item.brands);
  const pattern = rng.int(0, 2);
  let name =
    pattern === 0
      ? `${item.noun} ${adjective} ${detail}${brand ? `, ${brand}` : ''}`
      : pattern === 1 && brand
        ? `${item.noun} ${brand} ${adjective}, ${detail}`
        : `${item.noun} ${detail}${brand ? ` ${brand}` : ''}, ${adjective}`;
  if (kind === 'kids') name += `, ${rng.pick(KIDS_AGES)}`;
  const colours = [colour];
  if (kind === 'apparel' && rng.chance(0.25)) {
    const second = rng.pick((item.colours ?? COLOURS.map((c) => c.name)).filter((c) => c !== colour));
    if (second) colours.push(second);
  }
  return {
    name,
    brand,
    price: item.price,
    weight: item.weight,
    season: rng.pick(item.seasons),
    colours,
    sizes: kind === 'kids' ? 'none' : (item.sizes ?? 'none'),
    kind,
  };
}

function shoe(rng: Random, item: ShoeItem): Listing {
  const colour = rng.pick(item.colours);
  const model = rng.pick(item.models);
  return {
    name: `${item.noun} ${item.brand} ${model} ${colourForm(colour, item.g)}`,
    brand: item.brand,
    price: item.price,
    weight: item.weight,
    season: rng.pick(item.seasons),
    colours: [colour],
    sizes: item.sizes,
    kind: 'shoes',
  };
}

function named(rng: Random, item: NamedItem, kind: Kind): Listing {
  const variant = item.variants ? rng.pick(item.variants) : null;
  return {
    name: variant ? `${item.name}, ${variant}` : item.name,
    brand: item.brand,
    price: item.price,
    weight: item.weight,
    season: item.seasons ? rng.pick(item.seasons) : null,
    colours: item.colours ? [rng.pick(item.colours)] : [],
    sizes: item.sizes ?? 'none',
    kind,
  };
}

function book(rng: Random): Listing {
  const item = rng.pick(BOOKS);
  const [publisher, from, to] = rng.pick(item.editions);
  const year = rng.int(from, to);
  const old = year < 1995;
  const cover = old ? 'Copertă broșată' : rng.pick(['Copertă broșată', 'Copertă cartonată', 'Copertă broșată cu clapete']);
  return {
    name: `Carte "${item.title}" de ${item.author}, ediție ${year}`,
    brand: publisher,
    price: old ? [item.price[0], Math.max(item.price[0] + 5, Math.round(item.price[1] * 0.8))] : item.price,
    weight: [0.2, 0.7],
    season: null,
    colours: [],
    sizes: 'none',
    kind: 'books',
    detail: `${publisher}, ${year}, ${rng.int(12, 64) * 10} de pagini. ${cover}.${item.children ? ' Carte pentru copii și tineri.' : ''}`,
    qualityWeights: old ? [0, 0.1, 0.5, 0.4] : [0.15, 0.4, 0.35, 0.1],
  };
}

const CONDITION: Record<Quality, string[]> = {
  'Nou cu etichetă': [
    'Produs nou, cu eticheta originală, nefolosit niciodată.',
    'Nou-nouț, primit cadou și nefolosit; are încă eticheta atașată.',
  ],
  'Ca nou': [
    'Folosit de foarte puține ori, arată ca nou și nu are urme de uzură.',
    'Stare impecabilă: a fost folosit doar la câteva ocazii.',
  ],
  'Foarte bun': [
    'Stare foarte bună, cu urme minime de folosire, vizibile doar de aproape.',
    'Îngrijit și curat, are doar ușoare semne de folosire normală.',
  ],
  Bun: [
    'Stare bună, cu mici urme de uzură pe care le vezi în fotografii, fără defecte care să-i afecteze folosirea.',
    'Are urme vizibile de folosire, dar este întreg și funcțional; prețul ține cont de asta.',
  ],
};

const BOOK_CONDITION: Record<Quality, string> = {
  'Nou cu etichetă': 'Exemplar nou, necitit, cu coperta fără nicio urmă.',
  'Ca nou': 'Citită o singură dată, fără sublinieri sau pagini îndoite.',
  'Foarte bun': 'Exemplar îngrijit, cu paginile ușor îngălbenite de vreme și fără sublinieri.',
  Bun: 'Cotorul are urme de folosire și câteva pagini sunt îngălbenite, dar cartea este completă.',
};

const ELECTRONICS_NEW = 'Desigilat doar pentru verificare, practic nou, cu toate accesoriile în cutie.';

const KIND_SENTENCES: Record<Kind, string[]> = {
  apparel: [
    'Piesa a fost spălată și călcată înainte de fotografiere.',
    'Materialul este plăcut la atingere și nu are scame.',
    'Îți trimitem măsurătorile exacte la cerere.',
    'Mărimea corespunde etichetei, iar croiala vine bine pe corp.',
  ],
  shoes: ['Perechea a fost curățată și dezinfectată înainte de fotografiere.', 'Talpa nu este tocită, iar interiorul este curat.'],
  kids: ['Hăinuța a fost spălată cu detergent hipoalergenic și este gata de purtat.', 'Vine dintr-o casă fără animale și fără fumători.'],
  toys: ['Jucăria a fost curățată și verificată, nu lipsește nicio piesă.', 'Vine dintr-o casă fără animale și fără fumători.'],
  home: [
    'Obiectul a fost curățat cu grijă și verificat.',
    'Împachetăm totul în folie cu bule, ca să ajungă în siguranță.',
    'Are farmecul obiectelor făcute să dureze.',
  ],
  books: [],
  electronics: ['Testat complet în service-ul nostru și resetat la setările din fabrică.', 'Se livrează cu factură și 6 luni garanție.'],
  sport: [
    'Echipamentul a fost verificat și este gata de folosit.',
    'Potrivit atât pentru începători, cât și pentru cei care fac sport regulat.',
  ],
};

function weighted<T>(rng: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = rng.next() * total;
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A price in the range, ending in .00, .50 or .99 like real listings. */
function priceIn(rng: Random, [min, max]: [number, number]): number {
  const whole = rng.int(min, max - 1);
  return round2(whole + rng.pick([0, 0, 0.5, 0.99, 0.99]));
}

/** 10-50% off, ending in .99 or .50, always clearly below the price. */
export function discountOf(rng: Random, price: number, minPct = 0.1, maxPct = 0.48): number {
  const target = price * (1 - rng.float(minPct, maxPct));
  let value = Math.floor(target) + (rng.chance(0.5) ? 0.99 : 0.5);
  if (value > target) value = Math.floor(target) - 0.01;
  return round2(Math.max(value, 0.99));
}

function shoeLength(size: number) {
  return (Math.round(((size * 2) / 3 - 1.2) * 2) / 2).toFixed(1).replace('.', ',');
}

function finish(rng: Random, shop: (typeof SHOPS)[number], categorySlug: CategorySlug, listing: Listing, index: number): ProductDraft {
  const quality = weighted(rng, QUALITIES, listing.qualityWeights ?? [0.12, 0.33, 0.35, 0.2]);
  const roll = rng.next();
  const quantity = roll < 0.6 ? 1 : roll < 0.9 ? rng.int(2, 8) : roll < 0.98 ? 0 : rng.int(10, 20);
  const price = priceIn(rng, listing.price);
  const discountPrice = rng.chance(0.4) ? discountOf(rng, price) : 0;

  const sizes: ProductDraft['sizes'] = [];
  const sizeCount = quantity <= 1 ? 1 : Math.min(quantity, weighted(rng, [1, 2, 3], [0.55, 0.3, 0.15]));
  if (listing.sizes === 'one') sizes.push({ name: ONE_SIZE, price: 0 });
  else if (listing.sizes === 'letters') {
    const start = rng.int(0, LETTER_SIZES.length - sizeCount);
    for (let i = start; i < start + sizeCount; i++) {
      const name = LETTER_SIZES[i]!;
      const large = name === 'XL' || name === 'XXL';
      sizes.push({ name, price: sizeCount > 1 && large ? (name === 'XXL' ? 10 : 5) : 0 });
    }
  } else if (Array.isArray(listing.sizes)) {
    const [lo, hi] = listing.sizes;
    const start = rng.int(lo, hi - sizeCount + 1);
    for (let s = start; s < start + sizeCount; s++)
      sizes.push({ name: String(s), price: sizeCount > 1 && s >= 44 ? (s === 45 ? 10 : 5) : 0 });
  }

  const sentences: string[] = [];
  if (listing.kind === 'books') sentences.push(BOOK_CONDITION[quality]);
  else if (listing.kind === 'electronics' && quality === 'Nou cu etichetă') sentences.push(ELECTRONICS_NEW);
  else sentences.push(rng.pick(CONDITION[quality]));
  if (listing.detail) sentences.push(listing.detail);
  if (listing.kind === 'shoes' && sizes[0]) sentences.push(`Lungimea interioară a tălpii este de ${shoeLength(Number(sizes[0].name))} cm.`);
  if (listing.kind === 'electronics' && /^(Telefon|Laptop|Tabletă|Smartwatch|Căști|Cititor)/.test(listing.name)) {
    sentences.push(`Bateria are ${rng.int(82, 100)}% din capacitatea inițială.`);
  }
  const pool = KIND_SENTENCES[listing.kind];
  if (pool.length) sentences.push(rng.pick(pool));
  sentences.push(`Trimitem prin curier sau în easybox; din ${shop.city} se poate ridica și personal.`);

  const slugSuffix = (46656 + index * 97 + rng.int(0, 96)).toString(36);
  const soldOut = quantity === 0;
  return {
    shopSlug: shop.slug,
    categorySlug,
    name: listing.name,
    slug: `${slugify(listing.name)}-${slugSuffix}`,
    brand: listing.brand,
    description: sentences.join(' '),
    price,
    discountPrice,
    quantity,
    totalSold: soldOut ? rng.int(1, 60) : Math.floor(rng.next() ** 2 * 61),
    weight: Math.round(rng.float(listing.weight[0], listing.weight[1]) * 1000) / 1000,
    season: listing.season,
    quality,
    colours: listing.colours,
    sizes,
    imageCount: weighted(rng, [1, 2, 3], [0.3, 0.4, 0.3]),
    daysAgo: rng.float(0, 120),
  };
}

/** [shop slug, category, how many, listing maker] */
type Plan = [string, CategorySlug, number, (rng: Random) => Listing];

const PLAN: Plan[] = [
  ['garderoba-bunicii', 'imbracaminte-femei', 36, (r) => apparel(r, r.pick(WOMEN), 'apparel')],
  ['garderoba-bunicii', 'imbracaminte-barbati', 26, (r) => apparel(r, r.pick(MEN), 'apparel')],
  ['garderoba-bunicii', 'accesorii', 14, (r) => apparel(r, r.pick(ACCESSORIES), 'apparel')],
  ['pasi-second', 'incaltaminte', 38, (r) => shoe(r, r.pick(SHOES))],
  ['pasi-second', 'sport', 6, (r) => shoe(r, r.pick(SPORT_SHOES))],
  ['pitic-boutique', 'copii', 28, (r) => apparel(r, r.pick(KIDS), 'kids')],
  ['pitic-boutique', 'jucarii', 22, (r) => named(r, r.pick(TOYS), 'toys')],
  ['casa-cu-povesti', 'casa-si-gradina', 18, (r) => named(r, r.pick(HOME), 'home')],
  ['casa-cu-povesti', 'bucatarie', 18, (r) => named(r, r.pick(KITCHEN), 'home')],
  ['casa-cu-povesti', 'decoratiuni', 16, (r) => named(r, r.pick(DECOR), 'home')],
  ['anticariatul-literar', 'carti', 46, (r) => book(r)],
  ['retech-timisoara', 'telefoane', 22, (r) => named(r, r.pick(PHONES), 'electronics')],
  ['retech-timisoara', 'electronice', 26, (r) => named(r, r.pick(ELECTRONICS), 'electronics')],
  ['sport-reloaded', 'sport', 22, (r) => named(r, r.pick(SPORT), 'sport')],
];

/** All listings, oldest first (so ids grow with created_at, as in a real shop). */
export function generateProducts(rng: Random): ProductDraft[] {
  const drafts: ProductDraft[] = [];
  for (const [shopSlug, category, count, make] of PLAN) {
    const shop = SHOPS.find((s) => s.slug === shopSlug)!;
    for (let i = 0; i < count; i++) drafts.push(finish(rng, shop, category, make(rng), drafts.length));
  }
  return drafts.sort((a, b) => b.daysAgo - a.daysAgo);
}
