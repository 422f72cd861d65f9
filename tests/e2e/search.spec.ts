/**
 * Search as shoppers type it (issue #13), in a real Chromium against the real server and the
 * seeded catalog: plurals ("rochii", "geci"), a typo ("gaeca") with "did you mean", a two-word
 * query across fields ("cărți copii"), the suggestions dropdown used with the keyboard only, the
 * header's search icon clicked with the mouse (it used to move away under the pointer), and the
 * filter panel's option counts.
 */
import { expect, test, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { typeAndPressSearchIcon } from './header-search.ts';

const cardTitles = (page: Page) => page.getByTestId('product-card').getByRole('heading');

async function searchFromHeader(page: Page, text: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const box = page.getByTestId('search-desktop').getByRole('combobox');
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products\\?search=${encodeURIComponent(text)}$`));
  // The search page's own list (not the home page's cards still on screen while it loads).
  await expect(page.getByTestId('results-count')).toContainText(/\d/, { timeout: 15_000 });
  await expect(page.getByTestId('product-card').first()).toBeVisible();
}

test('"rochii" (plural) finds dresses, and only dresses come first', async ({ page }) => {
  await searchFromHeader(page, 'rochii');
  const titles = await cardTitles(page).allTextContents();
  expect(titles.length).toBeGreaterThan(2);
  for (const title of titles) expect(title).toMatch(/^Rochi(e|ță)/);
});

test('"geci" (irregular plural) finds jackets', async ({ page }) => {
  await searchFromHeader(page, 'geci');
  const titles = await cardTitles(page).allTextContents();
  expect(titles.length).toBeGreaterThan(2);
  for (const title of titles) expect(title).toMatch(/^Geacă/);
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
});

test('"gaeca" (a typo) shows the jackets and says "did you mean geacă"', async ({ page }) => {
  await searchFromHeader(page, 'gaeca');
  const notice = page.getByTestId('did-you-mean');
  await expect(notice).toContainText('geacă');
  await expect(notice).toContainText('gaeca');
  for (const title of await cardTitles(page).allTextContents()) expect(title).toMatch(/^Geacă/);
  await notice.getByRole('link', { name: 'geacă' }).click();
  await expect(page).toHaveURL(/\/products\?search=geac%C4%83$/);
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
  // The header's box shows the search now on screen, not the typo.
  await expect(page.getByTestId('search-desktop').getByRole('combobox')).toHaveValue('geacă');
  await expect(cardTitles(page).first()).toContainText('Geacă');
});

test('a search opened by its address shows its words in the header box, also back and forward', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products?search=rochii');
  const box = page.getByTestId('search-desktop').getByRole('combobox');
  await expect(box).toHaveValue('rochii');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await box.fill('geci');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=geci$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?search=rochii$/);
  await expect(box).toHaveValue('rochii');
});

test('"cărți copii" (two words, category + description) finds the children\'s books', async ({ page }) => {
  await searchFromHeader(page, 'cărți copii');
  const titles = await cardTitles(page).allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles)
    expect(title).toMatch(
      /^Carte "(Amintiri din copilărie|Fram, ursul polar|Cireșarii|Toate pânzele sus!|Micul prinț|Harry Potter și piatra filozofală)"/,
    );
});

test('the suggestions dropdown works with the keyboard alone: arrows, Enter, Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const box = page.getByTestId('search-desktop').getByRole('combobox');
  await box.focus();
  await page.keyboard.type('gea');
  const list = page.getByTestId('search-desktop').getByRole('listbox', { name: ro['search.suggestions'] });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('geacă');

  // ↓ highlights the first option, ↓ the second, ↑ back to the first.
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  // Escape closes the list and keeps the text.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('gea');

  // ↓ opens it again; Enter on the highlighted option searches it.
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=geac%C4%83$/);
  await expect(box).toHaveValue('geacă');
  await expect(cardTitles(page).first()).toContainText('Geacă');
});

test('a category suggestion opens the category page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const box = page.getByTestId('search-desktop').getByRole('combobox');
  await box.focus();
  await page.keyboard.type('jucă');
  const option = page.getByTestId('search-desktop').getByRole('option', { name: /Jucării/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/categories\/jucarii$/);
});

for (const [width, variant] of [
  [375, 'mobile'],
  [1280, 'desktop'],
] as const) {
  test(`clicking the search icon with the mouse searches (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await typeAndPressSearchIcon(page, variant, 'geci');
    await expect(page).toHaveURL(/\/products\?search=geci$/);
    await expect(cardTitles(page).first()).toContainText('Geacă');
  });
}

test('the filter panel shows how many products each option has ("M (12)")', async ({ page, request }) => {
  const facets = (await (await request.get('/api/products/facets?category=1')).json()).data;
  const size = facets.sizes[0];
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/filtered-products?category=1');
  const panel = page.getByTestId('filter-panel-sidebar');
  await expect(panel.getByLabel(`${size.name} (${size.count})`, { exact: true })).toBeVisible({ timeout: 15_000 });
  const category = facets.categories.find((c: { id: number }) => c.id === 1);
  await expect(panel.getByLabel(`${category.name} (${category.count})`, { exact: true })).toBeChecked();
});
