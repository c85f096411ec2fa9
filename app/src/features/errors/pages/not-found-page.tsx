import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { usePageMeta } from '../../../lib/use-page-meta';

export function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you are looking for does not exist or has been moved.');
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-8xl font-extrabold text-brand-600 sm:text-9xl">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        The page you are looking for doesn&apos;t exist or has been moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>Go back home</ButtonLink>
        <ButtonLink to={paths.contact} variant="secondary">
          Contact Support
        </ButtonLink>
      </div>
    </section>
  );
}
