import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from './button';

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the button's accessible name and the toast: "Account SID". */
  what: string;
  size?: 'sm' | 'md';
}

/** Copies a value to the clipboard and says so in a toast. */
export function CopyButton({ value, what, size = 'sm' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast.success(`${what} copied`);
    } catch {
      toast.error(`Could not copy the ${what}`);
    }
  }
  const Icon = copied ? Check : Copy;
  return (
    <Button variant="secondary" size={size} aria-label={`Copy ${what}`} onClick={() => void copy()}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      Copy
    </Button>
  );
}
