import type { LegalSection } from './legal-document';

export const termsIntro =
  'These terms govern your use of Dialtone: our website, client area, phone numbers, calls, SMS and related services. By creating an account you agree to them.';

export const termsSections: LegalSection[] = [
  {
    heading: 'Your account',
    body: [
      'You must give accurate details when you sign up and keep them up to date. You are responsible for everything done with your account, so keep your password private and tell us at once if you suspect misuse.',
      'Accounts are for businesses and individuals aged 18 or over.',
    ],
  },
  {
    heading: 'Prepaid balance and prices',
    body: [
      'Dialtone is a prepaid service. You add funds to your balance and we deduct the cost of numbers, packages, calls and messages from it. All prices and balances are in US dollars (USD).',
      'Current prices are published on our pricing page. We may change prices with at least 30 days notice by email; the price in force when a charge is made applies to it.',
    ],
  },
  {
    heading: 'Free trial',
    body: [
      'New accounts get a 7-day free trial. No credit card is required to start it. When the trial ends, services continue only once you add funds to your balance.',
    ],
  },
  {
    heading: 'Phone numbers',
    body: [
      [
        'Numbers are rented monthly and renew automatically each month until you cancel them.',
        'A one-time setup fee applies when you buy a number; the monthly fee is charged at purchase and at each renewal.',
        'We email you 7 days before each renewal so you can cancel a number you no longer need.',
        'If your balance cannot cover a renewal, the number may be suspended and later released.',
      ],
      'Some countries require proof of address or identity before a number can be activated.',
    ],
  },
  {
    heading: 'Minutes packages',
    body: [
      'Packages give you a number of outbound minutes for one billing period. Unused minutes expire at the end of the billing period and do not roll over. Changes to your package take effect at the next billing cycle.',
    ],
  },
  {
    heading: 'Acceptable use',
    body: [
      'You may not use Dialtone to:',
      [
        'send spam or unsolicited bulk messages, or place robocalls without consent;',
        'commit fraud, impersonate others or spoof caller ID;',
        'break the telecommunications, privacy or consumer laws of any country you call or message;',
        'interfere with our network or other customers.',
      ],
      'We may suspend services that break these rules, with or without notice when the harm is serious.',
    ],
  },
  {
    heading: 'Availability',
    body: [
      'We aim for 99.9% monthly uptime and announce planned maintenance in advance. Emergency calls are not supported: always keep another way to reach emergency services.',
    ],
  },
  {
    heading: 'Refunds',
    body: ['Refunds are handled under our Refund Policy, which forms part of these terms.'],
  },
  {
    heading: 'Closing your account',
    body: [
      'You can close your account at any time from the client area or by contacting support. We may close accounts that break these terms. Numbers are released when an account closes.',
    ],
  },
  {
    heading: 'Liability',
    body: [
      'We provide Dialtone with reasonable care and skill. To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before it arose, and we are not liable for indirect or consequential losses.',
    ],
  },
  {
    heading: 'Changes to these terms',
    body: [
      'We may update these terms. We will email you about material changes at least 30 days before they take effect.',
    ],
  },
];
