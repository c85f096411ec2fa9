import { CreditCard, RefreshCw } from 'lucide-react';
import { IconCardList, type IconCardItem } from '../../../components/ui/layout/icon-card-list';
import { MarketingSection } from '../../../components/ui/layout/marketing-section';

// What the product takes: cards through the card processor, nothing else.
const methods: IconCardItem[] = [
  { title: 'Credit or debit card', description: 'Visa, Mastercard, Amex', icon: CreditCard },
  {
    title: 'Automatic recharge',
    description: 'Your saved card tops up the balance when it runs low',
    icon: RefreshCw,
  },
];

export function PaymentMethods() {
  return (
    <MarketingSection
      id="payment-methods-heading"
      title="Payment Methods"
      intro="Top up your prepaid balance in USD by card."
      className="px-4 py-16"
    >
      <IconCardList
        items={methods}
        look="method"
        className="mx-auto mt-10 grid max-w-2xl gap-6 sm:grid-cols-2"
      />
    </MarketingSection>
  );
}
