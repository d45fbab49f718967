import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiLogin, trpc } from './helpers';

interface Invites {
  companies: { name: string; invites: { token: string; link: string; contact: { firstname: string }; products: { product: string; amount: number }[] }[] }[];
}

// The link of a mailed invitation opens the invitation for a visitor without a session.
test('an invitation link shows the event, the invitee and the invited tickets; an unknown link says so', async ({ browser, baseURL, request }) => {
  await apiLogin(request, 'staff');
  const api = trpc(request);
  const events = await api.query<{ rows: { id: number; title: string }[] }>('events.list', { search: 'Sponsoraften' });
  const gala = events.rows.find((e) => e.title === 'Sponsoraften 2026');
  expect(gala, 'the demo sponsor evening').toBeTruthy();
  const invites = await api.query<Invites>('events.invites', { id: gala?.id });
  const invite = invites.companies[0].invites[0];
  expect(new URL(invite.link).pathname).toBe(`/public/events/invite/${invite.token}`);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/public/events/invite/${invite.token}`);
  await expect(page.getByRole('heading', { name: 'Du er inviteret til Sponsoraften 2026' })).toBeVisible();
  await expect(page.getByText(`Kære ${invite.contact.firstname}, ${invites.companies[0].name}`)).toBeVisible();
  await expect(page.getByRole('row', { name: /Enkeltbillet\s+2/ })).toBeVisible();
  await expect(page).toHaveTitle(/Invitation: Sponsoraften 2026/);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.goto(`/public/events/invite/${'x'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'Invitationen blev ikke fundet' })).toBeVisible();
  await context.close();
});
