import { supportHoursText } from '../../contact/components/support-hours';

export interface FaqGroup {
  title: string;
  items: { q: string; a: string }[];
}

export const faqGroups: FaqGroup[] = [
  {
    title: 'Getting started',
    items: [
      {
        q: 'Is there a free trial?',
        a: 'Yes. Every new account gets a 7-day free trial, and no credit card is required to start it.',
      },
      {
        q: 'How quickly can I get a number?',
        a: 'Most numbers are active within minutes of purchase. A few countries ask for proof of address first, which can take a day or two.',
      },
      {
        q: 'In which countries do you offer service?',
        a: 'We cover over 150 countries. The pricing page lists numbers and call rates for each one.',
      },
    ],
  },
  {
    title: 'Billing',
    items: [
      {
        q: 'How does prepaid billing work?',
        a: 'You add funds to your balance, and numbers, packages, calls and messages are paid from it. You never owe more than you have added.',
      },
      {
        q: 'Which currency do you use?',
        a: 'All prices and balances are in US dollars (USD).',
      },
      {
        q: 'How can I pay?',
        a: 'By credit or debit card (Visa, Mastercard, Amex) through our card processor. You can also save a card and turn on automatic recharge, which tops up your balance when it runs low.',
      },
      {
        q: 'Can I get a refund?',
        a: 'Unused prepaid balance is refundable when you close your account, if you ask within 90 days, minus processing fees. Failed and duplicate charges are refunded in full. See the Refund Policy for details.',
      },
    ],
  },
  {
    title: 'Numbers and packages',
    items: [
      {
        q: 'Do numbers renew automatically?',
        a: 'Yes. Numbers renew monthly and automatically until you cancel them. We email you 7 days before each renewal.',
      },
      {
        q: 'What happens to unused minutes?',
        a: 'Unused plan minutes expire at the end of the month. A plan renews monthly until you cancel it, each month with all its minutes.',
      },
      {
        q: 'How do I change or stop a plan?',
        a: 'Cancel its renewal in My Packages: it keeps its minutes until the end of its month and does not renew. You can buy another plan at any time.',
      },
    ],
  },
  {
    title: 'Support',
    items: [
      {
        q: 'How do I reach support?',
        a: `Through the contact form or by email at support@dialtone.test. Support hours are ${supportHoursText}.`,
      },
      {
        q: 'What uptime do you guarantee?',
        a: 'We guarantee 99.9% uptime for voice and messaging.',
      },
    ],
  },
];
