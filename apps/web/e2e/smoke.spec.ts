import { expect, test } from '@playwright/test';

test('the app serves the web client', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Klubhus' })).toBeVisible();
});
