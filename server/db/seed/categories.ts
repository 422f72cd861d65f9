/** Marketplace categories; thumbnails are drawn by /media/categories/{slug}.svg. */
export const CATEGORIES = [
  { slug: 'imbracaminte-femei', name: 'Îmbrăcăminte femei' },
  { slug: 'imbracaminte-barbati', name: 'Îmbrăcăminte bărbați' },
  { slug: 'incaltaminte', name: 'Încălțăminte' },
  { slug: 'copii', name: 'Haine pentru copii' },
  { slug: 'jucarii', name: 'Jucării' },
  { slug: 'accesorii', name: 'Accesorii' },
  { slug: 'casa-si-gradina', name: 'Casă și grădină' },
  { slug: 'bucatarie', name: 'Bucătărie' },
  { slug: 'decoratiuni', name: 'Decorațiuni' },
  { slug: 'carti', name: 'Cărți' },
  { slug: 'electronice', name: 'Electronice' },
  { slug: 'telefoane', name: 'Telefoane' },
  { slug: 'sport', name: 'Sport și timp liber' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const categoryRows = CATEGORIES.map((c, position) => ({
  name: c.name,
  slug: c.slug,
  thumbnail: `/media/categories/${c.slug}.svg`,
  position,
}));
