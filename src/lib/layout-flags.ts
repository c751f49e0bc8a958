/**
 * Page chrome by path (spec 1 §2.2, spec 3 §2): the footer is hidden on search, location
 * detail and pay-by-plate pages; account and park-and-pay pages sit on a grey background.
 * The cookie notice waits while the driver is on a lot screen (park-and-pay, session, tickets,
 * retrieve, pay, redeem): it shows on the next other page, so nothing sits between the driver
 * and the gate and the lot-code screen has one Continue button.
 */
export type LayoutFlags = { isFooterHidden: boolean; isGreyBackground: boolean; isCookieNoticeDeferred: boolean };

const LOT_SCREENS = ['/parkandpay', '/retrieve-car', '/pay-for-parking', '/leavefast', '/app'];

const startsWithSegment = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function getLayoutFlags(pathname: string): LayoutFlags {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const isSearch = startsWithSegment(path, '/search');
  const isLocationDetail = /^\/locations\/[^/]+/.test(path);
  const isParkAndPay = startsWithSegment(path, '/parkandpay');
  const isAccount = startsWithSegment(path, '/my-account');
  const isLotScreen = LOT_SCREENS.some((prefix) => startsWithSegment(path, prefix));
  return { isFooterHidden: isSearch || isLocationDetail || isParkAndPay, isGreyBackground: isAccount || isParkAndPay, isCookieNoticeDeferred: isLotScreen };
}
