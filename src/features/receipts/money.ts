/** "$12.50", "-$12.50": receipts always show cents. */
export function formatAmount(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  return `${dollars < 0 ? '-' : ''}$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

export function cardText(brand: string | null, last4: string | null): string {
  if (!last4) return '';
  const name = !brand || brand === 'unknown' ? 'Card' : brand.toUpperCase();
  return `${name} ending in ${last4}`;
}
