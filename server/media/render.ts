/**
 * Generated artwork: small flat SVG illustrations for products, categories, shops, banners
 * and flash sales. Pure functions (string in, string out): no network, no files. Every piece
 * of text is XML-escaped; each image stays around 2 KB.
 */

/** XML-escapes text for element content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

// ---------------------------------------------------------------- colours

const BRAND = { light: '#d8f3e9', mid: '#289c80', main: '#1b7e68', dark: '#13433b' };

/** Hex values of the seeded colour options (attribute_options kind=color). */
export const COLOUR_HEX: Record<string, string> = {
  Negru: '#2f3033',
  Alb: '#f3f0e8',
  Gri: '#8e9297',
  Albastru: '#3f72b8',
  Bleumarin: '#263a63',
  Roșu: '#c9473d',
  Verde: '#3f8f5a',
  Bej: '#d8c19d',
  Maro: '#8b5a3c',
  Roz: '#e89ab5',
  Galben: '#e6bd45',
  Mov: '#8a60b1',
};

/** Pleasant fallback colours, chosen by a stable hash. */
const PALETTE = ['#1b7e68', '#c9673d', '#3f72b8', '#8a60b1', '#b8862b', '#c9473d', '#2f8f9d', '#6b8f3f', '#a0527a', '#4b5fa8'];

export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const paletteColour = (key: string | number) => PALETTE[hashOf(String(key)) % PALETTE.length]!;

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` towards `other` by t (0..1). */
export function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

const svg = (w: number, h: number, body: string, label?: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"${label ? ` role="img" aria-label="${esc(label)}"` : ''}>${body}</svg>`;

const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"`;

// ---------------------------------------------------------------- illustrations (400x400 space)

/** Fill, dark (outlines, details) and light (highlights) tones of one colour. */
interface Tones {
  c: string;
  d: string;
  l: string;
}

const ARTS = {
  tshirt: ({ c, d }: Tones) =>
    `<path d="M150 90L120 100 70 140l30 45 30-20v155h140V165l30 20 30-45-50-40-30-10q-50 40-100 0z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/>`,
  shirt: ({ c, d, l }: Tones) =>
    `<path d="M150 85l-35 13-45 52-10 140 35 5 15-105 20-20v150h140V170l20 20 15 105 35-5-10-140-45-52-35-13-50 30z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M150 85l50 30-22 25zM250 85l-50 30 22 25z" fill="${l}" stroke="${d}" stroke-width="4"/><g fill="${d}"><circle cx="200" cy="160" r="5"/><circle cx="200" cy="200" r="5"/><circle cx="200" cy="240" r="5"/><circle cx="200" cy="280" r="5"/></g>`,
  sweater: ({ c, d }: Tones) =>
    `<path d="M150 85l-35 13-45 52-10 140 35 5 15-105 20-20v150h140V170l20 20 15 105 35-5-10-140-45-52-35-13q-50 40-100 0z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M132 300h136M62 278l33 5M338 278l-33 5" stroke="${d}" stroke-width="10" opacity=".35"/>`,
  jacket: ({ c, d, l }: Tones) =>
    `<path d="M150 80l-35 13-45 57-10 140 35 5 15-105 20-20v155h140V170l20 20 15 105 35-5-10-140-45-57-35-13-50 25z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M200 105v220" stroke="${d}" stroke-width="5"/><path d="M150 80l50 25-25 45zM250 80l-50 25 25 45z" fill="${l}" opacity=".5"/><path d="M145 250h35M220 250h35" stroke="${d}" stroke-width="5" stroke-linecap="round"/>`,
  coat: ({ c, d, l }: Tones) =>
    `<path d="M155 70l-40 15-45 60-12 170 35 5 17-130 15-15v180h150V175l15 15 17 130 35-5-12-170-45-60-40-15-45 35z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M155 70l45 35-35 60zM245 70l-45 35 35 60z" fill="${l}" opacity=".45"/><g fill="${d}"><circle cx="180" cy="200" r="6"/><circle cx="220" cy="200" r="6"/><circle cx="180" cy="250" r="6"/><circle cx="220" cy="250" r="6"/></g>`,
  dress: ({ c, d }: Tones) =>
    `<path d="M165 75h70l10 75q-15 20 5 40l60 140q-110 20-220 0l60-140q20-20 5-40z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M150 180h100" stroke="${d}" stroke-width="12" opacity=".4"/><path d="M172 75l-6-25M228 75l6-25" stroke="${d}" stroke-width="6" stroke-linecap="round"/>`,
  skirt: ({ c, d }: Tones) =>
    `<path d="M140 110h120l50 190q-110 25-220 0z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M138 110h124v25H138z" fill="${d}" opacity=".5"/><path d="M170 140l-20 160M200 140v168M230 140l20 160" stroke="${d}" stroke-width="4" opacity=".35"/>`,
  pants: ({ c, d }: Tones) =>
    `<path d="M135 75h130l15 255h-65l-15-180-15 180h-65z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M135 100h130M155 100q5 30 30 30M245 100q-5 30-30 30" fill="none" stroke="${d}" stroke-width="4" opacity=".6"/>`,
  bodysuit: ({ c, d, l }: Tones) =>
    `<path d="M160 90l-40 20-25 40 30 20 15-15v105q10 40 45 50h30q35-10 45-50V155l15 15 30-20-25-40-40-20q-40 30-80 0z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><g fill="${l}" stroke="${d}" stroke-width="3"><circle cx="185" cy="300" r="6"/><circle cx="215" cy="300" r="6"/></g>`,
  sneaker: ({ c, d, l }: Tones) =>
    `<path d="M70 280l8-92q32-16 64 2l8 8q18-38 55-28l45 45q60 10 85 30 13 17 5 35z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M82 192q30-12 58 0" fill="none" stroke="${d}" stroke-width="9" stroke-linecap="round"/><rect x="62" y="278" width="286" height="24" rx="10" fill="${l}" stroke="${d}" stroke-width="5"/><path d="M170 182l18 16M188 174l18 18M206 178l18 18" stroke="${l}" stroke-width="6" stroke-linecap="round"/><path d="M110 245q60 10 120-25" fill="none" stroke="${l}" stroke-width="8" stroke-linecap="round"/>`,
  boot: ({ c, d, l }: Tones) =>
    `<path d="M130 90h80l5 140q75 5 100 30 10 20 0 35H120l5-95z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="112" y="295" width="212" height="22" rx="8" fill="${d}"/><path d="M128 105h84" stroke="${l}" stroke-width="12"/>`,
  teddy: ({ c, d, l }: Tones) =>
    `<g fill="${c}" stroke="${d}" stroke-width="5"><circle cx="150" cy="115" r="28"/><circle cx="250" cy="115" r="28"/><circle cx="200" cy="270" r="72"/><circle cx="135" cy="320" r="28"/><circle cx="265" cy="320" r="28"/><circle cx="200" cy="160" r="60"/></g><ellipse cx="200" cy="180" rx="26" ry="20" fill="${l}"/><g fill="${d}"><circle cx="178" cy="150" r="6"/><circle cx="222" cy="150" r="6"/><circle cx="200" cy="175" r="7"/></g>`,
  blocks: ({ c, d, l }: Tones) =>
    `<g stroke="${d}" stroke-width="5"><rect x="90" y="220" width="220" height="90" rx="8" fill="${c}"/><rect x="150" y="140" width="120" height="80" rx="8" fill="${l}"/></g><g fill="${c}" stroke="${d}" stroke-width="4"><rect x="110" y="200" width="30" height="20" rx="4"/><rect x="282" y="200" width="20" height="20" rx="4"/><rect x="165" y="120" width="30" height="20" rx="4"/><rect x="225" y="120" width="30" height="20" rx="4"/></g>`,
  car: ({ c, d, l }: Tones) =>
    `<path d="M70 260v-40l40-10 40-50h100l50 50 30 10v40z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M160 170h40v40h-70zM215 170h30l35 40h-65z" fill="${l}"/><g fill="${d}"><circle cx="130" cy="265" r="30"/><circle cx="280" cy="265" r="30"/></g><g fill="${l}"><circle cx="130" cy="265" r="11"/><circle cx="280" cy="265" r="11"/></g>`,
  lamp: ({ c, d }: Tones) =>
    `<path d="M140 90h120l40 100H100z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="192" y="190" width="16" height="115" fill="${d}"/><ellipse cx="200" cy="312" rx="70" ry="15" fill="${d}"/>`,
  chair: ({ c, d }: Tones) =>
    `<rect x="130" y="80" width="140" height="135" rx="12" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="110" y="210" width="180" height="32" rx="8" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M125 242l-8 80M275 242l8 80M160 242l-3 60M240 242l3 60" stroke="${d}" stroke-width="12" stroke-linecap="round"/>`,
  mug: ({ c, d, l }: Tones) =>
    `<path d="M255 170q55 0 55 45t-55 45" fill="none" stroke="${d}" stroke-width="22"/><rect x="110" y="140" width="150" height="170" rx="16" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M150 90q-15 15 0 30M185 80q-15 20 0 40M220 90q-15 15 0 30" fill="none" stroke="${l}" stroke-width="7" stroke-linecap="round"/>`,
  pot: ({ c, d, l }: Tones) =>
    `<rect x="70" y="195" width="40" height="18" rx="8" fill="${d}"/><rect x="290" y="195" width="40" height="18" rx="8" fill="${d}"/><rect x="100" y="170" width="200" height="130" rx="22" fill="${c}" stroke="${d}" stroke-width="6"/><ellipse cx="200" cy="165" rx="110" ry="20" fill="${d}"/><rect x="180" y="125" width="40" height="22" rx="8" fill="${l}" stroke="${d}" stroke-width="4"/>`,
  vase: ({ c, d, l }: Tones) =>
    `<path d="M175 95q-10-40-40-55M225 95q15-45 50-50M200 95V30" stroke="${d}" stroke-width="5" fill="none"/><g fill="${l}"><circle cx="135" cy="40" r="14"/><circle cx="275" cy="45" r="14"/><circle cx="200" cy="28" r="14"/></g><path d="M170 95h60l-5 35q75 60 45 150-15 40-70 40t-70-40q-30-90 45-150z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M138 220h124" stroke="${l}" stroke-width="10"/>`,
  frame: ({ c, d, l }: Tones) =>
    `<rect x="100" y="80" width="200" height="240" rx="6" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="125" y="105" width="150" height="190" fill="${l}"/><path d="M125 295l50-80 30 40 25-30 45 70z" fill="${d}" opacity=".5"/><circle cx="240" cy="145" r="16" fill="${c}"/>`,
  clock: ({ c, d }: Tones) =>
    `<circle cx="200" cy="200" r="125" fill="${c}" stroke="${d}" stroke-width="6"/><circle cx="200" cy="200" r="100" fill="#fffdf8"/><path d="M200 200v-65M200 200l45 30" stroke="${d}" stroke-width="9" stroke-linecap="round"/><path d="M200 108v16M200 276v16M108 200h16M276 200h16" stroke="${d}" stroke-width="6"/>`,
  rug: ({ c, d, l }: Tones) =>
    `<rect x="80" y="110" width="240" height="180" rx="6" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="100" y="130" width="200" height="140" fill="none" stroke="${l}" stroke-width="6"/><path d="M200 150l40 50-40 50-40-50z" fill="${l}"/><path d="M90 290v20M120 290v20M150 290v20M180 290v20M210 290v20M240 290v20M270 290v20M300 290v20" stroke="${d}" stroke-width="4"/>`,
  book: ({ c, d, l }: Tones) =>
    `<rect x="130" y="75" width="170" height="250" rx="6" fill="#f7f2e6" stroke="${d}" stroke-width="5"/><rect x="115" y="65" width="170" height="250" rx="6" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="115" y="65" width="24" height="250" fill="${d}" opacity=".45"/><rect x="160" y="115" width="100" height="44" rx="4" fill="${l}"/><path d="M170 130h80M170 145h55" stroke="${d}" stroke-width="5"/>`,
  phone: ({ c, d }: Tones) =>
    `<rect x="135" y="55" width="130" height="290" rx="24" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="148" y="78" width="104" height="240" rx="10" fill="#1f2a33"/><path d="M160 90h80l-40 140z" fill="#fff" opacity=".08"/><rect x="180" y="64" width="40" height="6" rx="3" fill="${d}"/>`,
  tablet: ({ c, d }: Tones) =>
    `<rect x="85" y="80" width="230" height="250" rx="20" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="102" y="98" width="196" height="214" rx="8" fill="#1f2a33"/><path d="M115 110h120l-90 180z" fill="#fff" opacity=".08"/>`,
  laptop: ({ c, d }: Tones) =>
    `<rect x="100" y="95" width="200" height="145" rx="10" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="114" y="109" width="172" height="117" rx="4" fill="#1f2a33"/><path d="M70 248h260l18 30H52z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="175" y="255" width="50" height="8" rx="4" fill="${d}"/>`,
  headphones: ({ c, d }: Tones) =>
    `<path d="M112 235q0-145 88-145t88 145" fill="none" stroke="${d}" stroke-width="30" stroke-linecap="round"/><path d="M112 235q0-145 88-145t88 145" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round"/><g fill="${c}" stroke="${d}" stroke-width="6"><rect x="82" y="205" width="58" height="100" rx="22"/><rect x="260" y="205" width="58" height="100" rx="22"/></g>`,
  camera: ({ c, d, l }: Tones) =>
    `<rect x="150" y="105" width="75" height="40" rx="8" fill="${d}"/><rect x="80" y="130" width="240" height="165" rx="18" fill="${c}" stroke="${d}" stroke-width="6"/><circle cx="200" cy="213" r="58" fill="${d}"/><circle cx="200" cy="213" r="38" fill="#1f2a33"/><circle cx="186" cy="199" r="10" fill="${l}" opacity=".6"/>`,
  watch: ({ c, d }: Tones) =>
    `<rect x="170" y="60" width="60" height="280" rx="20" fill="${c}" stroke="${d}" stroke-width="5"/><circle cx="200" cy="200" r="58" fill="${d}"/><circle cx="200" cy="200" r="46" fill="#fffdf8"/><path d="M200 200v-30M200 200l22 12" stroke="${d}" stroke-width="6" stroke-linecap="round"/>`,
  speaker: ({ c, d, l }: Tones) =>
    `<rect x="110" y="95" width="180" height="215" rx="28" fill="${c}" stroke="${d}" stroke-width="6"/><circle cx="200" cy="240" r="45" fill="${d}"/><circle cx="200" cy="240" r="18" fill="${l}"/><circle cx="200" cy="150" r="22" fill="${d}"/>`,
  bag: ({ c, d, l }: Tones) =>
    `<path d="M150 175q0-75 50-75t50 75" fill="none" stroke="${d}" stroke-width="14"/><path d="M100 170h200l22 150H78z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><rect x="180" y="200" width="40" height="24" rx="6" fill="${l}" stroke="${d}" stroke-width="4"/>`,
  backpack: ({ c, d }: Tones) =>
    `<path d="M170 110q0-35 30-35t30 35" fill="none" stroke="${d}" stroke-width="12"/><rect x="120" y="105" width="160" height="220" rx="45" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="145" y="215" width="110" height="80" rx="16" fill="${d}" opacity=".35"/><path d="M160 215h80" stroke="${d}" stroke-width="5"/>`,
  glasses: ({ c, d }: Tones) =>
    `<path d="M90 180l-30-30M310 180l30-30M180 195q20-15 40 0" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/><g fill="${d}" stroke="${c}" stroke-width="10"><rect x="90" y="170" width="95" height="75" rx="30"/><rect x="215" y="170" width="95" height="75" rx="30"/></g>`,
  hat: ({ c, d, l }: Tones) =>
    `<circle cx="200" cy="105" r="28" fill="${l}" stroke="${d}" stroke-width="4"/><path d="M110 260q0-135 90-135t90 135z" fill="${c}" stroke="${d}" stroke-width="6"/><rect x="100" y="240" width="200" height="50" rx="14" fill="${d}" opacity=".8"/>`,
  scarf: ({ c, d }: Tones) =>
    `<path d="M140 90h120v60l30 170h-55l-25-150h-20l-25 150h-55l30-170z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M115 320v15M130 320v15M145 320v15M255 320v15M270 320v15M285 320v15" stroke="${d}" stroke-width="4"/>`,
  belt: ({ c, d }: Tones) =>
    `<rect x="55" y="180" width="290" height="42" rx="18" fill="${c}" stroke="${d}" stroke-width="5"/><rect x="250" y="165" width="62" height="72" rx="10" fill="none" stroke="${d}" stroke-width="10"/><g fill="${d}"><circle cx="110" cy="201" r="5"/><circle cx="145" cy="201" r="5"/><circle cx="180" cy="201" r="5"/></g>`,
  wallet: ({ c, d, l }: Tones) =>
    `<rect x="95" y="130" width="210" height="145" rx="16" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M225 175h80v55h-80q-15 0-15-27t15-28z" fill="${d}" opacity=".6"/><circle cx="240" cy="202" r="8" fill="${l}"/>`,
  ball: ({ c, d }: Tones) =>
    `<circle cx="200" cy="200" r="115" fill="${c}" stroke="${d}" stroke-width="6"/><path d="M200 165l33 24-12 39h-42l-12-39z" fill="${d}"/><path d="M200 165V90M233 189l70-25M221 228l45 60M179 228l-45 60M167 189l-70-25" stroke="${d}" stroke-width="5"/>`,
  dumbbell: ({ c, d }: Tones) =>
    `<rect x="110" y="188" width="180" height="24" rx="6" fill="${d}"/><g fill="${c}" stroke="${d}" stroke-width="5"><rect x="80" y="135" width="40" height="130" rx="8"/><rect x="280" y="135" width="40" height="130" rx="8"/><rect x="55" y="160" width="28" height="80" rx="6"/><rect x="317" y="160" width="28" height="80" rx="6"/></g>`,
  bike: ({ c, d }: Tones) =>
    `<g fill="none" stroke="${d}" stroke-width="10"><circle cx="115" cy="260" r="62"/><circle cx="285" cy="260" r="62"/></g><path d="M115 260l60-95h85l25 95M175 165l25 95 60-95M200 260H115M160 140h35M250 140l10 25" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  tent: ({ c, d }: Tones) =>
    `<path d="M70 305L200 100l130 205z" fill="${c}" stroke="${d}" stroke-width="6" stroke-linejoin="round"/><path d="M200 150l-50 155h100z" fill="${d}" opacity=".55"/><path d="M50 310h300" stroke="${d}" stroke-width="6" stroke-linecap="round"/>`,
  racket: ({ c, d, l }: Tones) =>
    `<rect x="188" y="225" width="24" height="115" rx="10" fill="${d}"/><ellipse cx="200" cy="150" rx="75" ry="95" fill="${l}" stroke="${c}" stroke-width="16"/><path d="M160 70v160M200 58v184M240 70v160M130 110h140M125 150h150M130 190h140" stroke="${d}" stroke-width="3" opacity=".5"/>`,
} satisfies Record<string, (t: Tones) => string>;

export type ArtKind = keyof typeof ARTS;

/** Illustration by the product's name (normalised), checked in order. */
const NAME_RULES: [RegExp, ArtKind][] = [
  [/^carte/, 'book'],
  [/tricou|polo/, 'tshirt'],
  [/camasa|bluza/, 'shirt'],
  [/pulover|cardigan|hanorac|pijama/, 'sweater'],
  [/geaca|sacou|jacheta/, 'jacket'],
  [/palton|trenci/, 'coat'],
  [/rochi/, 'dress'],
  [/fusta/, 'skirt'],
  [/^body|salopeta/, 'bodysuit'],
  [/blugi|pantaloni/, 'pants'],
  [/ghete|cizme|bocanci/, 'boot'],
  [/adidasi|tenisi|pantofi|sandale|balerini|patine/, 'sneaker'],
  [/ursulet|papusa/, 'teddy'],
  [/trotineta electrica|bicicleta/, 'bike'],
  [/lego|cuburi|puzzle|^joc|xilofon|centru de activitati/, 'blocks'],
  [/masinut|trotineta|scaun auto|premergator/, 'car'],
  [/veioza|lampa|glob/, 'lamp'],
  [/scaun|fotoliu|taburet/, 'chair'],
  [/cana|cani|pahare|ibric/, 'mug'],
  [/tigaie|oala|oale|cratita|fierbator|mixer|expresor|rasnita|tacamuri|farfurii/, 'pot'],
  [/vaza|ghiveci|stropitoare|sfesnic|lumanari|figurina|unelte/, 'vase'],
  [/oglinda|rama|tablou|icoana/, 'frame'],
  [/ceas de perete/, 'clock'],
  [/covor|perna/, 'rug'],
  [/telefon/, 'phone'],
  [/laptop|monitor/, 'laptop'],
  [/tableta|kindle|cititor/, 'tablet'],
  [/casti/, 'headphones'],
  [/aparat foto|camera/, 'camera'],
  [/smartwatch|bratara|ceas/, 'watch'],
  [/boxa|consola|controller/, 'speaker'],
  [/rucsac/, 'backpack'],
  [/geanta|sac de dormit/, 'bag'],
  [/ochelari/, 'glasses'],
  [/caciula|palarie/, 'hat'],
  [/esarfa/, 'scarf'],
  [/curea/, 'belt'],
  [/portofel/, 'wallet'],
  [/minge/, 'ball'],
  [/gantere|kettlebell|saltea/, 'dumbbell'],
  [/cort/, 'tent'],
  [/racheta/, 'racket'],
];

/** Illustration of each category (thumbnails, and the fallback for products). */
export const CATEGORY_ART: Record<string, ArtKind> = {
  'imbracaminte-femei': 'dress',
  'imbracaminte-barbati': 'shirt',
  incaltaminte: 'sneaker',
  copii: 'bodysuit',
  jucarii: 'teddy',
  accesorii: 'bag',
  'casa-si-gradina': 'chair',
  bucatarie: 'pot',
  decoratiuni: 'vase',
  carti: 'book',
  electronice: 'laptop',
  telefoane: 'phone',
  sport: 'ball',
};

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function artFor(name: string, categorySlug: string): ArtKind {
  const key = normalise(name);
  return NAME_RULES.find(([rule]) => rule.test(key))?.[1] ?? CATEGORY_ART[categorySlug] ?? 'bag';
}

function tones(colour: string): Tones {
  return { c: colour, d: mix(colour, '#000000', luminance(colour) > 0.75 ? 0.55 : 0.35), l: mix(colour, '#ffffff', 0.55) };
}

/** Soft background: a tint of the colour, or a cool grey-green for very light colours. */
const softBackground = (colour: string) => (luminance(colour) > 0.75 ? '#e3ebe7' : mix(colour, '#ffffff', 0.86));

// ---------------------------------------------------------------- products

export interface ProductArt {
  id: number;
  name: string;
  categorySlug: string;
  /** Name of the product's first colour option, if any. */
  colour: string | null;
}

/** Image n (1..3) of a product: 1 is the front view, 2 a tilted view, 3 a close-up. */
export function renderProductImage(product: ProductArt, n: number): string {
  const colour = (product.colour && COLOUR_HEX[product.colour]) || paletteColour(product.id);
  const bg = softBackground(colour);
  const art = ARTS[artFor(product.name, product.categorySlug)](tones(colour));
  const variant = (((n - 1) % 3) + 3) % 3;
  const transform = ['', ' transform="rotate(-8 200 200) translate(20 20) scale(.9)"', ' transform="translate(-110 -110) scale(1.55)"'][
    variant
  ];
  const backdrop = variant === 1 ? mix(bg, '#000000', 0.05) : bg;
  return svg(
    400,
    400,
    `<rect width="400" height="400" fill="${backdrop}"/><circle cx="200" cy="210" r="150" fill="#fff" opacity=".45"/><ellipse cx="200" cy="350" rx="120" ry="12" fill="#000" opacity=".06"/><g${transform}>${art}</g>`,
    product.name,
  );
}

/**
 * The product's illustration alone (400x400 space, no background) with its colour and the soft
 * background colour: what server/media/photo.ts photographs.
 */
export function productArt(product: ProductArt): { art: string; colour: string; background: string; dark: string } {
  const colour = (product.colour && COLOUR_HEX[product.colour]) || paletteColour(product.id);
  const t = tones(colour);
  return { art: ARTS[artFor(product.name, product.categorySlug)](t), colour, background: softBackground(colour), dark: t.d };
}

/** Category illustration alone (400x400 space) and its colour. */
export function categoryArt(slug: string): { art: string; colour: string } {
  const colour = paletteColour(slug);
  return { art: ARTS[CATEGORY_ART[slug] ?? 'bag'](tones(colour)), colour };
}

/** Illustration for a home banner's title (400x400 space) and the banner's colour. */
export function bannerArt(banner: { id: number; title: string }): { art: string; colour: string } {
  const colour = PALETTE[(banner.id - 1 + PALETTE.length) % PALETTE.length]!;
  const key = normalise(banner.title);
  return { art: ARTS[BANNER_RULES.find(([rule]) => rule.test(key))?.[1] ?? 'bag'](tones(mix(colour, '#ffffff', 0.2))), colour };
}

export const shopColourOf = (shop: { id: number }) => shopColour(shop);
export const shopInitials = (name: string) => initials(name);
export { FONT as SVG_FONT };

/** Thumbnail of a product video: the front view, darkened, with a play button. */
export function renderVideoThumbnail(product: ProductArt): string {
  const image = renderProductImage(product, 1);
  const overlay = `<rect width="400" height="400" fill="#000" opacity=".28"/><circle cx="200" cy="200" r="48" fill="#fff" opacity=".92"/><path d="M185 175v50l42-25z" fill="${BRAND.main}"/>`;
  return image.replace(/<\/svg>$/, `${overlay}</svg>`);
}

// ---------------------------------------------------------------- categories

export function renderCategoryThumbnail(category: { slug: string; name: string }): string {
  const colour = paletteColour(category.slug);
  const art = ARTS[CATEGORY_ART[category.slug] ?? 'bag'](tones(colour));
  return svg(
    200,
    200,
    `<rect width="200" height="200" rx="40" fill="${mix(colour, '#ffffff', 0.85)}"/><g transform="translate(20 20) scale(.4)">${art}</g>`,
    category.name,
  );
}

// ---------------------------------------------------------------- shops

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** Shop colour: by id, so neighbouring shops never share one. */
const shopColour = (shop: { id: number }) => PALETTE[(shop.id - 1 + PALETTE.length * 1000) % PALETTE.length]!;

export function renderShopLogo(shop: { id: number; name: string }): string {
  const colour = shopColour(shop);
  return svg(
    200,
    200,
    `<circle cx="100" cy="100" r="96" fill="${colour}"/><circle cx="100" cy="100" r="84" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><text x="100" y="102" text-anchor="middle" dominant-baseline="middle" ${FONT} font-size="72" font-weight="700" fill="#fff">${esc(initials(shop.name))}</text>`,
    shop.name,
  );
}

export function renderShopBanner(shop: { id: number; name: string; city: string }): string {
  const colour = shopColour(shop);
  const id = `g${shop.id}`;
  return svg(
    1200,
    300,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.15)}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.35)}"/></linearGradient></defs><rect width="1200" height="300" fill="url(#${id})"/><circle cx="1060" cy="40" r="190" fill="#fff" opacity=".08"/><circle cx="940" cy="300" r="120" fill="#fff" opacity=".06"/><text x="80" y="150" ${FONT} font-size="64" font-weight="700" fill="#fff">${esc(shop.name)}</text><text x="82" y="205" ${FONT} font-size="30" fill="#fff" opacity=".85">${esc(shop.city)} · magazin second-hand</text>`,
    shop.name,
  );
}

// ---------------------------------------------------------------- banners and flash sales

/** Greedy word wrap to at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
  }
  return lines;
}

const textLines = (lines: string[], x: number, y: number, step: number) =>
  lines.map((line, i) => `<tspan x="${x}" y="${y + i * step}">${esc(line)}</tspan>`).join('');

const BANNER_RULES: [RegExp, ArtKind][] = [
  [/cart|libr|anticariat/, 'book'],
  [/electronic|telefon|laptop/, 'phone'],
  [/incaltaminte|pantofi|ghete|sandale/, 'sneaker'],
  [/iarna|geci|palton/, 'coat'],
  [/haine|rochi|toamna|vara/, 'dress'],
  [/jucari|copii/, 'teddy'],
  [/casa|decor/, 'lamp'],
  [/sport/, 'bike'],
];

export function renderHomeBanner(banner: { id: number; title: string; subtitle: string | null }): string {
  const colour = PALETTE[(banner.id - 1 + PALETTE.length) % PALETTE.length]!;
  const key = normalise(banner.title);
  const art = ARTS[BANNER_RULES.find(([rule]) => rule.test(key))?.[1] ?? 'bag'](tones(mix(colour, '#ffffff', 0.2)));
  const title = wrap(banner.title, 20, 2);
  const subtitle = banner.subtitle ? wrap(banner.subtitle, 44, 2) : [];
  // Title, subtitle and button, centred vertically in the 400 px height.
  const height = title.length * 60 + 16 + subtitle.length * 34 + 24 + 48;
  const top = Math.round((400 - height) / 2);
  const subY = top + title.length * 60 + 16 + 26;
  const buttonY = top + title.length * 60 + 16 + subtitle.length * 34 + 24;
  const ink = mix(colour, '#000000', 0.45);
  return svg(
    1200,
    400,
    `<rect width="1200" height="400" fill="${mix(colour, '#ffffff', 0.82)}"/><circle cx="960" cy="200" r="230" fill="${mix(colour, '#ffffff', 0.6)}"/><circle cx="1130" cy="40" r="90" fill="${mix(colour, '#ffffff', 0.45)}" opacity=".6"/><g transform="translate(800 40) scale(.8)">${art}</g><text ${FONT} font-size="52" font-weight="800" fill="${ink}">${textLines(title, 80, top + 48, 60)}</text>${subtitle.length ? `<text ${FONT} font-size="26" fill="${mix(colour, '#000000', 0.3)}">${textLines(subtitle, 82, subY, 34)}</text>` : ''}<rect x="80" y="${buttonY}" width="230" height="48" rx="24" fill="${mix(colour, '#000000', 0.25)}"/><text x="195" y="${buttonY + 31}" text-anchor="middle" ${FONT} font-size="20" font-weight="700" fill="#fff">Descoperă acum</text>`,
    banner.subtitle ? `${banner.title} — ${banner.subtitle}` : banner.title,
  );
}

export function renderFlashSale(sale: { id: number; name: string }): string {
  const id = `f${sale.id}`;
  return svg(
    600,
    300,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#d1495b"/></linearGradient></defs><rect width="600" height="300" rx="24" fill="url(#${id})"/><circle cx="510" cy="70" r="120" fill="#fff" opacity=".1"/><path d="M545 45l-55 95h40l-22 85 72-110h-44l27-70z" fill="#ffe066" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><text x="40" y="70" ${FONT} font-size="22" font-weight="700" fill="#fff" opacity=".9" letter-spacing="2">OFERTĂ FULGER</text><text ${FONT} font-size="44" font-weight="800" fill="#fff">${textLines(wrap(sale.name, 13, 2), 40, 150, 54)}</text>`,
    sale.name,
  );
}

// ---------------------------------------------------------------- brand, payments, social

export function renderBrandLogo(): string {
  return svg(
    180,
    48,
    `<rect x="2" y="2" width="44" height="44" rx="12" fill="${BRAND.main}"/><path d="M24 12a5 5 0 0 1 5 5c0 3-5 3-5 7l14 9H10l14-9" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><text x="56" y="34" ${FONT} font-size="28" font-weight="800" fill="${BRAND.dark}">Talcioc</text>`,
    'Talcioc',
  );
}

const PAYMENTS: Record<string, string> = {
  cash: `<rect x="1" y="1" width="70" height="26" rx="6" fill="#fff" stroke="#cfd8d4"/><rect x="8" y="7" width="24" height="14" rx="2" fill="${BRAND.mid}"/><circle cx="20" cy="14" r="4" fill="#fff"/><text x="38" y="18.5" ${FONT} font-size="11" font-weight="700" fill="${BRAND.dark}">LEI</text>`,
  card: `<rect x="1" y="1" width="70" height="26" rx="6" fill="#fff" stroke="#cfd8d4"/><rect x="8" y="6" width="26" height="16" rx="3" fill="#3f72b8"/><rect x="8" y="10" width="26" height="3" fill="#263a63"/><rect x="12" y="16" width="7" height="3" rx="1" fill="#e6bd45"/><text x="38" y="18.5" ${FONT} font-size="10" font-weight="700" fill="#263a63">CARD</text>`,
};

export const PAYMENT_NAMES = Object.keys(PAYMENTS);

export function renderPaymentLogo(name: string): string | null {
  const body = PAYMENTS[name];
  return body ? svg(72, 28, body, name) : null;
}

const SOCIAL: Record<string, string> = {
  facebook: `<circle cx="14" cy="14" r="14" fill="#1877f2"/><path d="M15.5 23v-7.5h2.6l.4-3h-3V10.6c0-.9.3-1.5 1.5-1.5h1.6V6.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H9.8v3h2.6V23z" fill="#fff"/>`,
  instagram: `<rect width="28" height="28" rx="8" fill="#d6336c"/><rect x="6" y="6" width="16" height="16" rx="5" fill="none" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="4" fill="none" stroke="#fff" stroke-width="2"/><circle cx="19" cy="9" r="1.2" fill="#fff"/>`,
  tiktok: `<circle cx="14" cy="14" r="14" fill="#111"/><path d="M15 7v10a3 3 0 1 1-3-3" fill="none" stroke="#25f4ee" stroke-width="2.2" stroke-linecap="round" transform="translate(-.8 .6)"/><path d="M15 7v10a3 3 0 1 1-3-3M15 7q1 3.5 4.5 4" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>`,
};

export const SOCIAL_NAMES = Object.keys(SOCIAL);

export function renderSocialLogo(name: string): string | null {
  const body = SOCIAL[name];
  return body ? svg(28, 28, body, name) : null;
}
