import type { LegalSection } from './legal-document';

export const refundIntro =
  'Dialtone is prepaid: you only pay for what you add to your balance. This policy explains when money comes back to you.';

export const refundSections: LegalSection[] = [
  {
    heading: 'Unused prepaid balance',
    body: [
      'When you close your account, you can ask for a refund of your unused prepaid balance within 90 days of closing it. We refund the balance minus the payment processing fees charged to us, to the original payment method.',
    ],
  },
  {
    heading: 'What cannot be refunded',
    body: [
      [
        'Monthly number fees and one-time setup fees, once a number has been activated or renewed.',
        'Minutes and messages already used.',
        'Unused package minutes after the end of their billing period.',
      ],
    ],
  },
  {
    heading: 'Failed and duplicate charges',
    body: [
      'If a payment was taken but the funds never reached your balance, or you were charged twice for the same deposit, we refund the charge in full, including any fees.',
    ],
  },
  {
    heading: 'Renewals',
    body: [
      'Numbers renew monthly until cancelled, and we email you 7 days before each renewal. Cancel before the renewal date to avoid the next monthly fee.',
    ],
  },
  {
    heading: 'Free trial',
    body: [
      'The 7-day free trial requires no credit card, so nothing is charged and nothing needs refunding.',
    ],
  },
  {
    heading: 'How to ask for a refund',
    body: [
      'Contact support at support@dialtone.test or through the contact form with your account email and the payment concerned. We reply within 2 business days; approved refunds are paid to the original payment method within 10 business days. All amounts are in USD.',
    ],
  },
];
