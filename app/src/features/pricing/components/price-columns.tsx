import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { rate, usd } from '../../../lib/core';
import type { CountryColumn } from './country-table';

function monthly(price: number | null | undefined) {
  if (price === null || price === undefined) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not available</span>
      </>
    );
  }
  return usd(price);
}

/** The last column: a link to sign up, which buying needs. */
function signupColumn(label: string): CountryColumn {
  return {
    header: 'Action',
    cell: () => (
      <ButtonLink to={paths.signup} size="sm">
        {label}
      </ButtonLink>
    ),
  };
}

export const numberColumns: CountryColumn[] = [
  { header: 'Mobile', cell: (c) => monthly(c.mobile) },
  { header: 'Landline', cell: (c) => monthly(c.landline) },
  { header: 'Toll-Free', cell: (c) => monthly(c.tollFree) },
  signupColumn('Buy Number'),
];

export const callColumns: CountryColumn[] = [
  { header: 'Inbound (per min)', cell: (c) => rate(c.inboundRate) },
  { header: 'Outbound (per min)', cell: (c) => rate(c.outboundRate) },
  { header: 'SMS (per message)', cell: (c) => rate(c.smsRate) },
  signupColumn('Buy Minutes'),
];
