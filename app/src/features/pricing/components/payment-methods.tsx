import { Bitcoin, CreditCard, Landmark, Smartphone } from 'lucide-react';

const methods = [
  { name: 'Credit card', detail: 'Visa, Mastercard, Amex', icon: CreditCard },
  { name: 'Bank transfer', detail: 'SWIFT', icon: Landmark },
  { name: 'Cryptocurrency', detail: 'BTC, ETH, USDT', icon: Bitcoin },
  { name: 'E-wallets', detail: 'PayPal, Skrill', icon: Smartphone },
];

export function PaymentMethods() {
  return (
    <section aria-labelledby="payment-methods-heading" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2
          id="payment-methods-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          Payment Methods
        </h2>
        <p className="mt-2 text-center text-slate-600">
          Top up your prepaid balance in USD the way that suits you.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {methods.map((method) => (
            <li
              key={method.name}
              className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <method.icon className="mx-auto h-8 w-8 text-brand-600" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{method.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{method.detail}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
