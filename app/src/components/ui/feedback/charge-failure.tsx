import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { isApiError, messageOf } from '../../../lib/api-client';

interface ChargeFailureProps {
  error: unknown;
  /** The message when the server gave none. */
  fallback: string;
}

/** Why a charge to the balance failed, with a link to add funds when the balance was short. */
export function ChargeFailure({ error, fallback }: ChargeFailureProps) {
  return (
    <>
      {messageOf(error, fallback)}
      {isApiError(error) && error.status === 402 && (
        <>
          {' '}
          <Link to={paths.client.deposit} className="font-semibold underline">
            Add funds
          </Link>
        </>
      )}
    </>
  );
}
