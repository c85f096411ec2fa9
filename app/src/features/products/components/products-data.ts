import {
  Globe,
  MessageSquare,
  Phone,
  PhoneIncoming,
  PhoneOutgoing,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { rate, usd } from '../../../lib/core';
import type { PricingSummary } from '../../pricing/api/get-pricing';
import type { Plan } from '../../pricing/api/get-plans';

export interface Product {
  id: string;
  name: string;
  description: string;
  icon: LucideIcon;
  features: string[];
  /** The price text, from the price list's lowest prices (null while they load). */
  price: (from: PricingSummary) => string | null;
  /** A last feature line from the cheapest monthly plan, when the product has one. */
  plan?: (cheapest: Plan) => string;
}

const from = (amount: number | null | undefined, unit: string, format = rate) =>
  amount === null || amount === undefined ? null : `From ${format(amount)}/${unit}`;

// SPEC section 9's price texts ("From $2.99/mo"): the figures are the price list's,
// computed by the server, so a changed rate or a cheaper country changes them too.
export const products: Product[] = [
  {
    id: 'numbers',
    name: 'Virtual Phone Numbers',
    description: 'Local, mobile and toll-free numbers in over 150 countries, ready in minutes.',
    icon: Phone,
    features: [
      'Local, mobile and toll-free numbers',
      'Instant activation',
      'Forward to any phone or SIP device',
      'Renews monthly until you cancel',
    ],
    price: (f) => from(f.numbersFrom, 'mo', usd),
  },
  {
    id: 'inbound',
    name: 'Inbound Calls',
    description: 'Answer customers on a local number wherever your team happens to be.',
    icon: PhoneIncoming,
    features: [
      'HD voice quality',
      'Call forwarding and ring groups',
      'Call recording',
      'Voicemail with a notification',
    ],
    price: (f) => from(f.inboundFrom, 'min'),
  },
  {
    id: 'outbound',
    name: 'Outbound Calls',
    description: 'Call mobiles and landlines around the world at published per-minute rates.',
    icon: PhoneOutgoing,
    features: [
      'Caller ID from your Dialtone number',
      'Low rates to mobiles and landlines',
      'Detailed call history',
    ],
    plan: (p) =>
      `Monthly plans from ${usd(p.price)}/mo with ${p.minutes.toLocaleString('en-US')} minutes`,
    price: (f) => from(f.outboundFrom, 'min'),
  },
  {
    id: 'sms',
    name: 'SMS Messaging',
    description: 'Reach customers with notifications, reminders and one-time codes.',
    icon: MessageSquare,
    features: [
      'Send to mobiles worldwide',
      'Unicode and long messages',
      'Delivery reports',
      'REST API for automation',
    ],
    price: (f) => from(f.smsFrom, 'message', usd),
  },
  {
    id: 'ivr',
    name: 'IVR Systems',
    description: 'Welcome callers and route them to the right person with voice menus.',
    icon: Workflow,
    features: [
      'Menus that callers answer with their keypad',
      'Text-to-speech greetings',
      'Business-hours routing',
      'Voicemail and call forwarding',
    ],
    price: () => 'From $29.99/mo',
  },
  {
    id: 'global',
    name: 'Global Coverage',
    description: 'Numbers, voice and SMS in over 150 countries from a single account.',
    icon: Globe,
    features: [
      'Coverage in 150+ countries',
      'Local numbers in each country we cover',
      'One balance for numbers, calls and SMS',
      'Published prices for every country',
    ],
    price: () => 'Custom pricing',
  },
];
