/**
 * Card brand icons (spec 2 §3: visa, amex, diners, discover, jcb, mastercard, unionpay, unknown or
 * empty): a small badge drawn here in the brand's colour with its short name, so no logo files or
 * third-party requests are needed.
 */
const BRANDS: Record<string, { label: string; background: string; color: string }> = {
  visa: { label: 'VISA', background: '#1a1f71', color: '#fff' },
  amex: { label: 'AMEX', background: '#2e77bb', color: '#fff' },
  diners: { label: 'DINERS', background: '#0079be', color: '#fff' },
  discover: { label: 'DISCOVER', background: '#ff6000', color: '#fff' },
  jcb: { label: 'JCB', background: '#0e4c96', color: '#fff' },
  mastercard: { label: 'MC', background: '#eb001b', color: '#fff' },
  unionpay: { label: 'UNIONPAY', background: '#d10429', color: '#fff' },
};
const UNKNOWN = { label: 'CARD', background: '#6b6b6b', color: '#fff' };

export function brandName(brand: string): string {
  return brand in BRANDS ? (brand === 'mastercard' ? 'Mastercard' : brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
}

export function BrandIcon({ brand }: { brand: string }) {
  const look = BRANDS[brand] ?? UNKNOWN;
  return (
    <svg className="brand-icon" viewBox="0 0 64 40" width="48" height="30" role="img" aria-label={brandName(brand)} data-brand={brand in BRANDS ? brand : 'unknown'}>
      <rect width="64" height="40" rx="6" fill={look.background} />
      <text x="32" y="25" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={look.label.length > 5 ? 9 : 13} fill={look.color}>{look.label}</text>
    </svg>
  );
}
