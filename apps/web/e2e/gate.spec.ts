import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { eventWithTickets } from './gate-fixtures';
import { apiLogin, login, serious, trpc } from './helpers';

/**
 * Issue 16's browser tests on the built app: the Tilmeldte tab of an event with booked tickets;
 * scanning a ticket through the scan modal by typing its code (as a hand scanner does) shows
 * 'Bekræftet', scanning it again the red 'Billet ikke bekræftet' with when and by whom; the list
 * then shows it scanned with its scan button disabled. axe on the tab and the modal; screenshots.
 */
const SHOTS = join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'gate-screens');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

test('scan a ticket in the modal by typing its code: Bekræftet, then the red panel; the list shows it scanned', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await apiLogin(page.request, 'staff');
  const { eventId, codes } = await eventWithTickets(page.request, baseURL as string, 'Stregkode');
  await login(page, 'staff');
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Tilmeldte' }).click();
  const table = page.getByRole('table', { name: 'Tilmeldte' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Gustav Gæst');
  await expect(page.getByTestId('attendee-overview')).toContainText('0 / 2');
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'attendees');

  await page.getByRole('button', { name: 'Scan billet' }).click();
  const modal = page.getByTestId('scan-modal');
  const field = modal.getByLabel('Billetnummer');
  await expect(field).toBeFocused();
  // A hand scanner types the code; the scan runs 500 ms after the last key.
  await field.pressSequentially(codes[0], { delay: 5 });
  const ok = modal.getByTestId('scan-confirmed');
  await expect(ok).toBeVisible();
  await expect(ok).toContainText('Bekræftet');
  await expect(ok).toContainText('Gustav Gæst');
  await expect(ok).toContainText('Fribillet');
  await expect(field).toHaveValue('');
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'scan-confirmed');

  await field.pressSequentially(codes[0], { delay: 5 });
  const refused = modal.getByTestId('scan-refused');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('Billet ikke bekræftet');
  await expect(refused).toContainText('Billetten er allerede scannet');
  await expect(refused).toContainText(/Scannet \d\d\.\d\d\.\d{4} kl\. \d\d:\d\d af Søren Stab/);
  await expect(modal.getByTestId('scan-confirmed')).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'scan-refused');

  // An unknown code: the red panel with its reason.
  await field.fill('ikkeenbillet');
  await expect(refused).toContainText('Billetten findes ikke');
  await modal.getByRole('button', { name: 'Luk' }).click();

  // The list: Gustav scanned, his button disabled; Grethe not; the filter Scannet shows only Gustav.
  await expect(page.getByRole('button', { name: 'Scan Gustav Gæst' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Scan Grethe Gæst' })).toBeEnabled();
  await expect(page.getByTestId('attendee-overview')).toContainText('1 / 2');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Scannet' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Gustav Gæst');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Ikke scannet' });
  await expect(table).not.toContainText('Gustav Gæst');
  await expect(table).toContainText('Grethe Gæst');
  // Scanning from the list.
  await page.getByRole('button', { name: 'Scan Grethe Gæst' }).click();
  await expect(table).not.toContainText('Grethe Gæst');
  await expect(page.getByTestId('attendee-overview')).toContainText('2 / 2');
  // The event itself was not saved by any of this (no form submit).
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}`));
  await context.close();
});

test('controlType Manuelt: staff tick attendees off by hand; no scan modal', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await apiLogin(page.request, 'staff');
  const { eventId } = await eventWithTickets(page.request, baseURL as string, 'Manuelt');
  await login(page, 'staff');
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Tilmeldte' }).click();
  await expect(page.getByRole('button', { name: 'Scan billet' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Afkryds Gustav Gæst' }).click();
  await expect(page.getByRole('button', { name: 'Afkryds Gustav Gæst' })).toBeDisabled();
  await expect(page.getByTestId('attendee-overview')).toContainText('1 / 2');
  expect(await serious(page)).toEqual([]);
  await context.close();
});

test('Bordplan: add tables, place guests by drag and drop and by list, blocked at zero seats, auto-seating, table cards PDF in a new tab', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await apiLogin(page.request, 'staff');
  const { eventId } = await eventWithTickets(page.request, baseURL as string, 'Stregkode', ['Anders', 'Bente', 'Carl', 'Dorte'], { hasTables: true });
  await login(page, 'staff');
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Bordplan' }).click();
  const unplaced = page.getByTestId('unplaced');
  await expect(unplaced).toContainText('Ikke placeret (4)');

  const addTable = async (title: string, seats: string, autoPlace = true) => {
    await page.getByRole('button', { name: 'Tilføj bord' }).click();
    const modal = page.getByTestId('table-modal');
    await modal.getByLabel('Titel').fill(title);
    await modal.getByLabel('Pladser').fill(seats);
    if (!autoPlace) await modal.getByText('Placer automatisk ved dette bord').click();
    await modal.getByRole('button', { name: 'Gem' }).click();
    await expect(page.getByRole('group', { name: title })).toBeVisible();
  };
  await addTable('Bord 1', '1');
  await addTable('Bord 2', '3');
  await addTable('Hovedbord', '4', false);
  const bord1 = page.getByRole('group', { name: 'Bord 1' });
  const bord2 = page.getByRole('group', { name: 'Bord 2' });
  await expect(bord1.getByTestId('seats-left')).toHaveText('1 ledige');

  // Drag a guest by its handle with the mouse. A tall window: near its edge the drag scrolls the page.
  await page.setViewportSize({ width: 1366, height: 1600 });
  const drag = async (guest: string, target: typeof bord1) => {
    const handle = unplaced.getByRole('button', { name: `Flyt ${guest}` });
    // In the middle of the window: a handle at its edge starts dnd-kit's auto-scroll, and the page
    // then moves under the pointer (the drop lands beside the table).
    // The lists refetched after the last change must have landed: a row drawn anew under a pressed
    // pointer loses the drag.
    await page.waitForLoadState('networkidle');
    await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // hover waits until the handle stands still (the window was just resized: the layout may still
    // move) and puts the pointer on it; pressed beside it, the drag would select text instead.
    await handle.hover();
    const from = await handle.boundingBox();
    if (!from) throw new Error('no handle');
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
    const to = await target.boundingBox();
    if (!to) throw new Error('no target');
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    // Once more where it is now: should the page have scrolled after all, the pointer follows the table.
    const at = await target.boundingBox();
    if (at) await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2, { steps: 2 });
    await page.mouse.up();
  };
  await drag('Anders Gæst', bord1);
  await expect(bord1).toContainText('Anders Gæst');
  await expect(bord1.getByTestId('seats-left')).toHaveText('0 ledige');
  await expect(unplaced).toContainText('Ikke placeret (3)');

  // Bord 1 is full: dragging Bente there places nobody; the list offers it disabled.
  await drag('Bente Gæst', bord1);
  await expect(page.getByText('Der er ikke flere ledige pladser ved bordet')).toBeVisible();
  await expect(unplaced).toContainText('Bente Gæst');
  await expect(bord1).not.toContainText('Bente Gæst');
  await expect(unplaced.getByRole('combobox', { name: 'Placer Bente Gæst ved bord' }).locator('option', { hasText: 'Bord 1' })).toBeDisabled();

  // The keyboard way: the list beside a guest.
  await unplaced.getByRole('combobox', { name: 'Placer Bente Gæst ved bord' }).selectOption({ label: 'Bord 2 (3 ledige)' });
  await expect(bord2).toContainText('Bente Gæst');
  await expect(bord2.getByTestId('seats-left')).toHaveText('2 ledige');
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'tables-placed');

  // Auto-seating: the two left go to Bord 2 (autoPlace), never to Hovedbord.
  await page.getByRole('button', { name: 'Placer automatisk' }).click();
  await expect(unplaced).toContainText('Ikke placeret (0)');
  await expect(bord2.getByTestId('seats-left')).toHaveText('0 ledige');
  await expect(page.getByRole('group', { name: 'Hovedbord' }).getByTestId('guest')).toHaveCount(0);
  await shoot(page, 'tables-auto');

  // Seats are locked once guests sit at a table.
  await page.getByRole('button', { name: 'Rediger bord Bord 2' }).click();
  await expect(page.getByTestId('table-modal').getByLabel('Pladser')).toBeDisabled();
  await page.getByTestId('table-modal').getByRole('button', { name: 'Fortryd' }).click();

  // Table cards: a PDF in a new tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Bordkort' }).click()]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  // What the tab shows: the cards the server drew (the blob stays the opener's; the CSP keeps fetch to the app).
  const cards = await trpc(page.request).query<{ fileName: string; mimeType: string; base64: string }>('gate.tableCards', { id: eventId });
  expect(cards.mimeType).toBe('application/pdf');
  expect(Buffer.from(cards.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  // The public table plan: a guest finds the table by name.
  const guestPage = await browser.newContext({ baseURL });
  const pub = await guestPage.newPage();
  await pub.goto(`/public/events/${eventId}/table-plan`);
  await expect(pub.getByRole('heading', { name: /^Bordplan – / })).toBeVisible();
  await expect(pub.getByRole('region', { name: 'Bord 2' })).toContainText('Bente Gæst');
  await pub.getByRole('searchbox').fill('Anders');
  await expect(pub.getByRole('region', { name: 'Bord 1' })).toContainText('Anders Gæst');
  await expect(pub.getByRole('region', { name: 'Bord 2' })).toHaveCount(0);
  expect(await serious(pub)).toEqual([]);
  await shoot(pub, 'public-table-plan');
  await guestPage.close();
  await context.close();
});

test('gate mode: confirms offline from its copy, queues with nonces, replays when back online and lists what another gate had let in', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await apiLogin(page.request, 'staff');
  const { eventId, codes } = await eventWithTickets(page.request, baseURL as string, 'Stregkode', ['Ib', 'Jytte', 'Kaj']);
  await login(page, 'staff');
  await page.goto(`/events/${eventId}/gate`);
  const field = page.getByLabel('Billetnummer');
  await expect(page.getByTestId('gate-online')).toHaveText('Online');
  await expect(page.getByRole('heading', { name: /^Portscanner – / })).toBeVisible();
  // Online: the server answers.
  await field.pressSequentially(codes[0], { delay: 5 });
  await expect(page.getByTestId('scan-confirmed')).toContainText('Ib Gæst');
  expect(await serious(page)).toEqual([]);

  // The connection goes: Jytte and Kaj are confirmed from the device's copy and queued; Ib again is refused locally.
  await context.setOffline(true);
  await field.pressSequentially(codes[1], { delay: 5 });
  await expect(page.getByTestId('scan-confirmed')).toContainText('Jytte Gæst');
  await expect(page.getByText('Bekræftet offline')).toBeVisible();
  await expect(page.getByTestId('gate-online')).toHaveText('Offline');
  await field.pressSequentially(codes[2], { delay: 5 });
  await expect(page.getByTestId('scan-confirmed')).toContainText('Kaj Gæst');
  await expect(page.getByTestId('gate-queue')).toHaveText('2 scanninger venter på at blive sendt');
  await field.pressSequentially(codes[0], { delay: 5 });
  await expect(page.getByTestId('scan-refused')).toContainText('Billetten er allerede scannet');
  await shoot(page, 'gate-offline');

  // Meanwhile another gate (online) lets Kaj in.
  const other = await playwrightRequest.newContext({ baseURL });
  await apiLogin(other, 'admin');
  const first = await trpc(other).mutate<{ status: string }>('gate.scan', { id: eventId, ticketId: codes[2] });
  expect(first.status).toBe('confirmed');

  // Back online: the queue is replayed once; Jytte counted, Kaj shown as a duplicate from another gate.
  await context.setOffline(false);
  await expect(page.getByTestId('gate-online')).toHaveText('Online');
  await expect(page.getByTestId('gate-queue')).toHaveText('0 scanninger venter på at blive sendt');
  await expect(page.getByTestId('gate-later')).toContainText('Kaj Gæst');
  await expect(page.getByTestId('gate-later')).toContainText(/Scannet .* af Anna Admin/);
  expect(await serious(page)).toEqual([]);
  await shoot(page, 'gate-replayed');
  const overview = await trpc(other).query<{ scanned: number }>('gate.overview', { id: eventId });
  expect(overview.scanned).toBe(3);
  // Each ticket counted once: Ib, Jytte (from the queue), Kaj (the other gate).
  const list = await trpc(other).query<{ result: { name: string; scannedBy: string }[] }>('gate.attendees', { id: eventId, status: 'scanned' });
  expect(list.result.map((a) => [a.name, a.scannedBy])).toEqual([
    ['Ib Gæst', 'Søren Stab'],
    ['Jytte Gæst', 'Søren Stab'],
    ['Kaj Gæst', 'Anna Admin'],
  ]);
  await other.dispose();
  await context.close();
});
