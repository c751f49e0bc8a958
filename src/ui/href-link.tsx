/**
 * An anchor for app paths held as data (footer lists, CMS links, /sign-in before its route
 * exists): a real `<a href>` for crawlers and new tabs, a client-side navigation on plain clicks.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

export function HrefLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event) || rest.target === '_blank' || !href.startsWith('/')) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
