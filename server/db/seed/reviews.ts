/**
 * Seeded reviews (issue 37, ADR 033): every shop's rating comes from reviews written the way a
 * shopper writes one — by a seeded shopper, for a delivered order of theirs, one per order. So the
 * seed has the orders (one product of the shop each, delivered, with its status history), and the
 * trigger of migration 0016 computes each shop's rating and count from the reviews. Deterministic:
 * the seed's own random generator; the same database every time.
 *
 * The shoppers have a name and nothing to sign in with (no phone, e-mail or password): they exist
 * so that the reviews are traceable to real rows, not as accounts anyone uses.
 */
import type { Database } from '../client.ts';
import { orderItems, orders, orderStatusHistory, shopReviews, users } from '../schema.ts';
import type { Random } from '#server/lib/random.ts';
import { chunks, DAY_MS } from './seed-helpers.ts';
import type { ShopDef } from './shops.ts';

const FIRST_NAMES = [
  'Maria',
  'Elena',
  'Ioana',
  'Andreea',
  'Ana',
  'Cristina',
  'Mihaela',
  'Alexandra',
  'Daniela',
  'Roxana',
  'Irina',
  'Simona',
  'Gabriela',
  'Oana',
  'Raluca',
  'Andrei',
  'Alexandru',
  'Mihai',
  'Ion',
  'George',
  'Bogdan',
  'Radu',
  'Cristian',
  'Florin',
  'Adrian',
  'Vlad',
  'Ștefan',
  'Tudor',
  'Sorin',
  'Călin',
];
const LAST_NAMES = [
  'Popescu',
  'Ionescu',
  'Popa',
  'Radu',
  'Dumitru',
  'Stan',
  'Stoica',
  'Gheorghe',
  'Matei',
  'Ciobanu',
  'Rusu',
  'Munteanu',
  'Constantin',
  'Marin',
  'Tudor',
  'Florea',
  'Dinu',
  'Moldovan',
  'Șerban',
  'Lungu',
  'Barbu',
  'Neagu',
  'Toma',
  'Ene',
  'Oprea',
  'Mocanu',
  'Vasile',
  'Cozma',
  'Pavel',
  'Ardeleanu',
];
const SHOPPERS = 48;

/** Texts by stars (index 0: one star); null entries make reviews with stars only. */
const TEXTS: (string | null)[][] = [
  [
    'Produsul nu arăta deloc ca în poze, avea o pată mare pe spate care nu era menționată. Am cerut retur și încă aștept banii.',
    'Coletul a ajuns după trei săptămâni, fără niciun mesaj de la magazin. Dezamăgitor.',
    'Mărimea era alta decât cea din anunț. Nu recomand.',
    null,
  ],
  [
    'Starea era mai slabă decât „foarte bună”, cum scria în anunț. Au răspuns totuși la mesaje și mi-au dat un mic discount.',
    'Livrare lentă, iar ambalajul era rupt. Produsul în sine e în regulă.',
    'Se vede uzura la cusături, nu era menționată. Prețul ar fi trebuit să fie mai mic.',
    null,
  ],
  [
    'Corect pentru preț, dar a durat ceva până au expediat comanda.',
    'Produsul e ok, cu mici urme de purtare. Comunicarea putea fi mai bună.',
    'Exact ce mă așteptam de la un articol second-hand, nimic în plus. Ambalare simplă.',
    'Mi-a plăcut produsul, dar curierul a întârziat două zile.',
    null,
  ],
  [
    'Produs în stare foarte bună, exact ca în descriere. Livrare în trei zile. Recomand!',
    'Am primit coletul bine împachetat, hainele erau spălate și călcate. Doar livrarea a durat puțin mai mult.',
    'Raport calitate-preț foarte bun. Vânzătorul a răspuns repede la întrebări.',
    'Totul conform anunțului. Aș fi vrut doar mai multe poze cu detaliile.',
    'Mulțumită de achiziție, voi mai comanda.',
    null,
    null,
  ],
  [
    'Minunat! Arată ca nou, iar mirosul de curat m-a surprins plăcut. Mulțumesc frumos!',
    'Cea mai bună experiență second-hand de până acum: descriere cinstită, poze reale, livrare rapidă.',
    'Am primit și un bilețel scris de mână. Produsul e impecabil, recomand cu căldură!',
    'Exact ce căutam, la jumătate din prețul din magazin. Ambalare atentă, totul perfect.',
    'Comunicare excelentă și expediere chiar a doua zi. Voi reveni sigur.',
    'Calitate foarte bună, mărimea corectă, livrare rapidă în Cluj. Super!',
    'Sunt încântată, produsul e chiar mai frumos decât în poze.',
    null,
    null,
    null,
  ],
];

export interface SeedProductRef {
  id: number;
  shopSlug: string;
  name: string;
  brand: string | null;
  price: number;
  discountPrice: number;
  weight: number;
}

const money = (value: number) => Math.round(value * 100) / 100;

export async function seedReviews(
  tx: Database,
  rng: Random,
  input: { shops: readonly ShopDef[]; shopId: (slug: string) => number; products: readonly SeedProductRef[]; now: number },
) {
  const shopperRows = Array.from({ length: SHOPPERS }, (_, i) => ({
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${rng.pick(LAST_NAMES)}`,
    createdAt: new Date(input.now - rng.int(200, 400) * DAY_MS),
  }));
  const shopperIds = (await tx.insert(users).values(shopperRows).returning({ id: users.id })).map((u) => u.id);

  interface Draft {
    shop: ShopDef;
    stars: number;
    product: SeedProductRef;
    userId: number;
    orderedAt: Date;
    deliveredAt: Date;
    reviewedAt: Date;
  }
  const drafts: Draft[] = [];
  for (const shop of input.shops) {
    const goods = input.products.filter((p) => p.shopSlug === shop.slug);
    const stars = rng.shuffle(shop.reviewStars.flatMap((n, i) => Array.from({ length: n }, () => i + 1)));
    // One shopper reviews a shop at most once (they may have bought more, but seed one order each).
    const buyers = rng.sample(shopperIds, stars.length);
    stars.forEach((rating, i) => {
      const daysAgo = rng.int(6, Math.min(shop.joinedDaysAgo - 1, 300));
      const orderedAt = new Date(input.now - daysAgo * DAY_MS - rng.int(0, 86_000) * 1000);
      const deliveredAt = new Date(orderedAt.getTime() + rng.int(2, 5) * DAY_MS);
      const reviewedAt = new Date(deliveredAt.getTime() + rng.int(1, 4) * DAY_MS + rng.int(0, 86_000) * 1000);
      drafts.push({ shop, stars: rating, product: rng.pick(goods), userId: buyers[i]!, orderedAt, deliveredAt, reviewedAt });
    });
  }

  const orderRows = drafts.map((d) => {
    const unit = d.product.discountPrice > 0 ? d.product.discountPrice : d.product.price;
    const delivery = d.product.weight <= 1 ? d.shop.delivery[0] : d.product.weight <= 5 ? d.shop.delivery[1] : d.shop.delivery[2];
    const payable = money(unit + delivery);
    const hex = Array.from({ length: 10 }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join('');
    return {
      number: `TLC-${hex}`,
      userId: d.userId,
      shopId: 0,
      status: 'delivered' as const,
      paymentMethod: 'cash' as const,
      paymentStatus: 'paid' as const,
      address: {
        name: 'Adresă de livrare',
        phone: '',
        county: d.shop.city,
        locality: d.shop.city,
        street: '—',
        postal_code: '',
        type: 'home',
        country: 'România',
      },
      totalAmount: unit,
      deliveryCharge: delivery,
      payableAmount: payable,
      taxAmount: money((payable * 21) / 121),
      weight: d.product.weight,
      createdAt: d.orderedAt,
      updatedAt: d.deliveredAt,
    };
  });
  drafts.forEach((d, i) => (orderRows[i]!.shopId = input.shopId(d.shop.slug)));

  const orderIds: number[] = [];
  for (const batch of chunks(orderRows))
    orderIds.push(...(await tx.insert(orders).values(batch).returning({ id: orders.id })).map((o) => o.id));

  const items = drafts.map((d, i) => {
    const unit = d.product.discountPrice > 0 ? d.product.discountPrice : d.product.price;
    return {
      orderId: orderIds[i]!,
      productId: d.product.id,
      name: d.product.name,
      brand: d.product.brand,
      thumbnail: `/media/products/${d.product.id}-1.svg`,
      quantity: 1,
      price: d.product.price,
      unitPrice: unit,
      lineTotal: unit,
      weight: d.product.weight,
    };
  });
  for (const batch of chunks(items)) await tx.insert(orderItems).values(batch);

  const steps = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'] as const;
  const history = drafts.flatMap((d, i) =>
    steps.map((status, k) => ({
      orderId: orderIds[i]!,
      status,
      note: null,
      createdAt: new Date(d.orderedAt.getTime() + ((d.deliveredAt.getTime() - d.orderedAt.getTime()) * k) / (steps.length - 1)),
    })),
  );
  for (const batch of chunks(history)) await tx.insert(orderStatusHistory).values(batch);

  const reviews = drafts.map((d, i) => ({
    orderId: orderIds[i]!,
    shopId: input.shopId(d.shop.slug),
    userId: d.userId,
    rating: d.stars,
    text: rng.pick(TEXTS[d.stars - 1]!),
    createdAt: d.reviewedAt,
  }));
  for (const batch of chunks(reviews)) await tx.insert(shopReviews).values(batch);
}
