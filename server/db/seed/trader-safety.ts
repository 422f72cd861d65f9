/**
 * Seed data of issue 36 (ADR 031): each shop's trader identity (Romanian SRL/PFA/II with valid CUIs
 * and both trade-register formats), each product's condition and notes, and the product safety
 * information a real catalogue carries (manufacturers by brand; outside the EU with an EU
 * responsible person; warnings for toys, electrical items and kitchenware). Nothing here draws
 * from the seed's random stream: conditions follow the listing's quality and description, so the
 * rest of the seed stays as it was.
 *
 * The addresses and e-mails are illustrative (a demo catalogue), not the brands' real contacts.
 */
import { traderIdentityInputSchema, type TraderIdentityInput } from '#contract/trader.ts';
import type { ProductCondition } from '#contract/item-condition.ts';
import type { Quality } from './attributes.ts';
import type { CategorySlug } from './categories.ts';

/** Per shop slug; a shop absent here would have no identity and not be listed (every seeded shop has one). */
const TRADERS: Record<string, TraderIdentityInput & { certifiedDaysAgo: number }> = {
  'garderoba-bunicii': {
    legal_name: 'Garderoba Bunicii SRL',
    cui: 'RO18547290',
    registration_number: 'J12/2417/2016',
    address: 'Str. Horea nr. 45, ap. 3, 400275 Cluj-Napoca, jud. Cluj',
    email: 'juridic@garderobabunicii.ro',
    phone: '0744 512 309',
    certifiedDaysAgo: 120,
  },
  'pasi-second': {
    legal_name: 'Pași Second Trade SRL',
    cui: '38211455',
    registration_number: 'J22/1893/2017',
    address: 'Bd. Independenței nr. 12, bl. B2, 700101 Iași, jud. Iași',
    email: 'contact@pasisecond.ro',
    phone: '0752 118 640',
    certifiedDaysAgo: 95,
  },
  'pitic-boutique': {
    legal_name: 'Ionescu Maria-Elena PFA',
    cui: '41536988',
    registration_number: 'F08/1120/2019',
    address: 'Str. Lungă nr. 88, 500058 Brașov, jud. Brașov',
    email: 'maria.ionescu@piticboutique.ro',
    phone: '0733 905 271',
    certifiedDaysAgo: 80,
  },
  'casa-cu-povesti': {
    legal_name: 'Casa cu Povești Decor SRL',
    cui: 'RO40118251',
    registration_number: 'J32/876/2018',
    address: 'Str. Nicolae Bălcescu nr. 17, 550159 Sibiu, jud. Sibiu',
    email: 'office@casacupovesti.ro',
    phone: '0269 210 447',
    certifiedDaysAgo: 60,
  },
  'anticariatul-literar': {
    legal_name: 'Anticariatul Literar Popescu II',
    cui: '36702618',
    registration_number: 'J2024004512409',
    address: 'Str. Academiei nr. 9, sector 1, 010014 București',
    email: 'carti@anticariatulliterar.ro',
    phone: '021 313 45 80',
    certifiedDaysAgo: 45,
  },
  'retech-timisoara': {
    legal_name: 'ReTech Electronics SRL',
    cui: 'RO44987230',
    registration_number: 'J2024018765350',
    address: 'Calea Aradului nr. 56, 300088 Timișoara, jud. Timiș',
    email: 'legal@retech.ro',
    phone: '0256 490 312',
    certifiedDaysAgo: 30,
  },
  'sport-reloaded': {
    legal_name: 'Sport Reloaded Bihor SRL',
    cui: '39990019',
    registration_number: 'J05/2211/2018',
    address: 'Str. Republicii nr. 33, 410167 Oradea, jud. Bihor',
    email: 'firma@sportreloaded.ro',
    phone: '0359 445 102',
    certifiedDaysAgo: 20,
  },
};

/** The shop's identity as stored (validated by the contract's schema: a seed typo fails the seed, loudly). */
export function seedTraderOf(slug: string, at: (days: number) => Date) {
  const def = TRADERS[slug];
  if (!def) return {};
  const { certifiedDaysAgo, ...input } = def;
  const parsed = traderIdentityInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(`seed: trader identity of ${slug}: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  const t = parsed.data;
  return {
    traderLegalName: t.legal_name,
    traderCui: t.cui,
    traderRegistrationNumber: t.registration_number,
    traderAddress: t.address,
    traderEmail: t.email,
    traderPhone: t.phone,
    traderCertifiedAt: at(-certifiedDaysAgo),
  };
}

/** Condition from the listing's quality; "Bun" items are `good`, or `satisfactory` when worn, with what the description says. */
export function seedConditionOf(
  quality: Quality,
  description: string,
  index: number,
): { condition: ProductCondition; conditionNotes: string | null } {
  switch (quality) {
    case 'Nou cu etichetă':
      return { condition: 'new_with_tags', conditionNotes: null };
    case 'Ca nou':
      return { condition: 'new_without_tags', conditionNotes: null };
    case 'Foarte bun':
      return { condition: 'very_good', conditionNotes: null };
    case 'Bun': {
      // The first sentence of the description is the condition the seller wrote (seed/products.ts).
      const said = description.split(/(?<=\.)\s/)[0]!;
      if (index % 3 === 0)
        return {
          condition: 'satisfactory',
          conditionNotes: `${said} ${SATISFACTORY_NOTES[index % SATISFACTORY_NOTES.length]}`,
        };
      return { condition: 'good', conditionNotes: said };
    }
  }
}

const SATISFACTORY_NOTES = [
  'Are o pată mică, decolorată, vizibilă în a treia fotografie.',
  'Lipsește ambalajul original; marginile sunt roase.',
  'O cusătură este desfăcută pe 2 cm și se poate repara ușor.',
  'Zgârieturi fine pe suprafață, vizibile în lumină puternică.',
];

interface ManufacturerDef {
  name: string;
  address: string;
  email: string;
  countryCode: string;
  euResponsibleName?: string;
  euResponsibleAddress?: string;
  euResponsibleEmail?: string;
}

/** Brands whose manufacturer sits outside the EU/EEA: [company, city and country, ISO code]. */
const NON_EU: Record<string, [string, string, string]> = {
  Apple: ['Apple Inc.', 'One Apple Park Way, Cupertino, CA 95014, SUA', 'US'],
  Samsung: ['Samsung Electronics Co., Ltd.', '129 Samsung-ro, Suwon-si, Gyeonggi-do, Coreea de Sud', 'KR'],
  Sony: ['Sony Group Corporation', '1-7-1 Konan, Minato-ku, Tokyo, Japonia', 'JP'],
  Xiaomi: ['Xiaomi Communications Co., Ltd.', 'Anningzhuang Road, Haidian District, Beijing, China', 'CN'],
  Lenovo: ['Lenovo Group Ltd.', 'Haidian District, Beijing, China', 'CN'],
  Nintendo: ['Nintendo Co., Ltd.', '11-1 Kamitoba Hokotate-cho, Minami-ku, Kyoto, Japonia', 'JP'],
  Canon: ['Canon Inc.', '30-2 Shimomaruko 3-chome, Ohta-ku, Tokyo, Japonia', 'JP'],
  Casio: ['Casio Computer Co., Ltd.', '6-2 Hon-machi 1-chome, Shibuya-ku, Tokyo, Japonia', 'JP'],
  Seiko: ['Seiko Watch Corporation', '1-26-1 Ginza, Chuo-ku, Tokyo, Japonia', 'JP'],
  Asics: ['ASICS Corporation', '1-1 Minatojima-Nakamachi 7-chome, Kobe, Japonia', 'JP'],
  Nike: ['Nike, Inc.', 'One Bowerman Drive, Beaverton, OR 97005, SUA', 'US'],
  Levis: ['Levi Strauss & Co.', '1155 Battery Street, San Francisco, CA 94111, SUA', 'US'],
  Mattel: ['Mattel, Inc.', '333 Continental Blvd., El Segundo, CA 90245, SUA', 'US'],
  'Hot Wheels': ['Mattel, Inc.', '333 Continental Blvd., El Segundo, CA 90245, SUA', 'US'],
  'Fisher-Price': ['Mattel, Inc.', '333 Continental Blvd., El Segundo, CA 90245, SUA', 'US'],
  Hasbro: ['Hasbro, Inc.', '1027 Newport Avenue, Pawtucket, RI 02861, SUA', 'US'],
  GoPro: ['GoPro, Inc.', '3025 Clearview Way, San Mateo, CA 94402, SUA', 'US'],
  Garmin: ['Garmin Switzerland GmbH', 'Mühlentalstrasse 2, 8200 Schaffhausen, Elveția', 'CH'],
  Dell: ['Dell Technologies Inc.', 'One Dell Way, Round Rock, TX 78682, SUA', 'US'],
  HP: ['HP Inc.', '1501 Page Mill Road, Palo Alto, CA 94304, SUA', 'US'],
  Google: ['Google LLC', '1600 Amphitheatre Parkway, Mountain View, CA 94043, SUA', 'US'],
  Microsoft: ['Microsoft Corporation', 'One Microsoft Way, Redmond, WA 98052, SUA', 'US'],
  Amazon: ['Amazon.com Services LLC', '410 Terry Ave N, Seattle, WA 98109, SUA', 'US'],
  Motorola: ['Motorola Mobility LLC', '222 W. Merchandise Mart Plaza, Chicago, IL 60654, SUA', 'US'],
  JBL: ['Harman International Industries, Inc.', '400 Atlantic Street, Stamford, CT 06901, SUA', 'US'],
  Marshall: ['Marshall Amplification plc', 'Denbigh Road, Bletchley, Milton Keynes MK1 1DQ, Regatul Unit', 'GB'],
  'New Balance': ['New Balance Athletics, Inc.', '100 Guest Street, Boston, MA 02135, SUA', 'US'],
  Columbia: ['Columbia Sportswear Company', '14375 NW Science Park Drive, Portland, OR 97229, SUA', 'US'],
  'The North Face': ['VF Outdoor, LLC', '1551 Wewatta Street, Denver, CO 80202, SUA', 'US'],
  Timberland: ['VF Outdoor, LLC', '1551 Wewatta Street, Denver, CO 80202, SUA', 'US'],
  Vans: ['VF Outdoor, LLC', '1551 Wewatta Street, Denver, CO 80202, SUA', 'US'],
  Converse: ['Converse Inc.', '160 N. Washington Street, Boston, MA 02114, SUA', 'US'],
  'Ralph Lauren': ['Ralph Lauren Corporation', '650 Madison Avenue, New York, NY 10022, SUA', 'US'],
  'Michael Kors': ['Michael Kors (USA), Inc.', '11 West 42nd Street, New York, NY 10036, SUA', 'US'],
  Fossil: ['Fossil Group, Inc.', '901 S. Central Expressway, Richardson, TX 75080, SUA', 'US'],
  Guess: ['Guess?, Inc.', '1444 South Alameda Street, Los Angeles, CA 90021, SUA', 'US'],
  Timex: ['Timex Group USA, Inc.', '555 Christian Road, Middlebury, CT 06762, SUA', 'US'],
  Wilson: ['Wilson Sporting Goods Co.', '130 E. Randolph Street, Chicago, IL 60601, SUA', 'US'],
  Spalding: ['Spalding (Authentic Brands Group)', '1411 Broadway, New York, NY 10018, SUA', 'US'],
  Burberry: ['Burberry Limited', 'Horseferry House, Horseferry Road, London SW1P 2AW, Regatul Unit', 'GB'],
  Next: ['Next Retail Ltd.', 'Desford Road, Enderby, Leicester LE19 4AT, Regatul Unit', 'GB'],
  Mothercare: ['Mothercare UK Ltd.', 'Westside 1, London Road, Hemel Hempstead HP3 9TD, Regatul Unit', 'GB'],
  'Dr. Martens': ['Dr. Martens Airwair Group Ltd.', '28 Jamestown Road, London NW1 7BY, Regatul Unit', 'GB'],
  Clarks: ['C. & J. Clark International Ltd.', '40 High Street, Street, Somerset BA16 0EQ, Regatul Unit', 'GB'],
  'Melissa & Doug': ['Melissa & Doug, LLC', '10 Westport Road, Wilton, CT 06897, SUA', 'US'],
  Poljot: ['Poljot-International', 'Moscova, Rusia', 'RU'],
  Zenit: ['KMZ Zenit', 'Krasnogorsk, Rusia', 'RU'],
};

/** Brands made in the EU/EEA: [company, address, ISO code]. Brands not named here are Romanian makers and publishers. */
const EU: Record<string, [string, string, string]> = {
  Zara: ['Industria de Diseño Textil, S.A.', 'Avenida de la Diputación, 15143 Arteixo, A Coruña, Spania', 'ES'],
  Mango: ['Punto Fa, S.L.', 'Calle Mercaders 9-11, 08184 Palau-solità i Plegamans, Spania', 'ES'],
  'H&M': ['H & M Hennes & Mauritz AB', 'Mäster Samuelsgatan 46A, 106 38 Stockholm, Suedia', 'SE'],
  Reserved: ['LPP S.A.', 'ul. Łąkowa 39/44, 80-769 Gdańsk, Polonia', 'PL'],
  'C&A': ['C&A Mode GmbH & Co. KG', 'Wanheimer Straße 70, 40468 Düsseldorf, Germania', 'DE'],
  Adidas: ['adidas AG', 'Adi-Dassler-Straße 1, 91074 Herzogenaurach, Germania', 'DE'],
  Puma: ['PUMA SE', 'PUMA Way 1, 91074 Herzogenaurach, Germania', 'DE'],
  'Hugo Boss': ['HUGO BOSS AG', 'Dieselstraße 12, 72555 Metzingen, Germania', 'DE'],
  Lego: ['LEGO A/S', 'Åstvej 1, 7190 Billund, Danemarca', 'DK'],
  Ecco: ['ECCO Sko A/S', 'Industrivej 5, 6261 Bredebro, Danemarca', 'DK'],
  Bosch: ['Robert Bosch GmbH', 'Robert-Bosch-Platz 1, 70839 Gerlingen-Schillerhöhe, Germania', 'DE'],
  Philips: ['Koninklijke Philips N.V.', 'Amstelplein 2, 1096 BC Amsterdam, Țările de Jos', 'NL'],
  Tefal: ['Groupe SEB', '112 chemin du Moulin Carron, 69130 Écully, Franța', 'FR'],
  Nokia: ['HMD Global Oy', 'Bertel Jungin aukio 9, 02600 Espoo, Finlanda', 'FI'],
  Ikea: ['Inter IKEA Systems B.V.', 'Olof Palmestraat 1, 2616 LN Delft, Țările de Jos', 'NL'],
  Ravensburger: ['Ravensburger Verlag GmbH', 'Robert-Bosch-Straße 1, 88214 Ravensburg, Germania', 'DE'],
  Steiff: ['Margarete Steiff GmbH', 'Richard-Steiff-Straße 4, 89537 Giengen an der Brenz, Germania', 'DE'],
  Chicco: ['Artsana S.p.A.', 'Via Saldarini Catelli 1, 22070 Grandate (CO), Italia', 'IT'],
  Smoby: ['Smoby Toys SAS', 'Rue de Bellevue, 39170 Lavans-lès-Saint-Claude, Franța', 'FR'],
  Djeco: ['Djeco SAS', '3 rue des Grands Augustins, 75006 Paris, Franța', 'FR'],
  Kosmos: ['Franckh-Kosmos Verlags-GmbH & Co. KG', 'Pfizerstraße 5-7, 70184 Stuttgart, Germania', 'DE'],
  Trefl: ['Trefl S.A.', 'ul. Kontenerowa 25, 81-155 Gdynia, Polonia', 'PL'],
  Piatnik: ['Wiener Spielkartenfabrik Ferd. Piatnik & Söhne', 'Hütteldorfer Straße 229-231, 1140 Viena, Austria', 'AT'],
  Quechua: ['Decathlon SE', '4 boulevard de Mons, 59650 Villeneuve-d’Ascq, Franța', 'FR'],
  Domyos: ['Decathlon SE', '4 boulevard de Mons, 59650 Villeneuve-d’Ascq, Franța', 'FR'],
  Wedze: ['Decathlon SE', '4 boulevard de Mons, 59650 Villeneuve-d’Ascq, Franța', 'FR'],
  Salomon: ['Salomon SAS', 'Les Croiselets, 74370 Epagny Metz-Tessy, Franța', 'FR'],
  Lacoste: ['Lacoste S.A.', '31 boulevard de la Chapelle, 75010 Paris, Franța', 'FR'],
  'Petit Bateau': ['Petit Bateau SAS', '15 rue du Lieutenant Pierre Murard, 10000 Troyes, Franța', 'FR'],
  'Le Creuset': ['Le Creuset SAS', '902 rue Olivier Deguise, 02230 Fresnoy-le-Grand, Franța', 'FR'],
  Fissler: ['Fissler GmbH', 'Harald-Fissler-Straße 10, 55768 Hoppstädten-Weiersbach, Germania', 'DE'],
  Gardena: ['GARDENA GmbH', 'Hans-Lorenser-Straße 40, 89079 Ulm, Germania', 'DE'],
  Sennheiser: ['Sennheiser electronic SE & Co. KG', 'Am Labor 1, 30900 Wedemark, Germania', 'DE'],
  Birkenstock: ['Birkenstock GmbH & Co. KG', 'Burg Ockenfels, 53545 Linz am Rhein, Germania', 'DE'],
  Tamaris: ['Wortmann Schuhproduktion KG', 'Bremer Straße 50, 32758 Detmold, Germania', 'DE'],
  'Max Mara': ['Max Mara Fashion Group S.r.l.', 'Via Fratelli Cervi 66, 42124 Reggio Emilia, Italia', 'IT'],
  Furla: ['Furla S.p.A.', 'Via Bellaria 3/5, 40068 San Lazzaro di Savena (BO), Italia', 'IT'],
  Geox: ['Geox S.p.A.', 'Via Feltrina Centro 16, 31044 Montebelluna (TV), Italia', 'IT'],
  'Ray-Ban': ['EssilorLuxottica', '147 rue de Paris, 94220 Charenton-le-Pont, Franța', 'FR'],
  Carrera: ['Safilo S.p.A.', 'Settima Strada 15, 35129 Padova, Italia', 'IT'],
  Herend: ['Herendi Porcelánmanufaktúra Zrt.', 'Kossuth Lajos utca 140, 8440 Herend, Ungaria', 'HU'],
  Bohemia: ['Crystal Bohemia a.s.', 'Palackého 1, 290 01 Poděbrady, Cehia', 'CZ'],
  Mayoral: ['Mayoral Moda Infantil S.A.U.', 'Calle Mayoral 19, 29006 Málaga, Spania', 'ES'],
  Lupilu: ['Lidl Stiftung & Co. KG', 'Stiftsbergstraße 1, 74172 Neckarsulm, Germania', 'DE'],
  'Name It': ['BESTSELLER A/S', 'Fredskovvej 5, 7330 Brande, Danemarca', 'DK'],
  Only: ['BESTSELLER A/S', 'Fredskovvej 5, 7330 Brande, Danemarca', 'DK'],
  Jysk: ['JYSK A/S', 'Sødalsparken 18, 8220 Brabrand, Danemarca', 'DK'],
  Zepter: ['Zepter International GmbH', 'Sieveringer Straße 207, 1190 Viena, Austria', 'AT'],
  Polaroid: ['Polaroid B.V.', 'Oudeschans 85, 1011 KW Amsterdam, Țările de Jos', 'NL'],
  Deuter: ['Deuter Sport GmbH', 'Daimlerstraße 23, 86368 Gersthofen, Germania', 'DE'],
  Micro: ['Micro Mobility Systems D GmbH', 'Sendlinger Straße 7, 80331 München, Germania', 'DE'],
  Rollerblade: ['Tecnica Group S.p.A.', 'Via Fante d’Italia 56, 31040 Giavera del Montello (TV), Italia', 'IT'],
  Wrangler: ['Kontoor Brands Europe B.V.', 'Atoomweg 50, 3542 AB Utrecht, Țările de Jos', 'NL'],
  Lee: ['Kontoor Brands Europe B.V.', 'Atoomweg 50, 3542 AB Utrecht, Țările de Jos', 'NL'],
  'Tommy Hilfiger': ['Tommy Hilfiger Europe B.V.', 'Danzigerkade 101, 1013 AP Amsterdam, Țările de Jos', 'NL'],
  Merida: ['Merida Europe GmbH', 'Blumenstraße 49-51, 71106 Magstadt, Germania', 'DE'],
  Benvenuti: ['Benvenuti Shoes SRL', 'Str. Fabricii nr. 46, 400632 Cluj-Napoca', 'RO'],
  Musette: ['Musette Exim SRL', 'Str. Gheorghe Lazăr nr. 24, 300081 Timișoara', 'RO'],
  Pegas: ['Pegas Bikes SRL', 'Șos. Pipera nr. 42, 020112 București', 'RO'],
  Noriel: ['Noriel Impex SRL', 'Str. Complexului nr. 3, 077096 Dragomirești-Vale, Ilfov', 'RO'],
  Apulum: ['Apulum S.A.', 'Str. Calea Moților nr. 2, 510134 Alba Iulia', 'RO'],
};

const mailOf = (company: string) =>
  `siguranta@${company
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20)}.eu`;

/** The manufacturer behind a brand (null brand: an unbranded second-hand item, manufacturer unknown). */
export function seedManufacturerOf(brand: string | null): ManufacturerDef | null {
  if (!brand) return null;
  const nonEu = NON_EU[brand];
  if (nonEu) {
    const [name, address, countryCode] = nonEu;
    const europe = `${name.replace(/,? (Inc\.|LLC|Ltd\.|Co\., Ltd\.|Corporation|Company|plc|Group Ltd\.|Limited|GmbH)$/, '')} Europe B.V.`;
    return {
      name,
      address,
      email: mailOf(name),
      countryCode,
      euResponsibleName: europe,
      euResponsibleAddress: 'Strawinskylaan 1, 1077 XW Amsterdam, Țările de Jos',
      euResponsibleEmail: mailOf(europe),
    };
  }
  const eu = EU[brand];
  if (eu) return { name: eu[0], address: eu[1], email: mailOf(eu[0]), countryCode: eu[2] };
  // Romanian publishers and makers (books' publishers are their brand).
  return { name: `Editura ${brand}`, address: 'București, România', email: mailOf(brand), countryCode: 'RO' };
}

const TOY_WARNING =
  'Atenție! Nu este potrivit pentru copii sub 3 ani: conține piese mici care pot fi înghițite. A se folosi sub supravegherea directă a unui adult. Păstrați informațiile pentru consultare ulterioară.';
const ELECTRICAL_WARNING =
  'Citiți instrucțiunile înainte de folosire. Nu expuneți aparatul la apă sau umezeală și folosiți doar încărcătorul sau alimentatorul original. Nu aruncați produsul și bateria la gunoiul menajer: predați-le la un punct de colectare DEEE.';
const KITCHEN_WARNING =
  'Suprafețele se încălzesc în timpul folosirii: folosiți mănuși de bucătărie. Nu lăsați vasul gol pe sursa de căldură.';
const KIDS_WARNING = 'Nu lăsați copilul nesupravegheat. Verificați periodic nasturii și capsele; îndepărtați șnururile lungi de la gât.';
const SPORT_WARNING = 'Folosiți echipament de protecție (cască, genunchiere) și verificați starea produsului înainte de fiecare folosire.';

/** Warnings and safety information in Romanian, by the kind of product (null: none needed beyond the label). */
export function seedWarningsOf(categorySlug: CategorySlug, name: string): string | null {
  if (categorySlug === 'jucarii') return TOY_WARNING;
  if (categorySlug === 'telefoane' || categorySlug === 'electronice') return ELECTRICAL_WARNING;
  if (categorySlug === 'bucatarie') return KITCHEN_WARNING;
  if (categorySlug === 'copii') return KIDS_WARNING;
  if (categorySlug === 'sport' && /(Bicicletă|Trotinetă|Role|Cască|Patine|Skateboard)/i.test(name)) return SPORT_WARNING;
  return null;
}

/** A product identifier: the model for electrical items, else the type and the shop's article code. */
export function seedIdentifierOf(categorySlug: CategorySlug, name: string, slug: string): string {
  const code = slug.split('-').at(-1)!.toUpperCase();
  if (categorySlug === 'telefoane' || categorySlug === 'electronice') return `Model: ${name.split(',')[0]}; lot ${code}`;
  return `Tip: ${name.split(',')[0]}; cod articol ${code}`;
}
