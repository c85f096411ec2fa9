import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

type MyNumbers = Schema<'MyNumbers'>;

/** The account's active numbers: the senders a message may name. */
export function useActiveNumbers(): string[] {
  const mine = useApiGet<MyNumbers, string[]>(['numbers', 'mine'], '/numbers/mine', {
    select: (data) => data.numbers.filter((n) => n.status === 'active').map((n) => n.number),
  });
  return mine.data ?? [];
}
