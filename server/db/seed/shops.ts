/** The shops of the marketplace, their delivery bands and vouchers. */
import type { CategorySlug } from './categories.ts';

export interface ShopDef {
  slug: string;
  name: string;
  city: string;
  /**
   * How many seeded reviews give 1, 2, 3, 4 and 5 stars (issue 37): each one is written through a
   * delivered order of a seeded shopper (seed/reviews.ts); the rating shown is computed from them.
   */
  reviewStars: [number, number, number, number, number];
  phone: string;
  email: string;
  description: string;
  /** Voucher code prefix, e.g. GARDEROBA → GARDEROBA10, GARDEROBA15. */
  voucherPrefix: string;
  /** Delivery price per weight band [up to 1 kg, up to 5 kg, up to 30 kg]. */
  delivery: [number, number, number];
  /** Days since the shop joined. */
  joinedDaysAgo: number;
  categories: CategorySlug[];
}

export const SHOPS: ShopDef[] = [
  {
    slug: 'garderoba-bunicii',
    name: 'Garderoba Bunicii',
    city: 'Cluj-Napoca',
    reviewStars: [0, 1, 1, 5, 21],
    phone: '+40 744 512 309',
    email: 'salut@garderobabunicii.ro',
    description:
      'Haine second-hand alese bucată cu bucată, spălate și verificate înainte de a ajunge la tine. Avem de toate, de la rochii vintage la geci de piele și paltoane de lână. Fiecare piesă are fotografii reale și descrierea defectelor, dacă există.',
    voucherPrefix: 'GARDEROBA',
    delivery: [15.99, 19.99, 29.99],
    joinedDaysAgo: 900,
    categories: ['imbracaminte-femei', 'imbracaminte-barbati', 'accesorii'],
  },
  {
    slug: 'pasi-second',
    name: 'Pași Second',
    city: 'Iași',
    reviewStars: [1, 1, 2, 8, 12],
    phone: '+40 752 118 640',
    email: 'comenzi@pasisecond.ro',
    description:
      'Încălțăminte de calitate la a doua purtare: adidași, ghete, cizme și pantofi de piele. Curățăm și dezinfectăm fiecare pereche, iar tălpile sunt măsurate în centimetri. Dacă mărimea nu se potrivește, o schimbăm.',
    voucherPrefix: 'PASI',
    delivery: [17.99, 21.99, 31.99],
    joinedDaysAgo: 640,
    categories: ['incaltaminte', 'sport'],
  },
  {
    slug: 'pitic-boutique',
    name: 'Pitic Boutique',
    city: 'Brașov',
    reviewStars: [0, 0, 1, 3, 22],
    phone: '+40 733 905 271',
    email: 'hello@piticboutique.ro',
    description:
      'Hăinuțe și jucării pentru cei mici, purtate puțin și iubite mult. Copiii cresc repede, așa că îți oferim lucruri aproape noi la jumătate de preț. Toate jucăriile sunt complete și curățate.',
    voucherPrefix: 'PITIC',
    delivery: [14.99, 18.99, 27.99],
    joinedDaysAgo: 510,
    categories: ['copii', 'jucarii'],
  },
  {
    slug: 'casa-cu-povesti',
    name: 'Casa cu Povești',
    city: 'Sibiu',
    reviewStars: [0, 1, 2, 6, 15],
    phone: '+40 769 440 128',
    email: 'contact@casacupovesti.ro',
    description:
      'Obiecte pentru casă cu istorie: veioze, porțelan, vase de bucătărie și decorațiuni găsite prin poduri și târguri ardelenești. Le curățăm, le reparăm când e cazul și le împachetăm cu grijă.',
    voucherPrefix: 'POVESTI',
    delivery: [18.99, 24.99, 39.99],
    joinedDaysAgo: 420,
    categories: ['casa-si-gradina', 'bucatarie', 'decoratiuni'],
  },
  {
    slug: 'anticariatul-literar',
    name: 'Anticariatul Literar',
    city: 'București',
    reviewStars: [0, 1, 2, 7, 24],
    phone: '+40 721 338 904',
    email: 'anticariat@literar.ro',
    description:
      'Anticariat cu peste zece mii de volume: clasici români, literatură universală, cărți pentru copii și ediții vechi de colecție. Descriem cinstit starea fiecărei cărți, inclusiv sublinierile și dedicațiile.',
    voucherPrefix: 'LITERAR',
    delivery: [12.99, 16.99, 24.99],
    joinedDaysAgo: 1200,
    categories: ['carti'],
  },
  {
    slug: 'retech-timisoara',
    name: 'ReTech Timișoara',
    city: 'Timișoara',
    reviewStars: [1, 2, 3, 7, 8],
    phone: '+40 756 201 773',
    email: 'service@retech-tm.ro',
    description:
      'Telefoane, laptopuri și gadgeturi second-hand testate în service-ul nostru. Fiecare produs are bateria verificată și vine cu 6 luni garanție. Ștergem datele complet și resetăm dispozitivele la setările din fabrică.',
    voucherPrefix: 'RETECH',
    delivery: [19.99, 24.99, 34.99],
    joinedDaysAgo: 300,
    categories: ['electronice', 'telefoane'],
  },
  {
    slug: 'sport-reloaded',
    name: 'Sport Reloaded',
    city: 'Oradea',
    reviewStars: [2, 2, 3, 5, 6],
    phone: '+40 747 663 015',
    email: 'info@sportreloaded.ro',
    description:
      'Echipament sportiv folosit, în stare bună: biciclete, rachete, gantere și tot ce îți trebuie pentru drumeții. Prețuri mici pentru cei care vor să înceapă un sport fără investiții mari.',
    voucherPrefix: 'RELOADED',
    delivery: [16.99, 22.99, 35.99],
    joinedDaysAgo: 150,
    categories: ['sport'],
  },
];
