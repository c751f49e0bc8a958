import { expect, test } from '@playwright/test';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts.ts';

test('home renders the hero and the way to the locations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Our Locations' })).toBeVisible();
});

test('a static page renders its seeded copy', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: /About/, level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/1956/).first()).toBeVisible();
});

test('an unknown path lands on /no-parking', async ({ page }) => {
  await page.goto('/this-garage-does-not-exist');
  await expect(page).toHaveURL(/\/no-parking$/);
  await expect(page.getByText('No Parking Here')).toBeVisible();
});

test('a first visit draws the announcement banner with the page: nothing below it shifts', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Announcements' })).toContainText('Thanksgiving weekend');
  await expect(page.getByRole('link', { name: 'See Our Locations' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutShifts(page)).toEqual([]);
});
