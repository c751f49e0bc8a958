/** Announcement banners above the page, filtered by the current path and referrer. */
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import type { Banner } from '../../contract/content';
import { HtmlContent } from '../../ui/html-content';
import { getBannerTarget, selectShownBanners } from './banner-rules';
import { bannersQueryOptions } from './banners-query';

function BannerItem({ banner }: { banner: Banner }) {
  const router = useRouter();
  const target = getBannerTarget(banner);
  const style = banner.cssClass as CSSProperties;
  if (!target) return <HtmlContent html={banner.message} className="announcement" style={style} />;
  const isExternal = /^https?:\/\//i.test(target);
  return (
    <a
      className="announcement announcement--link"
      style={style}
      href={target}
      {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={(event) => {
        if (isExternal || event.button !== 0 || event.metaKey || event.ctrlKey) return;
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
  const shown = selectShownBanners(banners, { path, referrer: document.referrer, now: new Date() });
  if (shown.length === 0) return null;
  return (
    <aside aria-label="Announcements" className="announcements">
      {shown.map((banner) => (
        <BannerItem key={banner.bannerId} banner={banner} />
      ))}
    </aside>
  );
}
