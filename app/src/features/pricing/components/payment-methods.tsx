import { Bitcoin, CreditCard, Landmark, Smartphone } from 'lucide-react';
import { IconCardList, type IconCardItem } from '../../../components/ui/layout/icon-card-list';
import { MarketingSection } from '../../../components/ui/layout/marketing-section';

const methods: IconCardItem[] = [
  { title: 'Credit card', description: 'Visa, Mastercard, Amex', icon: CreditCard },
  { title: 'Bank transfer', description: 'SWIFT', icon: Landmark },
  { title: 'Cryptocurrency', description: 'BTC, ETH, USDT', icon: Bitcoin },
  { title: 'E-wallets', description: 'PayPal, Skrill', icon: Smartphone },
];

export function PaymentMethods() {
  return (
    <MarketingSection
      id="payment-methods-heading"
      title="Payment Methods"
      intro="Top up your prepaid balance in USD the way that suits you."
      className="px-4 py-16"
    >
      <IconCardList
        items={methods}
        look="method"
        className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
      />
    </MarketingSection>
  );
}
