/**
 * What each category sells: item templates with believable Romanian names, real brands,
 * price and weight ranges (lei, kg). products.ts turns them into concrete listings.
 */
import type { ColourName, Gender, Season } from './attributes.ts';

export interface ApparelItem {
  noun: string;
  /** Form of the colour adjective after the noun. */
  g: Gender;
  details: string[];
  brands: (string | null)[];
  price: [number, number];
  weight: [number, number];
  seasons: Season[];
  sizes?: 'letters' | 'one' | 'none';
  /** Colours the item comes in; all colours when absent. */
  colours?: ColourName[];
}

const ALL_YEAR: Season[] = ['Primăvară', 'Vară', 'Toamnă', 'Iarnă'];
const WARM: Season[] = ['Primăvară', 'Vară'];
const COLD: Season[] = ['Toamnă', 'Iarnă'];
const MID: Season[] = ['Primăvară', 'Toamnă'];

const WOMEN_BRANDS = ['Zara', 'H&M', 'Mango', 'Reserved', 'Orsay', 'Stradivarius', 'Massimo Dutti', 'Bershka', 'Marks & Spencer'];
const MEN_BRANDS = ['Zara', 'H&M', 'Reserved', 'Massimo Dutti', 'Tommy Hilfiger', 'Jack & Jones', 'Pull&Bear', 'Hugo Boss', 'Marks & Spencer'];

export const WOMEN: ApparelItem[] = [
  { noun: 'Rochie', g: 'f', details: ['de vară cu buline', 'midi plisată', 'din in', 'tricotată', 'lungă cu imprimeu floral', 'din catifea', 'de seară cu paiete'], brands: WOMEN_BRANDS, price: [35, 220], weight: [0.3, 0.6], seasons: WARM, sizes: 'letters' },
  { noun: 'Bluză', g: 'f', details: ['din mătase', 'cu mânecă bufantă', 'cu volane', 'din bumbac organic', 'cu guler Peter Pan'], brands: WOMEN_BRANDS, price: [20, 120], weight: [0.15, 0.3], seasons: WARM, sizes: 'letters' },
  { noun: 'Fustă', g: 'f', details: ['plisată midi', 'din denim', 'creion', 'din piele ecologică', 'evazată'], brands: WOMEN_BRANDS, price: [25, 130], weight: [0.2, 0.45], seasons: MID, sizes: 'letters' },
  { noun: 'Pulover', g: 'm', details: ['din lână merinos', 'oversize', 'cu guler înalt', 'tricotat manual', 'din cașmir'], brands: WOMEN_BRANDS, price: [30, 250], weight: [0.3, 0.6], seasons: COLD, sizes: 'letters' },
  { noun: 'Cardigan', g: 'm', details: ['lung din lână', 'cu nasturi din lemn', 'scurt tricotat'], brands: WOMEN_BRANDS, price: [30, 150], weight: [0.3, 0.55], seasons: MID, sizes: 'letters' },
  { noun: 'Geacă', g: 'f', details: ['din piele', 'din denim', 'matlasată', 'de puf', 'biker din piele ecologică'], brands: [...WOMEN_BRANDS, 'Guess', 'Only'], price: [60, 250], weight: [0.6, 1.4], seasons: MID, sizes: 'letters', colours: ['Negru', 'Maro', 'Bej', 'Albastru', 'Bleumarin', 'Verde', 'Roșu'] },
  { noun: 'Palton', g: 'm', details: ['din lână', 'lung cu cordon', 'în carouri', 'din stofă'], brands: [...WOMEN_BRANDS, 'Max Mara'], price: [90, 250], weight: [1.0, 1.8], seasons: COLD, sizes: 'letters', colours: ['Negru', 'Gri', 'Bej', 'Maro', 'Bleumarin', 'Roșu'] },
  { noun: 'Trenci', g: 'm', details: ['clasic cu cordon', 'impermeabil', 'scurt'], brands: [...WOMEN_BRANDS, 'Burberry'], price: [70, 240], weight: [0.7, 1.1], seasons: MID, sizes: 'letters', colours: ['Bej', 'Negru', 'Bleumarin', 'Verde'] },
  { noun: 'Blugi', g: 'mp', details: ['mom fit', 'skinny', 'cu talie înaltă', 'evazați', 'drepți'], brands: [...WOMEN_BRANDS, "Levi's", 'Lee'], price: [30, 150], weight: [0.45, 0.7], seasons: ALL_YEAR, sizes: 'letters', colours: ['Albastru', 'Negru', 'Gri', 'Alb'] },
  { noun: 'Sacou', g: 'm', details: ['din tweed', 'oversize', 'cu un nasture'], brands: WOMEN_BRANDS, price: [50, 200], weight: [0.5, 0.8], seasons: MID, sizes: 'letters' },
  { noun: 'Tricou', g: 'm', details: ['din bumbac', 'cu imprimeu', 'basic', 'cu dungi'], brands: WOMEN_BRANDS, price: [15, 60], weight: [0.12, 0.25], seasons: WARM, sizes: 'letters' },
  { noun: 'Cămașă', g: 'f', details: ['din in', 'cu dungi', 'oversize din bumbac'], brands: WOMEN_BRANDS, price: [25, 110], weight: [0.2, 0.35], seasons: WARM, sizes: 'letters' },
];

export const MEN: ApparelItem[] = [
  { noun: 'Cămașă', g: 'f', details: ['din bumbac', 'în carouri', 'slim fit', 'din in', 'Oxford'], brands: MEN_BRANDS, price: [25, 140], weight: [0.2, 0.35], seasons: ALL_YEAR, sizes: 'letters' },
  { noun: 'Tricou', g: 'm', details: ['polo din piqué', 'din bumbac', 'cu imprimeu vintage', 'basic'], brands: [...MEN_BRANDS, 'Lacoste', 'Ralph Lauren'], price: [15, 80], weight: [0.15, 0.3], seasons: WARM, sizes: 'letters' },
  { noun: 'Pulover', g: 'm', details: ['din lână', 'cu fermoar', 'cu decolteu în V', 'împletit'], brands: MEN_BRANDS, price: [30, 200], weight: [0.35, 0.7], seasons: COLD, sizes: 'letters' },
  { noun: 'Hanorac', g: 'm', details: ['cu glugă', 'cu fermoar', 'din fleece'], brands: [...MEN_BRANDS, 'Nike', 'Adidas', 'Puma'], price: [30, 150], weight: [0.4, 0.8], seasons: MID, sizes: 'letters' },
  { noun: 'Geacă', g: 'f', details: ['din piele', 'de iarnă cu glugă', 'bomber', 'din denim', 'softshell'], brands: [...MEN_BRANDS, 'The North Face', 'Columbia'], price: [70, 250], weight: [0.8, 1.6], seasons: COLD, sizes: 'letters', colours: ['Negru', 'Maro', 'Bleumarin', 'Verde', 'Gri', 'Bej'] },
  { noun: 'Palton', g: 'm', details: ['din lână', 'în carouri', 'cu două rânduri de nasturi'], brands: MEN_BRANDS, price: [90, 250], weight: [1.2, 2.0], seasons: COLD, sizes: 'letters', colours: ['Negru', 'Gri', 'Bleumarin', 'Maro', 'Bej'] },
  { noun: 'Blugi', g: 'mp', details: ['slim fit', 'regular fit', 'drepți', 'cu croială relaxată'], brands: [...MEN_BRANDS, "Levi's", 'Wrangler', 'Lee'], price: [30, 160], weight: [0.5, 0.8], seasons: ALL_YEAR, sizes: 'letters', colours: ['Albastru', 'Negru', 'Gri'] },
  { noun: 'Pantaloni', g: 'mp', details: ['chino', 'din stofă', 'cargo', 'de costum'], brands: MEN_BRANDS, price: [25, 140], weight: [0.4, 0.7], seasons: ALL_YEAR, sizes: 'letters', colours: ['Bej', 'Negru', 'Gri', 'Bleumarin', 'Verde', 'Maro'] },
  { noun: 'Sacou', g: 'm', details: ['din lână', 'la un rând de nasturi', 'din catifea reiată'], brands: MEN_BRANDS, price: [60, 250], weight: [0.6, 1.0], seasons: MID, sizes: 'letters', colours: ['Negru', 'Gri', 'Bleumarin', 'Maro', 'Bej'] },
];

export const ACCESSORIES: ApparelItem[] = [
  { noun: 'Geantă', g: 'f', details: ['din piele', 'de umăr', 'tote din pânză', 'plic', 'crossbody'], brands: ['Guess', 'Michael Kors', 'Mango', 'Zara', 'Furla', null], price: [30, 250], weight: [0.3, 0.9], seasons: ALL_YEAR, sizes: 'none' },
  { noun: 'Curea', g: 'f', details: ['din piele', 'cu cataramă metalică', 'împletită'], brands: ["Levi's", 'Tommy Hilfiger', 'Hugo Boss', null], price: [15, 90], weight: [0.1, 0.25], seasons: ALL_YEAR, sizes: 'none', colours: ['Negru', 'Maro', 'Bej'] },
  { noun: 'Eșarfă', g: 'f', details: ['din mătase', 'din lână', 'cu imprimeu'], brands: ['Zara', 'Mango', 'H&M', null], price: [15, 80], weight: [0.08, 0.2], seasons: MID, sizes: 'one' },
  { noun: 'Căciulă', g: 'f', details: ['tricotată', 'cu moț', 'din lână'], brands: ['H&M', 'Reserved', 'The North Face', null], price: [15, 60], weight: [0.08, 0.15], seasons: ['Iarnă'], sizes: 'one' },
  { noun: 'Pălărie', g: 'f', details: ['de soare din paie', 'fedora din fetru'], brands: ['Zara', 'Mango', null], price: [20, 90], weight: [0.1, 0.25], seasons: ['Vară'], sizes: 'one', colours: ['Bej', 'Negru', 'Maro', 'Alb'] },
  { noun: 'Ochelari de soare', g: 'mp', details: ['aviator', 'cat-eye', 'clasici'], brands: ['Ray-Ban', 'Polaroid', 'Carrera'], price: [40, 250], weight: [0.05, 0.15], seasons: ['Vară'], sizes: 'none', colours: ['Negru', 'Maro', 'Gri'] },
  { noun: 'Portofel', g: 'm', details: ['din piele', 'compact', 'cu fermoar'], brands: ['Guess', 'Tommy Hilfiger', 'Fossil', null], price: [20, 120], weight: [0.08, 0.2], seasons: ALL_YEAR, sizes: 'none', colours: ['Negru', 'Maro', 'Bej', 'Roz', 'Roșu'] },
  { noun: 'Ceas', g: 'm', details: ['de mână analogic', 'cu curea din piele', 'vintage mecanic'], brands: ['Casio', 'Fossil', 'Timex', 'Seiko', 'Poljot'], price: [60, 250], weight: [0.08, 0.2], seasons: ALL_YEAR, sizes: 'none', colours: ['Negru', 'Maro', 'Gri', 'Alb'] },
];

export const KIDS: ApparelItem[] = [
  { noun: 'Body', g: 'm', details: ['cu mânecă lungă', 'din bumbac organic', 'cu capse'], brands: ['H&M', 'Next', 'Mothercare', 'Lupilu', 'Petit Bateau'], price: [10, 45], weight: [0.08, 0.15], seasons: ALL_YEAR, colours: ['Alb', 'Gri', 'Roz', 'Albastru', 'Galben', 'Verde'] },
  { noun: 'Salopetă de iarnă', g: 'f', details: ['cu glugă', 'impermeabilă', 'matlasată'], brands: ['H&M', 'Reserved', 'Name It', 'Columbia'], price: [60, 180], weight: [0.5, 0.9], seasons: ['Iarnă'], colours: ['Roz', 'Albastru', 'Roșu', 'Verde', 'Bleumarin', 'Mov'] },
  { noun: 'Geacă', g: 'f', details: ['de fâș', 'de puf', 'din denim'], brands: ['Zara', 'H&M', 'Next', 'C&A'], price: [35, 140], weight: [0.3, 0.7], seasons: COLD, colours: ['Roz', 'Albastru', 'Roșu', 'Galben', 'Bleumarin'] },
  { noun: 'Rochiță', g: 'f', details: ['de vară', 'cu tul', 'de ocazie', 'cu volane'], brands: ['Zara', 'H&M', 'Next', 'Mayoral'], price: [20, 110], weight: [0.12, 0.3], seasons: WARM, colours: ['Roz', 'Alb', 'Galben', 'Mov', 'Roșu', 'Albastru'] },
  { noun: 'Pijama', g: 'f', details: ['din bumbac', 'cu model dinozauri', 'cu steluțe'], brands: ['H&M', 'C&A', 'Lupilu', 'Next'], price: [15, 60], weight: [0.15, 0.3], seasons: ALL_YEAR },
  { noun: 'Tricou', g: 'm', details: ['cu imprimeu', 'cu Mickey Mouse', 'cu dungi'], brands: ['H&M', 'Zara', 'C&A', 'Reserved'], price: [10, 40], weight: [0.08, 0.15], seasons: WARM },
  { noun: 'Pantaloni', g: 'mp', details: ['de trening', 'din denim', 'din catifea reiată'], brands: ['H&M', 'Zara', 'Next', 'Reserved'], price: [15, 70], weight: [0.2, 0.4], seasons: ALL_YEAR, colours: ['Albastru', 'Gri', 'Negru', 'Bej', 'Bleumarin', 'Verde'] },
  { noun: 'Hanorac', g: 'm', details: ['cu glugă', 'cu fermoar', 'cu urechiușe'], brands: ['H&M', 'Zara', 'Nike', 'Adidas'], price: [20, 90], weight: [0.25, 0.45], seasons: MID },
];

export const KIDS_AGES = ['0-3 luni', '3-6 luni', '6-9 luni', '9-12 luni', '12-18 luni', '2-3 ani', '3-4 ani', '4-5 ani', '6-7 ani', '8-9 ani', '10-11 ani'];

export interface ShoeItem {
  noun: string;
  g: Gender;
  brand: string;
  /** Model names (Adidași Nike Air Max 90) or descriptions (Cizme Tamaris până la genunchi). */
  models: string[];
  price: [number, number];
  weight: [number, number];
  seasons: Season[];
  sizes: [number, number];
  colours: ColourName[];
}

export const SHOES: ShoeItem[] = [
  { noun: 'Adidași', g: 'mp', brand: 'Nike', models: ['Air Max 90', 'Air Force 1', 'Court Vision', 'Revolution 5', 'Air Max 270'], price: [120, 400], weight: [0.8, 1.2], seasons: ['Primăvară', 'Vară', 'Toamnă'], sizes: [36, 45], colours: ['Alb', 'Negru', 'Gri', 'Albastru'] },
  { noun: 'Adidași', g: 'mp', brand: 'Adidas', models: ['Stan Smith', 'Superstar', 'Gazelle', 'Ultraboost', 'Samba'], price: [110, 380], weight: [0.8, 1.2], seasons: ['Primăvară', 'Vară', 'Toamnă'], sizes: [36, 45], colours: ['Alb', 'Negru', 'Verde', 'Albastru'] },
  { noun: 'Adidași', g: 'mp', brand: 'Puma', models: ['Suede Classic', 'Cali', 'RS-X'], price: [90, 260], weight: [0.8, 1.1], seasons: ['Primăvară', 'Vară', 'Toamnă'], sizes: [36, 44], colours: ['Alb', 'Negru', 'Roșu', 'Bleumarin'] },
  { noun: 'Adidași', g: 'mp', brand: 'New Balance', models: ['574', '327', '990'], price: [120, 360], weight: [0.8, 1.2], seasons: ['Primăvară', 'Toamnă'], sizes: [37, 45], colours: ['Gri', 'Bleumarin', 'Bej', 'Verde'] },
  { noun: 'Teniși', g: 'mp', brand: 'Converse', models: ['Chuck Taylor All Star', 'Chuck 70', 'Run Star Hike'], price: [60, 220], weight: [0.6, 0.9], seasons: ['Primăvară', 'Vară'], sizes: [36, 44], colours: ['Alb', 'Negru', 'Roșu', 'Galben'] },
  { noun: 'Teniși', g: 'mp', brand: 'Vans', models: ['Old Skool', 'Authentic', 'Sk8-Hi'], price: [60, 200], weight: [0.7, 1.0], seasons: ['Primăvară', 'Vară'], sizes: [36, 44], colours: ['Negru', 'Alb', 'Bleumarin'] },
  { noun: 'Ghete', g: 'fp', brand: 'Dr. Martens', models: ['1460', '1461', 'Jadon'], price: [180, 400], weight: [1.2, 1.7], seasons: ['Toamnă', 'Iarnă'], sizes: [36, 45], colours: ['Negru', 'Maro', 'Roșu'] },
  { noun: 'Ghete', g: 'fp', brand: 'Timberland', models: ['6-Inch Premium', 'Earthkeepers', 'Courma Kid'], price: [180, 380], weight: [1.3, 1.9], seasons: ['Toamnă', 'Iarnă'], sizes: [38, 45], colours: ['Galben', 'Maro', 'Negru'] },
  { noun: 'Ghete', g: 'fp', brand: 'Geox', models: ['din piele întoarsă', 'cu blăniță', 'Chelsea'], price: [90, 300], weight: [1.0, 1.5], seasons: ['Toamnă', 'Iarnă'], sizes: [36, 45], colours: ['Maro', 'Negru', 'Bej', 'Gri'] },
  { noun: 'Cizme', g: 'fp', brand: 'Tamaris', models: ['până la genunchi', 'cu toc mic', 'din piele întoarsă'], price: [90, 320], weight: [1.2, 1.8], seasons: ['Toamnă', 'Iarnă'], sizes: [36, 41], colours: ['Negru', 'Maro', 'Bej'] },
  { noun: 'Cizme', g: 'fp', brand: 'Musette', models: ['înalte din piele', 'cu toc bloc', 'de călărie'], price: [120, 380], weight: [1.2, 1.8], seasons: ['Toamnă', 'Iarnă'], sizes: [36, 41], colours: ['Negru', 'Maro', 'Bleumarin'] },
  { noun: 'Pantofi', g: 'mp', brand: 'Clarks', models: ['din piele', 'Oxford', 'Derby'], price: [90, 300], weight: [0.9, 1.3], seasons: ['Primăvară', 'Toamnă'], sizes: [39, 45], colours: ['Maro', 'Negru', 'Bej'] },
  { noun: 'Pantofi', g: 'mp', brand: 'Benvenuti', models: ['eleganți din piele', 'loafer', 'cu toc'], price: [80, 260], weight: [0.8, 1.2], seasons: ['Primăvară', 'Toamnă'], sizes: [36, 45], colours: ['Negru', 'Maro', 'Bleumarin', 'Bej'] },
  { noun: 'Sandale', g: 'fp', brand: 'Birkenstock', models: ['Arizona', 'Gizeh', 'Milano'], price: [90, 280], weight: [0.5, 0.8], seasons: ['Vară'], sizes: [36, 45], colours: ['Maro', 'Negru', 'Alb', 'Bej'] },
  { noun: 'Sandale', g: 'fp', brand: 'Ecco', models: ['din piele', 'cu platformă', 'de drumeție'], price: [70, 240], weight: [0.5, 0.8], seasons: ['Vară'], sizes: [36, 42], colours: ['Maro', 'Negru', 'Bej', 'Alb'] },
  { noun: 'Balerini', g: 'mp', brand: 'Zara', models: ['din piele', 'cu fundă', 'cu vârf ascuțit'], price: [40, 140], weight: [0.4, 0.6], seasons: ['Primăvară', 'Vară'], sizes: [36, 40], colours: ['Negru', 'Bej', 'Roșu', 'Roz'] },
  { noun: 'Bocanci', g: 'mp', brand: 'Salomon', models: ['de drumeție X Ultra', 'Quest 4 GTX', 'impermeabili'], price: [150, 400], weight: [1.2, 1.8], seasons: ['Toamnă', 'Iarnă'], sizes: [38, 45], colours: ['Gri', 'Maro', 'Negru', 'Verde'] },
];

/** Sports footwear Pași Second lists under Sport. */
export const SPORT_SHOES: ShoeItem[] = [
  { noun: 'Ghete de fotbal', g: 'fp', brand: 'Nike', models: ['Mercurial Vapor', 'Phantom GT', 'Tiempo Legend'], price: [80, 300], weight: [0.6, 0.9], seasons: ['Primăvară', 'Vară', 'Toamnă'], sizes: [38, 45], colours: ['Negru', 'Alb', 'Albastru', 'Roșu'] },
  { noun: 'Pantofi de alergare', g: 'mp', brand: 'Asics', models: ['Gel-Nimbus', 'Gel-Kayano', 'GT-2000'], price: [120, 350], weight: [0.6, 0.9], seasons: ['Primăvară', 'Vară', 'Toamnă'], sizes: [36, 45], colours: ['Albastru', 'Negru', 'Gri', 'Galben'] },
];

/** A listing with a fixed name: toys, home goods, electronics, sports gear. */
export interface NamedItem {
  name: string;
  brand: string | null;
  price: [number, number];
  weight: [number, number];
  /** Colours it may come in; none when absent. */
  colours?: ColourName[];
  /** Variants appended to the name (storage, pieces, ...). */
  variants?: string[];
  seasons?: Season[];
  sizes?: 'letters';
}

export const TOYS: NamedItem[] = [
  { name: 'Set Lego City Stație de pompieri', brand: 'Lego', price: [90, 260], weight: [0.8, 1.4] },
  { name: 'Set Lego Duplo Grădina zoologică', brand: 'Lego', price: [70, 180], weight: [0.8, 1.4] },
  { name: 'Set Lego Friends Casa din Heartlake', brand: 'Lego', price: [110, 300], weight: [1.0, 1.8] },
  { name: 'Set Lego Technic Excavator', brand: 'Lego', price: [120, 350], weight: [1.0, 1.8] },
  { name: 'Ursuleț de pluș', brand: 'Steiff', price: [60, 200], weight: [0.3, 0.6], variants: ['30 cm', '40 cm'], colours: ['Maro', 'Bej', 'Alb'] },
  { name: 'Ursuleț de pluș cu fundă', brand: null, price: [15, 45], weight: [0.2, 0.5], colours: ['Maro', 'Bej', 'Roz', 'Alb'] },
  { name: 'Puzzle Ravensburger', brand: 'Ravensburger', price: [25, 70], weight: [0.5, 0.9], variants: ['500 de piese', '1000 de piese', '1500 de piese'] },
  { name: 'Puzzle Trefl cu peisaje din România', brand: 'Trefl', price: [20, 55], weight: [0.4, 0.8], variants: ['500 de piese', '1000 de piese'] },
  { name: 'Joc de societate Monopoly, ediție în limba română', brand: 'Hasbro', price: [45, 120], weight: [0.8, 1.2] },
  { name: 'Joc de societate Catan', brand: 'Kosmos', price: [70, 160], weight: [1.0, 1.4] },
  { name: 'Joc de societate Activity Original', brand: 'Piatnik', price: [50, 120], weight: [0.9, 1.3] },
  { name: 'Păpușă Barbie cu accesorii', brand: 'Mattel', price: [30, 90], weight: [0.3, 0.6], colours: ['Roz', 'Mov'] },
  { name: 'Casă de păpuși din lemn', brand: 'Smoby', price: [120, 380], weight: [3.5, 7.0] },
  { name: 'Mașinuță teleghidată', brand: null, price: [40, 160], weight: [0.6, 1.2], colours: ['Roșu', 'Albastru', 'Galben', 'Verde', 'Negru'] },
  { name: 'Set 20 mașinuțe Hot Wheels', brand: 'Hot Wheels', price: [50, 110], weight: [0.6, 0.9] },
  { name: 'Trotinetă Micro Mini cu trei roți', brand: 'Micro', price: [120, 260], weight: [2.0, 2.8], colours: ['Roz', 'Albastru', 'Verde', 'Roșu'] },
  { name: 'Scaun auto Chicco Seat Up 012', brand: 'Chicco', price: [250, 600], weight: [6.0, 9.0], colours: ['Negru', 'Gri'] },
  { name: 'Premergător muzical Chicco', brand: 'Chicco', price: [60, 150], weight: [1.5, 2.5] },
  { name: 'Centru de activități Fisher-Price', brand: 'Fisher-Price', price: [50, 160], weight: [1.2, 3.0] },
  { name: 'Set cuburi din lemn cu litere', brand: 'Melissa & Doug', price: [35, 90], weight: [0.8, 1.5] },
  { name: 'Xilofon din lemn', brand: 'Djeco', price: [30, 80], weight: [0.4, 0.8] },
  { name: 'Joc educativ Micul Geniu', brand: 'Noriel', price: [20, 60], weight: [0.4, 0.8] },
];

export const HOME: NamedItem[] = [
  { name: 'Veioză de birou Ikea Tertial', brand: 'Ikea', price: [40, 80], weight: [1.0, 1.6], colours: ['Gri', 'Alb', 'Negru'] },
  { name: 'Veioză vintage din alamă cu abajur textil', brand: null, price: [90, 320], weight: [1.5, 3.0], colours: ['Bej', 'Verde', 'Alb'] },
  { name: 'Lampă de podea cu abajur din in', brand: 'Jysk', price: [90, 240], weight: [3.0, 6.0], colours: ['Bej', 'Alb', 'Gri'] },
  { name: 'Scaun din lemn masiv', brand: null, price: [60, 220], weight: [4.0, 7.0], colours: ['Maro', 'Bej'] },
  { name: 'Scaun tapițat Ikea', brand: 'Ikea', price: [70, 250], weight: [5.0, 8.0], colours: ['Gri', 'Verde', 'Bleumarin', 'Bej'] },
  { name: 'Fotoliu balansoar din ratan', brand: null, price: [250, 600], weight: [9.0, 15.0], colours: ['Bej', 'Maro'] },
  { name: 'Taburet din lemn de brad', brand: null, price: [30, 90], weight: [2.0, 3.5], colours: ['Bej', 'Maro'] },
  { name: 'Covor oltenesc țesut manual', brand: null, price: [200, 600], weight: [3.0, 6.0], variants: ['120 x 180 cm', '150 x 230 cm'], colours: ['Roșu', 'Negru', 'Verde'] },
  { name: 'Ghiveci din ceramică', brand: null, price: [20, 80], weight: [1.0, 3.0], colours: ['Alb', 'Verde', 'Bej', 'Gri'] },
  { name: 'Stropitoare din zinc', brand: null, price: [30, 90], weight: [0.8, 1.5], colours: ['Gri', 'Verde'] },
  { name: 'Set unelte de grădină', brand: 'Gardena', price: [50, 160], weight: [1.5, 3.0] },
  { name: 'Pernă decorativă cu motive populare', brand: null, price: [20, 70], weight: [0.3, 0.7], colours: ['Roșu', 'Alb', 'Negru', 'Bej'] },
];

export const KITCHEN: NamedItem[] = [
  { name: 'Tigaie Tefal Ingenio', brand: 'Tefal', price: [40, 120], weight: [0.8, 1.5], variants: ['24 cm', '28 cm'] },
  { name: 'Oală din fontă emailată', brand: 'Le Creuset', price: [250, 600], weight: [4.0, 6.0], variants: ['4 l', '5 l'], colours: ['Roșu', 'Albastru', 'Verde', 'Galben'] },
  { name: 'Set oale din inox', brand: 'Zepter', price: [200, 600], weight: [4.0, 8.0], variants: ['4 piese', '6 piese'] },
  { name: 'Cratiță emailată cu buline', brand: null, price: [25, 70], weight: [1.0, 1.8], colours: ['Roșu', 'Albastru', 'Alb'] },
  { name: 'Fierbător electric Philips', brand: 'Philips', price: [50, 120], weight: [1.0, 1.5], colours: ['Alb', 'Negru', 'Gri'] },
  { name: 'Mixer vertical Bosch', brand: 'Bosch', price: [70, 180], weight: [1.0, 1.6], colours: ['Alb', 'Negru'] },
  { name: "Expresor de cafea De'Longhi Dedica", brand: "De'Longhi", price: [300, 600], weight: [4.0, 5.5], colours: ['Negru', 'Roșu', 'Gri'] },
  { name: 'Set 6 căni din porțelan Apulum', brand: 'Apulum', price: [40, 120], weight: [1.5, 2.5], colours: ['Alb'] },
  { name: 'Cană emailată de colecție', brand: null, price: [20, 55], weight: [0.3, 0.5], colours: ['Alb', 'Albastru', 'Roșu', 'Verde'] },
  { name: 'Set farfurii din porțelan Apulum', brand: 'Apulum', price: [80, 260], weight: [4.0, 7.0], variants: ['12 piese', '18 piese'], colours: ['Alb'] },
  { name: 'Set 6 pahare din cristal', brand: 'Bohemia', price: [60, 220], weight: [1.5, 2.5] },
  { name: 'Râșniță de cafea manuală din lemn', brand: null, price: [45, 140], weight: [0.6, 1.0], colours: ['Maro'] },
  { name: 'Ibric de cafea din cupru', brand: null, price: [30, 90], weight: [0.3, 0.6], colours: ['Maro'] },
  { name: 'Set tacâmuri din inox', brand: 'Fissler', price: [80, 260], weight: [1.5, 3.0], variants: ['24 de piese', '36 de piese'] },
];

export const DECOR: NamedItem[] = [
  { name: 'Vază din cristal', brand: 'Bohemia', price: [50, 200], weight: [0.8, 2.0] },
  { name: 'Vază din ceramică de Horezu', brand: null, price: [40, 150], weight: [0.8, 1.6], colours: ['Maro', 'Verde', 'Albastru'] },
  { name: 'Oglindă cu ramă din lemn sculptat', brand: null, price: [90, 400], weight: [3.0, 8.0], colours: ['Maro', 'Bej'] },
  { name: 'Ramă foto din argint', brand: null, price: [40, 160], weight: [0.3, 0.7] },
  { name: 'Tablou pictat în ulei, peisaj de munte', brand: null, price: [120, 600], weight: [1.5, 4.0], colours: ['Verde', 'Albastru'] },
  { name: 'Ceas de perete vintage', brand: null, price: [60, 250], weight: [0.8, 2.0], colours: ['Maro', 'Alb', 'Negru'] },
  { name: 'Sfeșnic din alamă', brand: null, price: [30, 120], weight: [0.5, 1.2], colours: ['Galben'] },
  { name: 'Figurină din porțelan', brand: 'Herend', price: [60, 280], weight: [0.2, 0.6], colours: ['Alb', 'Albastru'] },
  { name: 'Icoană pe sticlă pictată manual', brand: null, price: [90, 450], weight: [0.6, 1.5], colours: ['Albastru', 'Roșu'] },
  { name: 'Glob pământesc vintage cu lumină', brand: null, price: [70, 240], weight: [1.0, 2.0], colours: ['Albastru', 'Bej'] },
  { name: 'Set lumânări decorative din ceară de albine', brand: null, price: [20, 60], weight: [0.4, 0.9], colours: ['Galben', 'Bej'] },
];

export const PHONES: NamedItem[] = [
  { name: 'Telefon Samsung Galaxy S21', brand: 'Samsung', price: [1100, 1600], weight: [0.3, 0.5], variants: ['128 GB', '256 GB'], colours: ['Gri', 'Mov', 'Alb', 'Roz'] },
  { name: 'Telefon Samsung Galaxy S22 Ultra', brand: 'Samsung', price: [2300, 3200], weight: [0.4, 0.6], variants: ['256 GB', '512 GB'], colours: ['Negru', 'Verde', 'Alb'] },
  { name: 'Telefon Samsung Galaxy A52', brand: 'Samsung', price: [600, 900], weight: [0.3, 0.5], variants: ['128 GB'], colours: ['Negru', 'Albastru', 'Mov', 'Alb'] },
  { name: 'Telefon Apple iPhone 11', brand: 'Apple', price: [1000, 1400], weight: [0.35, 0.5], variants: ['64 GB', '128 GB'], colours: ['Negru', 'Alb', 'Mov', 'Roșu', 'Galben', 'Verde'] },
  { name: 'Telefon Apple iPhone 12', brand: 'Apple', price: [1400, 1900], weight: [0.3, 0.5], variants: ['64 GB', '128 GB'], colours: ['Negru', 'Alb', 'Albastru', 'Verde', 'Roșu'] },
  { name: 'Telefon Apple iPhone 13', brand: 'Apple', price: [1900, 2600], weight: [0.3, 0.5], variants: ['128 GB', '256 GB'], colours: ['Negru', 'Alb', 'Albastru', 'Roz', 'Verde'] },
  { name: 'Telefon Apple iPhone 14 Pro', brand: 'Apple', price: [3000, 3500], weight: [0.35, 0.55], variants: ['128 GB', '256 GB'], colours: ['Negru', 'Mov', 'Alb', 'Galben'] },
  { name: 'Telefon Apple iPhone SE (2020)', brand: 'Apple', price: [500, 800], weight: [0.25, 0.4], variants: ['64 GB', '128 GB'], colours: ['Negru', 'Alb', 'Roșu'] },
  { name: 'Telefon Xiaomi Redmi Note 11', brand: 'Xiaomi', price: [400, 650], weight: [0.3, 0.45], variants: ['64 GB', '128 GB'], colours: ['Gri', 'Albastru', 'Alb'] },
  { name: 'Telefon Xiaomi 12T', brand: 'Xiaomi', price: [1000, 1400], weight: [0.3, 0.5], variants: ['256 GB'], colours: ['Negru', 'Albastru', 'Gri'] },
  { name: 'Telefon Google Pixel 6a', brand: 'Google', price: [800, 1100], weight: [0.3, 0.45], variants: ['128 GB'], colours: ['Negru', 'Verde', 'Alb'] },
  { name: 'Telefon Motorola Moto G52', brand: 'Motorola', price: [400, 600], weight: [0.3, 0.45], variants: ['128 GB'], colours: ['Gri', 'Alb'] },
  { name: 'Telefon Nokia 3310 (2017)', brand: 'Nokia', price: [150, 200], weight: [0.2, 0.3], colours: ['Roșu', 'Albastru', 'Galben', 'Gri'] },
];

export const ELECTRONICS: NamedItem[] = [
  { name: 'Laptop Lenovo ThinkPad T480, Intel i5, 16 GB RAM, SSD 256 GB', brand: 'Lenovo', price: [1000, 1600], weight: [2.2, 2.8], colours: ['Negru'] },
  { name: 'Laptop Dell Latitude 5490, Intel i5, 8 GB RAM', brand: 'Dell', price: [900, 1300], weight: [2.2, 2.8], colours: ['Negru', 'Gri'] },
  { name: 'Laptop Apple MacBook Air M1, 8 GB RAM, SSD 256 GB', brand: 'Apple', price: [2600, 3400], weight: [1.8, 2.3], colours: ['Gri', 'Galben', 'Alb'] },
  { name: 'Laptop HP EliteBook 840 G5, Intel i7, 16 GB RAM', brand: 'HP', price: [1200, 1800], weight: [2.0, 2.6], colours: ['Gri'] },
  { name: 'Laptop Asus VivoBook 15, Ryzen 5, 8 GB RAM', brand: 'Asus', price: [900, 1400], weight: [2.3, 2.9], colours: ['Gri', 'Albastru'] },
  { name: 'Căști wireless Sony WH-1000XM4', brand: 'Sony', price: [550, 800], weight: [0.5, 0.8], colours: ['Negru', 'Bej', 'Albastru'] },
  { name: 'Căști Apple AirPods Pro', brand: 'Apple', price: [450, 650], weight: [0.2, 0.3], colours: ['Alb'] },
  { name: 'Căști JBL Tune 510BT', brand: 'JBL', price: [120, 180], weight: [0.3, 0.5], colours: ['Negru', 'Albastru', 'Roz', 'Alb'] },
  { name: 'Căști Sennheiser HD 450BT', brand: 'Sennheiser', price: [250, 350], weight: [0.4, 0.6], colours: ['Negru', 'Alb'] },
  { name: 'Tabletă Apple iPad 9', brand: 'Apple', price: [900, 1300], weight: [0.8, 1.1], variants: ['64 GB', '256 GB'], colours: ['Gri', 'Alb'] },
  { name: 'Tabletă Samsung Galaxy Tab A8', brand: 'Samsung', price: [450, 700], weight: [0.8, 1.1], variants: ['32 GB', '64 GB'], colours: ['Gri', 'Roz'] },
  { name: 'Cititor e-book Amazon Kindle Paperwhite', brand: 'Amazon', price: [300, 450], weight: [0.3, 0.5], colours: ['Negru'] },
  { name: 'Boxă portabilă JBL Flip 5', brand: 'JBL', price: [250, 380], weight: [0.7, 1.0], colours: ['Negru', 'Albastru', 'Roșu', 'Verde'] },
  { name: 'Boxă Marshall Emberton', brand: 'Marshall', price: [400, 550], weight: [0.9, 1.2], colours: ['Negru'] },
  { name: 'Consolă Sony PlayStation 4 Slim, 500 GB', brand: 'Sony', price: [700, 950], weight: [2.8, 3.5], colours: ['Negru'] },
  { name: 'Consolă Nintendo Switch cu două controllere', brand: 'Nintendo', price: [900, 1200], weight: [1.0, 1.5], colours: ['Roșu', 'Gri'] },
  { name: 'Controller Xbox Wireless', brand: 'Microsoft', price: [150, 220], weight: [0.3, 0.5], colours: ['Negru', 'Alb', 'Albastru'] },
  { name: 'Aparat foto Canon EOS 600D cu obiectiv 18-55 mm', brand: 'Canon', price: [900, 1300], weight: [1.0, 1.5], colours: ['Negru'] },
  { name: 'Aparat foto Sony Alpha a6000 cu obiectiv kit', brand: 'Sony', price: [1300, 1800], weight: [0.8, 1.2], colours: ['Negru', 'Gri'] },
  { name: 'Aparat foto Zenit-E vintage cu obiectiv Helios 44', brand: 'Zenit', price: [150, 300], weight: [1.0, 1.4], colours: ['Negru'] },
  { name: 'Cameră video GoPro Hero 8 Black', brand: 'GoPro', price: [700, 1000], weight: [0.4, 0.7], colours: ['Negru'] },
  { name: 'Smartwatch Apple Watch Series 6, 44 mm', brand: 'Apple', price: [800, 1200], weight: [0.2, 0.35], colours: ['Gri', 'Albastru', 'Roșu'] },
  { name: 'Brățară fitness Xiaomi Mi Band 7', brand: 'Xiaomi', price: [150, 190], weight: [0.1, 0.2], colours: ['Negru'] },
  { name: 'Smartwatch Samsung Galaxy Watch 4', brand: 'Samsung', price: [450, 700], weight: [0.2, 0.35], colours: ['Negru', 'Verde', 'Roz'] },
  { name: 'Smartwatch Garmin Forerunner 245', brand: 'Garmin', price: [500, 750], weight: [0.2, 0.35], colours: ['Negru', 'Alb'] },
  { name: 'Monitor Dell P2419H, 24 inch, Full HD', brand: 'Dell', price: [350, 500], weight: [5.0, 7.0], colours: ['Negru'] },
];

export const SPORT: NamedItem[] = [
  { name: 'Bicicletă de oraș Pegas Strada', brand: 'Pegas', price: [700, 1500], weight: [14.0, 18.0], colours: ['Verde', 'Roșu', 'Albastru', 'Bej', 'Mov'] },
  { name: 'Bicicletă MTB Merida Big.Nine', brand: 'Merida', price: [1200, 2600], weight: [13.0, 16.0], colours: ['Negru', 'Verde', 'Roșu'] },
  { name: 'Minge de fotbal Adidas', brand: 'Adidas', price: [40, 120], weight: [0.5, 0.6], colours: ['Alb'] },
  { name: 'Minge de baschet Spalding', brand: 'Spalding', price: [50, 120], weight: [0.6, 0.8], colours: ['Maro'] },
  { name: 'Rachetă de tenis Wilson', brand: 'Wilson', price: [120, 400], weight: [0.5, 0.8], colours: ['Negru', 'Roșu', 'Albastru'] },
  { name: 'Set gantere reglabile 2 x 10 kg', brand: 'Domyos', price: [90, 220], weight: [20.0, 22.0], colours: ['Negru'] },
  { name: 'Kettlebell din fontă 12 kg', brand: null, price: [70, 140], weight: [12.0, 12.5], colours: ['Negru'] },
  { name: 'Saltea de yoga', brand: 'Domyos', price: [30, 80], weight: [0.9, 1.5], colours: ['Mov', 'Verde', 'Albastru', 'Roz'] },
  { name: 'Rucsac de drumeție Deuter, 30 l', brand: 'Deuter', price: [150, 350], weight: [1.0, 1.6], colours: ['Verde', 'Albastru', 'Roșu', 'Gri'] },
  { name: 'Cort Quechua pentru 2 persoane', brand: 'Quechua', price: [150, 350], weight: [2.5, 4.0], colours: ['Verde', 'Gri', 'Albastru'] },
  { name: 'Sac de dormit', brand: 'Husky', price: [90, 240], weight: [1.2, 2.0], colours: ['Albastru', 'Verde', 'Roșu'] },
  { name: 'Patine cu rotile Rollerblade', brand: 'Rollerblade', price: [120, 300], weight: [2.5, 3.5], colours: ['Negru', 'Alb'] },
  { name: 'Trotinetă electrică Xiaomi Mi 1S', brand: 'Xiaomi', price: [900, 1400], weight: [12.5, 14.0], colours: ['Negru', 'Alb'] },
  { name: 'Geacă de schi', brand: 'Wedze', price: [90, 250], weight: [0.8, 1.3], colours: ['Roșu', 'Albastru', 'Negru', 'Galben'], seasons: ['Iarnă'], sizes: 'letters' },
];

export interface BookItem {
  title: string;
  author: string;
  /** A children's book: its description says so (shoppers search "cărți copii"). */
  children?: boolean;
  /** Older editions first: [publisher, first year, last year]. */
  editions: [string, number, number][];
  price: [number, number];
}

const BPT: [string, number, number] = ['Editura Minerva', 1968, 1989];
const EMINESCU: [string, number, number] = ['Editura Eminescu', 1970, 1988];
const HUMANITAS: [string, number, number] = ['Editura Humanitas', 2005, 2023];
const POLIROM: [string, number, number] = ['Editura Polirom', 2004, 2023];
const ART: [string, number, number] = ['Editura Art', 2010, 2022];
const LITERA: [string, number, number] = ['Editura Litera', 2012, 2023];
const RAO: [string, number, number] = ['Editura RAO', 2002, 2021];
const NEMIRA: [string, number, number] = ['Editura Nemira', 2008, 2023];
const CREANGA: [string, number, number] = ['Editura Ion Creangă', 1969, 1989];
const TINERETULUI: [string, number, number] = ['Editura Tineretului', 1960, 1969];

export const BOOKS: BookItem[] = [
  { title: 'Ion', author: 'Liviu Rebreanu', editions: [BPT, EMINESCU, LITERA], price: [8, 35] },
  { title: 'Pădurea spânzuraților', author: 'Liviu Rebreanu', editions: [BPT, ART], price: [8, 35] },
  { title: 'Enigma Otiliei', author: 'George Călinescu', editions: [BPT, LITERA], price: [10, 40] },
  { title: 'Moromeții', author: 'Marin Preda', editions: [CREANGA, EMINESCU, ART], price: [10, 45] },
  { title: 'Cel mai iubit dintre pământeni', author: 'Marin Preda', editions: [EMINESCU, ART], price: [20, 60] },
  { title: 'Baltagul', author: 'Mihail Sadoveanu', editions: [BPT, CREANGA, LITERA], price: [8, 30] },
  { title: 'Amintiri din copilărie', author: 'Ion Creangă', editions: [CREANGA, TINERETULUI, LITERA], price: [8, 40], children: true },
  { title: 'Maitreyi', author: 'Mircea Eliade', editions: [BPT, HUMANITAS], price: [12, 45] },
  { title: 'Ultima noapte de dragoste, întâia noapte de război', author: 'Camil Petrescu', editions: [BPT, ART], price: [10, 40] },
  { title: 'Patul lui Procust', author: 'Camil Petrescu', editions: [BPT, ART], price: [10, 40] },
  { title: 'Mara', author: 'Ioan Slavici', editions: [BPT, LITERA], price: [8, 30] },
  { title: 'Poezii', author: 'Mihai Eminescu', editions: [TINERETULUI, BPT, LITERA], price: [15, 120] },
  { title: 'Craii de Curtea-Veche', author: 'Mateiu Caragiale', editions: [BPT, POLIROM], price: [12, 45] },
  { title: 'Zahei orbul', author: 'Vasile Voiculescu', editions: [CREANGA, HUMANITAS], price: [15, 50] },
  { title: 'Jurnalul fericirii', author: 'Nicolae Steinhardt', editions: [['Editura Dacia', 1991, 1994], POLIROM], price: [25, 70] },
  { title: 'Solenoid', author: 'Mircea Cărtărescu', editions: [HUMANITAS], price: [40, 80] },
  { title: 'Orbitor. Aripa stângă', author: 'Mircea Cărtărescu', editions: [HUMANITAS], price: [30, 70] },
  { title: 'Cartea șoaptelor', author: 'Varujan Vosganian', editions: [POLIROM], price: [25, 55] },
  { title: 'Fram, ursul polar', author: 'Cezar Petrescu', editions: [CREANGA, TINERETULUI], price: [10, 45], children: true },
  { title: 'Cireșarii', author: 'Constantin Chiriță', editions: [CREANGA, TINERETULUI], price: [10, 50], children: true },
  { title: 'Toate pânzele sus!', author: 'Radu Tudoran', editions: [TINERETULUI, CREANGA], price: [12, 60], children: true },
  { title: '1984', author: 'George Orwell', editions: [POLIROM], price: [18, 40] },
  { title: 'Un veac de singurătate', author: 'Gabriel García Márquez', editions: [RAO, ART], price: [20, 50] },
  { title: 'Maestrul și Margareta', author: 'Mihail Bulgakov', editions: [BPT, POLIROM], price: [15, 50] },
  { title: 'Micul prinț', author: 'Antoine de Saint-Exupéry', editions: [ART, RAO], price: [12, 35], children: true },
  { title: 'Mândrie și prejudecată', author: 'Jane Austen', editions: [BPT, LITERA], price: [12, 40] },
  { title: 'Crimă și pedeapsă', author: 'F.M. Dostoievski', editions: [BPT, ART], price: [12, 45] },
  { title: 'Harry Potter și piatra filozofală', author: 'J.K. Rowling', editions: [['Editura Egmont', 2000, 2008], ART], price: [25, 70], children: true },
  { title: 'Numele trandafirului', author: 'Umberto Eco', editions: [POLIROM], price: [25, 60] },
  { title: 'Sapiens. Scurtă istorie a omenirii', author: 'Yuval Noah Harari', editions: [POLIROM], price: [30, 65] },
  { title: 'Marele Gatsby', author: 'F. Scott Fitzgerald', editions: [BPT, POLIROM], price: [10, 35] },
  { title: 'Hoțul de cărți', author: 'Markus Zusak', editions: [RAO], price: [20, 45] },
  { title: 'Alchimistul', author: 'Paulo Coelho', editions: [HUMANITAS], price: [15, 35] },
  { title: 'Dune', author: 'Frank Herbert', editions: [NEMIRA], price: [30, 75] },
  { title: 'Fundația', author: 'Isaac Asimov', editions: [NEMIRA, ['Editura Teora', 1992, 1999]], price: [20, 55] },
];
