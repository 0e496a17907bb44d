import { LinkButton } from '../../components/LinkButton';

export function NotFoundPage() {
  return (
    <section className="page-error">
      <h1>Page not found</h1>
      <p>Oops! The page you are looking for does not exist.</p>
      <LinkButton href="/" label="Go Back" icon="pi pi-arrow-left" />
    </section>
  );
}
