import { Link } from 'react-router-dom';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M11.6 8.5c.6-.6 1.6-.6 2.1.1l2 2.6c.4.6.4 1.4-.1 1.9l-1.2 1.2c.9 1.8 2.4 3.3 4.2 4.2l1.2-1.2c.5-.5 1.3-.6 1.9-.1l2.6 2c.7.5.7 1.5.1 2.1l-1.3 1.3c-1 1-2.6 1.3-3.9.7-3.8-1.7-6.8-4.7-8.5-8.5-.6-1.3-.3-2.9.7-3.9z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo({ to = '/', light = false }: { to?: string; light?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-lg" aria-label="Dialtone home">
      <LogoMark />
      <span className={`text-xl font-bold ${light ? 'text-white' : 'text-slate-900'}`}>
        Dialtone
      </span>
    </Link>
  );
}
