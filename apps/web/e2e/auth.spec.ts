import { expect, test } from '@playwright/test';
import { login, PASSWORD, unique, USERS } from './helpers';

test.describe('login and landing (SPEC §2)', () => {
  test('admin lands in the back office home', async ({ page }) => {
    await login(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Velkommen, ${USERS.admin.firstname}` })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(USERS.admin.name);
    await expect(page.getByTestId('user-menu')).toContainText(USERS.admin.email);
    await expect(page).toHaveTitle(/Forside/);
  });

  test('staff lands in the back office home', async ({ page }) => {
    await login(page, 'staff');
    await expect(page.getByRole('heading', { name: `Velkommen, ${USERS.staff.firstname}` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
  });

  test('member lands on the public Forside', async ({ page }) => {
    await login(page, 'member');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Velkommen til Demo IF/ })).toBeVisible();
    await expect(page.getByRole('link', { name: USERS.member.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log ud' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Forside/);
  });

  test('a member cannot open the back office', async ({ page }) => {
    await login(page, 'member');
    await page.goto('/settings/modules');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Velkommen til Demo IF/ })).toBeVisible();
  });

  test('wrong password shows the server message in a red banner', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(USERS.staff.email);
    await page.getByLabel('Adgangskode').fill('forkert-kode');
    await page.getByRole('button', { name: 'Log ind' }).click();
    const banner = page.getByTestId('banner-error');
    await expect(banner).toHaveText('Forkert e-mail eller adgangskode.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login form validates in Danish before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('E-mail er påkrævet')).toBeVisible();
    await expect(page.getByText('Adgangskode er påkrævet')).toBeVisible();
  });

  test('a login schema that cannot be fetched fails the form in words, not silently', async ({ page }) => {
    // /login fetches zod and its schema when the form is first used (ui/form-core useLazyZodForm).
    await page.route(/\/assets\/(schemas|auth)-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(USERS.staff.email);
    await page.getByLabel('Adgangskode').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByTestId('banner-error')).toHaveText('Der opstod en ukendt fejl!');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout ends the session', async ({ page }) => {
    await login(page, 'staff');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('without a user a back-office path goes to /login and login returns there', async ({ page }) => {
    await page.goto('/settings/modules?q=Kontakter');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(USERS.admin.email);
    await page.getByLabel('Adgangskode').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page).toHaveURL(/\/settings\/modules\?q=Kontakter$/);
    await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  });

  test('login page links to forgot-password and signup', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Husk mig')).toBeAttached();
    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Opret bruger' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('password and signup pages', () => {
  test('forgot password shows the green confirmation', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill(USERS.member.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByTestId('banner-success')).toHaveText('E-mail blev sendt med et link til at genskabe din adgangskode');
  });

  test('reset password without a token goes to login', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('reset password with a bad token shows the failure text', async ({ page }) => {
    await page.goto('/reset-password?token=ugyldig-token');
    await page.getByLabel('Ny adgangskode').fill('nyadgangskode1');
    await page.getByLabel('Gentag adgangskode').fill('nyadgangskode1');
    await page.getByRole('button', { name: 'Gem adgangskode' }).click();
    await expect(page.getByTestId('banner-error')).toHaveText('Adgangskoden kunne ikke genskabes');
  });

  test('signup requires every field and a matching repeat, then shows the server message', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(page.getByText('Fornavn er påkrævet')).toBeVisible();
    await expect(page.getByText('Efternavn er påkrævet')).toBeVisible();

    const email = `${unique('signup')}@example.dk`;
    await page.getByLabel('Fornavn').fill('Test');
    await page.getByLabel('Efternavn').fill('Person');
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name="password"]').fill('hemmelig123');
    await page.getByLabel('Gentag adgangskode').fill('noget-andet');
    await page.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(page.getByText('Gentag adgangskode skal matche Adgangskode')).toBeVisible();

    await page.getByLabel('Gentag adgangskode').fill('hemmelig123');
    await page.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(page.getByTestId('banner-success')).toContainText('Din bruger blev oprettet!');
    await expect(page.getByLabel('Fornavn')).toHaveCount(0);
  });
});
