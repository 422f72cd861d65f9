import { describe, expect, it } from 'vitest';
import {
  baseForm,
  likeContains,
  MAX_SEARCH_TERMS,
  normalizeSearchText,
  productSearchText,
  regexLiteral,
  searchDocument,
  searchFoldingVersion,
  searchTerms,
  searchWords,
} from './search-text.ts';

describe('normalizeSearchText', () => {
  it('folds Romanian diacritics and case in both directions', () => {
    expect(normalizeSearchText('Geacă')).toBe('geaca');
    expect(normalizeSearchText('GEACĂ')).toBe('geaca');
    expect(normalizeSearchText('geaca')).toBe('geaca');
    expect(normalizeSearchText('Încălțăminte')).toBe('incaltaminte');
    expect(normalizeSearchText('ÎMBRĂCĂMINTE BĂRBAȚI')).toBe('imbracaminte barbati');
    expect(normalizeSearchText('Pâine și cârnați')).toBe('paine si carnati');
  });

  it('treats cedilla ş ţ and comma-below ș ț as the same letters', () => {
    const comma = 'Eșarfă Țesută, ȘAL';
    const cedilla = 'Eşarfă Ţesută, ŞAL';
    expect(normalizeSearchText(comma)).toBe('esarfa tesuta, sal');
    expect(normalizeSearchText(cedilla)).toBe(normalizeSearchText(comma));
    // Composed input and already decomposed input agree.
    expect(normalizeSearchText('s\u0326t\u0327')).toBe('st');
  });

  it('collapses whitespace and trims; removes control characters', () => {
    expect(normalizeSearchText('  Rochie\t de \n vară  ')).toBe('rochie de vara');
    expect(normalizeSearchText('a\u0000b\u200bc\u00a0d')).toBe('a b c d');
    expect(normalizeSearchText('x\uD800y')).toBe('x y');
  });

  it('keeps punctuation and other scripts, answers "" for nothing', () => {
    expect(normalizeSearchText("Levi's 501 & H&M")).toBe("levi's 501 & h&m");
    expect(normalizeSearchText('Straße')).toBe('straße');
    expect(normalizeSearchText('')).toBe('');
    expect(normalizeSearchText(null)).toBe('');
    expect(normalizeSearchText(undefined)).toBe('');
    expect(normalizeSearchText('\u0301\u0308')).toBe('');
  });
});

describe('searchTerms', () => {
  it('splits the folded query into distinct terms', () => {
    expect(searchTerms('  Geacă   ZARA geaca ')).toEqual(['geaca', 'zara']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} terms`, () => {
    const many = Array.from({ length: 30 }, (_, i) => `t${i}`).join(' ');
    expect(searchTerms(many)).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe('productSearchText', () => {
  it('puts name, brand, category, shop and description one per line, as searchDocument() makes them', () => {
    expect(
      productSearchText({
        name: 'Geci din piele',
        brand: 'H&M',
        categoryName: 'Îmbrăcăminte femei',
        shopName: 'Garderoba Bunicii',
        description: 'Rochiță de vară, ca nouă!',
      }),
    ).toBe('geaca din piele\nh m\nimbracaminte femeie\ngarderoba bunic\nrochie de vara ca noua');
    expect(productSearchText({ name: 'Jocuri', brand: null })).toBe('joc\n\n\n\n');
  });
});

describe('searchWords, baseForm and searchDocument', () => {
  it('splits folded text on anything but letters and digits', () => {
    expect(searchWords("Levi's 501, GEACĂ—bleumarin")).toEqual(['levi', 's', '501', 'geaca', 'bleumarin']);
    expect(searchWords('  %%  ')).toEqual([]);
  });
  it('replaces irregular forms by their base form, and leaves other words alone', () => {
    expect(['geci', 'gecile', 'genti', 'oglinzi', 'tigai', 'tricouri', 'pulovere', 'rochita', 'copii', 'adidasi'].map(baseForm)).toEqual([
      'geaca',
      'geaca',
      'geanta',
      'oglinda',
      'tigaie',
      'tricou',
      'pulover',
      'rochie',
      'copil',
      'sneakers',
    ]);
    expect(baseForm('zara')).toBe('zara');
    expect(searchDocument('Gecile și GENȚILE')).toBe('geaca si geanta');
  });
  it('brings every form the Romanian dictionary knows to its lemma, with or without diacritics (issue 40)', () => {
    const forms = ['jocuri', 'jocurile', 'jocul', 'jocului', 'jocurilor'];
    expect(forms.map(baseForm)).toEqual(forms.map(() => 'joc'));
    expect(['rucsacuri', 'rucsacurile', 'rucsacul'].map(baseForm)).toEqual(['rucsac', 'rucsac', 'rucsac']);
    expect(searchDocument('Şoselele, ȘOSELEI, şoseaua')).toBe('sosea sosea sosea');
    expect(searchDocument('Jucăriile și jucariile')).toBe('jucarie si jucarie');
    // A dictionary entry stays itself; the project's list wins over the dictionary.
    expect(['joc', 'mare', 'fata'].map(baseForm)).toEqual(['joc', 'mare', 'fata']);
    expect(['adidasii', 'adidasul', 'copiilor', 'casti', 'rochitele'].map(baseForm)).toEqual([
      'sneakers',
      'adidas',
      'copil',
      'casti',
      'rochie',
    ]);
  });
  it('is idempotent: a base form is its own base form', () => {
    for (const word of ['jocuri', 'geci', 'rochitele', 'adidasilor', 'gentute', 'femei', 'copii', 'pantofii', 'zara'])
      expect(baseForm(baseForm(word))).toBe(baseForm(word));
  });
});

describe('searchFoldingVersion', () => {
  it('names the table and the list it was made from', () => {
    expect(searchFoldingVersion()).toMatch(/^[0-9a-f]{16}-[0-9a-f]{8}$/);
  });
});

describe('likeContains', () => {
  it('escapes LIKE metacharacters', () => {
    expect(likeContains('geaca')).toBe('%geaca%');
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likeContains('a_b')).toBe('%a\\_b%');
    expect(likeContains('c:\\x')).toBe('%c:\\\\x%');
  });
});

describe('regexLiteral', () => {
  it('escapes everything but letters and digits', () => {
    expect(regexLiteral('geaca1')).toBe('geaca1');
    expect(regexLiteral("a.b*c(d)[e]\\f'")).toBe("a\\.b\\*c\\(d\\)\\[e\\]\\\\f\\'");
    expect(regexLiteral('straße')).toBe('straße');
  });
});
