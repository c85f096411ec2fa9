import { paths } from '../../app/paths';

export const publicNavLinks = [
  { label: 'Home', to: paths.home },
  { label: 'Products', to: paths.products },
  { label: 'Features', to: paths.features },
  { label: 'Pricing', to: paths.pricing },
  { label: 'About', to: paths.about },
  { label: 'Contact', to: paths.contact },
] as const;
