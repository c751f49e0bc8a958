/**
 * The ONE placeholder for pages not built yet: the route's real title and a plain body.
 * Search the code for `ComingSoon` to find every unfinished page.
 */
import { Link } from '@tanstack/react-router';

export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page page--narrow coming-soon">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
      <p>
        <Link to="/" className="button button--secondary">
          Back Home
        </Link>
      </p>
    </section>
  );
}
