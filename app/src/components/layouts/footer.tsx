import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LogoMark } from '../ui/basics/logo';

const groups = [
  {
    title: 'Product',
    links: [
      { label: 'Products', to: paths.products },
      { label: 'Features', to: paths.features },
      { label: 'Pricing', to: paths.pricing },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Contact', to: paths.contact },
      { label: 'FAQ', to: paths.faq },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Refund Policy', to: paths.refund },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-xl font-bold text-white">Dialtone</span>
          </div>
          <p className="mt-4 text-sm text-slate-400">
            Virtual numbers, voice, SMS and IVR in over 150 countries. Prepaid, with no contracts.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {group.title}
            </h2>
            <ul className="mt-4 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          &copy; {year} Dialtone. All rights reserved. All prices in USD.
        </p>
      </div>
    </footer>
  );
}
