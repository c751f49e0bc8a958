import { expect, test } from '@playwright/test';

test('bad API input gets a 400 with a message, never a 500', async ({ page }) => {
  const response = await page.request.get('/locations/api/locations/abc');
  expect(response.status()).toBe(400);
  expect(response.headers()['content-type']).toContain('application/json');
  const body: unknown = await response.json();
  expect(body).toEqual({ message: expect.any(String) });
});
