/**
 * Renders rich HTML that comes from our own content service (static pages, promo cards,
 * banners, the locations-list body). The content is authored by the operator in the CMS and
 * served by our API, so it is trusted; it is never built from user input.
 * Clicks on app links inside it navigate client-side instead of reloading the page.
 */
import { useRouter } from '@tanstack/react-router';
import type { CSSProperties, ElementType, MouseEvent } from 'react';
import { isPlainLeftClick } from './href-link';

type HtmlContentProps = { html: string; className?: string; style?: CSSProperties; as?: ElementType };

export function HtmlContent({ html, className, style, as: Tag = 'div' }: HtmlContentProps) {
  const router = useRouter();
  const followAppLink = (event: MouseEvent<HTMLElement>): void => {
    if (!isPlainLeftClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.target === '_blank') return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <Tag className={className} style={style} onClick={followAppLink} dangerouslySetInnerHTML={{ __html: html }} />;
}
