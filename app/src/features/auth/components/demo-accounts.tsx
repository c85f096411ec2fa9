const accounts = [
  { role: 'Admin', email: 'admin@dialtone.test', password: 'admin123' },
  { role: 'Client', email: 'client@dialtone.test', password: 'client123' },
];

export function DemoAccounts() {
  return (
    <section
      aria-labelledby="demo-accounts-heading"
      className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm"
    >
      <h2 id="demo-accounts-heading" className="font-semibold text-brand-900">
        Demo accounts
      </h2>
      <ul className="mt-2 space-y-1 text-brand-900">
        {accounts.map((account) => (
          <li key={account.role}>
            <span className="font-medium">{account.role}:</span>{' '}
            <span className="break-all">
              {account.email} / {account.password}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
