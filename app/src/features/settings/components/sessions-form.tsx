import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { logoutEverywhere } from '../api/logout-everywhere';

export function SessionsForm() {
  const { logout } = useAuth();
  const mutation = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => logout(),
    onError: (error) => toast.error(messageOf(error, 'Could not log out everywhere')),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        Signs you out on every device and browser at once, this one included.
      </p>
      <Button variant="danger" loading={mutation.isPending} onClick={() => mutation.mutate()}>
        Log out everywhere
      </Button>
    </div>
  );
}
