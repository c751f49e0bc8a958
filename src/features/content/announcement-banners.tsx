/** Announcement banners above the page, filtered by the current path and referrer. */
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useHydrated } from '../../lib/hydration';
import type { CSSProperties } from 'react';
import type { Banner } from '../../contract/content';
import { isPlainLeftClick } from '../../ui/href-link';
import { HtmlContent } from '../../ui/html-content';
import { getBannerTarget, selectShownBanners } from './banner-rules';
import { bannersQueryOptions } from './banners-query';

/**
 * The banner's colours go through the CSSOM, not a style="" attribute: in server-rendered HTML
 * an attribute is inline style, which the CSP (style-src 'self') refuses.
 */
function styleRef(style: CSSProperties) {
  return (element: HTMLElement | null): void => {
    if (element) Object.assign(element.style, style);
  };
}

function BannerItem({ banner }: { banner: Banner }) {
  const router = useRouter();
  const target = getBannerTarget(banner);
  const applyStyle = styleRef(banner.cssClass as CSSProperties);
  if (!target) {
    return (
      <div className="announcement" ref={applyStyle}>
        <HtmlContent html={banner.message} as="span" />
      </div>
    );
  }
  const isExternal = /^https?:\/\//i.test(target);
  return (
    <a
      className="announcement announcement--link"
      ref={applyStyle}
      href={target}
      {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={(event) => {
        if (isExternal || !isPlainLeftClick(event)) return;
        event.preventDefault();
        void router.navigate({ href: target });
      }}
    >
      <HtmlContent html={banner.message} as="span" />
    </a>
  );
}

export function AnnouncementBanners() {
  const path = useLocation({ select: (location) => location.pathname });
  // Banners are extra: a failed load shows nothing rather than an error.
  const { data: banners = [] } = useQuery(bannersQueryOptions);
  // The server has no document.referrer: server HTML and the hydrating render filter without it,
  // the render after hydration with it (a banner for visitors from one site appears then).
  const isHydrated = useHydrated();
  const shown = selectShownBanners(banners, { path, referrer: isHydrated ? document.referrer : '', now: new Date() });
  if (shown.length === 0) return null;
  return (
    <aside aria-label="Announcements" className="announcements">
      {shown.map((banner) => (
        <BannerItem key={banner.bannerId} banner={banner} />
      ))}
    </aside>
  );
}
