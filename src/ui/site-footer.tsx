/** Site footer: every static page, the company phone and the customer-care email. */
import { Link } from '@tanstack/react-router';
import { HrefLink } from './href-link';
import { COMPANY_PHONE, COMPANY_PHONE_HREF, CUSTOMER_CARE_EMAIL } from '../lib/company-contact';
import { COMPANY_NAME } from '../lib/constants';
import { INFO_PAGES, LEGAL_PAGES, type SitePage } from '../contract/site-pages';

function FooterLinks({ heading, pages }: { heading: string; pages: readonly SitePage[] }) {
  return (
    <nav aria-label={heading} className="site-footer__column">
      <h2 className="site-footer__heading">{heading}</h2>
      <ul>
        {pages.map((page) => (
          <li key={page.path}>
            <HrefLink href={page.path}>{page.title}</HrefLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <FooterLinks heading="Company" pages={INFO_PAGES} />
        <FooterLinks heading="Legal" pages={LEGAL_PAGES} />
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Customer Care</h2>
          <p>
            <a href={COMPANY_PHONE_HREF}>{COMPANY_PHONE}</a>
            <br />
            <a href={`mailto:${CUSTOMER_CARE_EMAIL}`}>{CUSTOMER_CARE_EMAIL}</a>
            <br />
            Monday to Friday, 8:30 AM to 5:00 PM
          </p>
          <p>
            <Link to="/locations">Our Locations</Link> · <Link to="/sitemap">Sitemap</Link>
          </p>
        </div>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {COMPANY_NAME}. Locally owned and operated since 1956.
      </p>
    </footer>
  );
}
