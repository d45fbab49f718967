import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { login, screenshots, serious, trpc, unique } from './helpers';

const shoot = screenshots(process.env.E2E_SHOTS_DIR ?? '/tmp/seating-shots');

const save = (page: Page) => page.getByRole('button', { name: 'Gem', exact: true }).click();
/** 'YYYY-MM-DDTHH:mm' in the browser's zone (the test runs in the club's), days from now. */
const local = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

test('draw a chart in the editor, seat an event on it, see Planoversigt follow a buyer’s hold, block a seat', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const chartName = unique('E2E Tribune');
  const eventName = unique('E2E Pladskamp');
  await login(page, 'staff');

  // The chart: a section of 3 rows × 8 seats, drawn from the form.
  await page.goto('/events/charts');
  await expect(page.getByRole('heading', { name: 'Salsplaner' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret salsplan' }).click();
  await expect(page.getByRole('heading', { name: 'Opret salsplan' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Kategorier' })).toContainText('Standard');
  await page.locator('input[name="name"]').fill(chartName);
  await page.getByRole('button', { name: 'Tilføj sektion' }).click();
  const section = page.getByTestId('section-modal');
  await section.locator('input[name="rows"]').fill('0');
  await section.getByRole('button', { name: 'Tilføj' }).click();
  await expect(section.getByText('Rækker skal minimum være 1 eller mere')).toBeVisible();
  await section.locator('input[name="name"]').fill('Langside');
  await section.locator('input[name="rows"]').fill('3');
  await section.locator('input[name="seatsPerRow"]').fill('8');
  await section.getByRole('button', { name: 'Tilføj' }).click();
  await expect(page.getByRole('table', { name: 'Sektioner' })).toContainText('Langside');
  const drawing = page.getByRole('listbox', { name: 'Salsplanens pladser' });
  await expect(drawing.getByRole('option')).toHaveCount(24);

  // Seats chosen by click and by keyboard become wheelchair places of the Kørestol category.
  await drawing.locator('[data-seat="A-1-1"]').click();
  await expect(page.getByText('1 plads markeret')).toBeVisible();
  await drawing.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByText('2 pladser markeret')).toBeVisible();
  await expect(drawing.getByRole('option', { name: 'Langside, række 1, plads 3, Standard, ledig' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Kategori til markerede pladser').selectOption({ label: 'Kørestol' });
  await page.getByRole('button', { name: 'Sæt kategori' }).click();
  await expect(drawing.getByRole('option', { name: /Kørestol/ })).toHaveCount(2);
  await save(page);
  await expect(page.getByText('Salsplanen blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/charts\/\d+$/);
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'chart-editor');

  // An event seated on it, open for booking now.
  await page.goto('/events/create');
  await page.locator('select[name="typeId"]').selectOption({ label: 'Hjemmekamp' });
  // The type's template fills the form first (SPEC §4), then the event's own fields.
  await expect(page.locator('input[name="location"]')).toHaveValue(/Demo Park/);
  await page.locator('input[name="title"]').fill(eventName);
  await page.locator('input[name="startDate"]').fill(local(20));
  await page.locator('input[name="endDate"]').fill(local(20.1));
  await page.locator('input[name="signUpStart"]').fill(local(-1));
  await page.locator('input[name="signUpDeadline"]').fill(local(19));
  const seating = page.getByRole('checkbox', { name: 'Pladser (salsplan)' });
  if (!(await seating.isChecked())) await seating.check({ force: true });
  await page.locator('select[name="seating.chartId"]').selectOption({ label: `${chartName} (24 pladser)` });
  await save(page);
  await expect(page.getByText('Arrangement blev oprettet!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  const eventId = Number(new URL(page.url()).pathname.split('/').pop());

  // Planoversigt: 24 free seats; a buyer on the storefront holds one and the screen follows.
  await page.getByRole('tab', { name: 'Planoversigt' }).click();
  await expect(page.getByTestId('seats-free')).toHaveText('24');
  const visitor = await playwrightRequest.newContext({ baseURL });
  const hold = await trpc(visitor).mutate<{ token: string; seats: string[] }>('publicSeats.hold', { eventId, seats: ['A-2-4'] });
  expect(hold.seats).toEqual(['A-2-4']);
  await expect(page.getByTestId('seats-held')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('seats-free')).toHaveText('23');
  const map = page.getByRole('listbox', { name: `Pladskort for ${eventName}` });
  await expect(map.locator('[data-seat="A-2-4"]')).toHaveAttribute('aria-label', /reserveret/);

  // Salgstilstand: block a seat; a held seat cannot be blocked (the server's Danish refusal).
  await page.getByText('Salgstilstand').click();
  await map.locator('[data-seat="A-3-8"]').click();
  await page.getByRole('button', { name: 'Spær', exact: true }).click();
  await expect(page.getByText('Pladserne blev opdateret!')).toBeVisible();
  await expect(page.getByTestId('seats-blocked')).toHaveText('1');
  await map.locator('[data-seat="A-2-4"]').click();
  await page.getByRole('button', { name: 'Spær', exact: true }).click();
  await expect(page.getByText('Holdte eller solgte pladser kan ikke spærres eller frigives')).toBeVisible();
  await page.getByRole('button', { name: 'Ryd markering' }).click();

  // The buyer lets go: the seat is free again.
  await trpc(visitor).mutate('publicSeats.release', { eventId, token: hold.token });
  await expect(page.getByTestId('seats-held')).toHaveText('0', { timeout: 15_000 });
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'planoversigt');
  await visitor.dispose();
  await context.close();
});
