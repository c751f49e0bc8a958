/**
 * Page chrome by path (spec 1 §2.2, spec 3 §2): the footer is hidden on search, location
 * detail and pay-by-plate pages; account and park-and-pay pages sit on a grey background.
 */
export type LayoutFlags = { isFooterHidden: boolean; isGreyBackground: boolean };

const startsWithSegment = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function getLayoutFlags(pathname: string): LayoutFlags {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const isSearch = startsWithSegment(path, '/search');
  const isLocationDetail = /^\/locations\/[^/]+/.test(path);
  const isParkAndPay = startsWithSegment(path, '/parkandpay');
  const isAccount = startsWithSegment(path, '/my-account');
  return { isFooterHidden: isSearch || isLocationDetail || isParkAndPay, isGreyBackground: isAccount || isParkAndPay };
}
