import type { LegalSection } from './legal-document';

export const privacyIntro =
  'This policy explains what personal data Dialtone collects, why, who we share it with and the choices you have.';

export const privacySections: LegalSection[] = [
  {
    heading: 'What we collect',
    body: [
      [
        'Account details: your name, email address and password (stored only as a secure hash).',
        'Billing records: deposits, purchases, balances and invoices. Card details are handled by our payment provider; we never see or store full card numbers.',
        'Service records: the numbers you hold, call detail records (time, duration, numbers, cost) and SMS metadata.',
        'Messages you send us through the contact form or support.',
        'Technical data: IP address, browser type and security logs.',
      ],
    ],
  },
  {
    heading: 'How we use it',
    body: [
      [
        'to provide and bill the services you order;',
        'to send service notices such as renewal reminders 7 days before a number renews;',
        'to prevent fraud and abuse and keep the network secure;',
        'to answer your questions and improve Dialtone.',
      ],
      'We do not sell your personal data and we do not use it for third-party advertising.',
    ],
  },
  {
    heading: 'Who we share it with',
    body: [
      'Only with the partners needed to run the service: telecom carriers that route your calls and messages, our payment provider, and hosting providers, each bound by contract to protect it. We disclose data to authorities only when the law requires.',
    ],
  },
  {
    heading: 'Cookies',
    body: [
      'We use only the cookies needed to sign you in and keep your session secure: an access cookie named Authorization-cookie and a refresh cookie. We do not use advertising or tracking cookies.',
    ],
  },
  {
    heading: 'How long we keep it',
    body: [
      'We keep account data while your account is open. Billing and call records are kept for as long as tax and telecom law require, usually up to 7 years, then deleted.',
    ],
  },
  {
    heading: 'Your rights',
    body: [
      'You can access, correct, export or delete your personal data, and object to its use. Most details can be changed in your account settings; for anything else, contact us and we will answer within 30 days.',
    ],
  },
  {
    heading: 'Security',
    body: [
      'Data is encrypted in transit, access is limited to staff who need it, and administrative actions are recorded in an audit log.',
    ],
  },
];
