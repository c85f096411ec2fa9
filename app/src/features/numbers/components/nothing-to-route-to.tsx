import { Link } from 'react-router-dom';

interface NothingToRouteToProps {
  /** Why the route has nowhere to go yet. */
  message: string;
  /** Where the customer makes one, and the link's text. */
  to: string;
  action: string;
}

/** A routing field's place while the customer has nothing to route calls to, with where to
 * make it. */
export function NothingToRouteTo({ message, to, action }: NothingToRouteToProps) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>{message}</p>
      <Link className="font-medium text-brand-700 hover:underline" to={to}>
        {action}
      </Link>
    </div>
  );
}
