import { describe, expect, it } from 'vitest';
import { getLayoutFlags } from './layout-flags';

describe('getLayoutFlags', () => {
  it('hides the footer on search, location detail and pay-by-plate pages', () => {
    for (const path of ['/search/results', '/search/content/1/x', '/locations/123-w-44th-st', '/parkandpay/welcome', '/parkandpay']) {
      expect(getLayoutFlags(path).isFooterHidden, path).toBe(true);
    }
    for (const path of ['/', '/locations', '/locations/', '/about', '/my-account/profile', '/searching']) {
      expect(getLayoutFlags(path).isFooterHidden, path).toBe(false);
    }
  });

  it('puts account and park-and-pay pages on grey', () => {
    expect(getLayoutFlags('/my-account/vehicles').isGreyBackground).toBe(true);
    expect(getLayoutFlags('/parkandpay/session').isGreyBackground).toBe(true);
    expect(getLayoutFlags('/').isGreyBackground).toBe(false);
    expect(getLayoutFlags('/my-accounting').isGreyBackground).toBe(false);
  });

  it('keeps the cookie notice off the lot screens until the driver leaves them', () => {
    for (const path of ['/parkandpay/welcome', '/parkandpay/session', '/parkandpay/digital-tickets', '/retrieve-car/R4T9WX', '/pay-for-parking/R4T9WX', '/leavefast/scan', '/app/R4T9WX']) {
      expect(getLayoutFlags(path).isCookieNoticeDeferred, path).toBe(true);
    }
    for (const path of ['/', '/locations', '/about', '/my-account/profile', '/application', '/sign-in', '/payfast']) {
      expect(getLayoutFlags(path).isCookieNoticeDeferred, path).toBe(false);
    }
  });
});
