import {
  BarChart3,
  Code,
  Globe,
  Headphones,
  Lock,
  Phone,
  Server,
  UserCog,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

export interface FeatureItem {
  title: string;
  description: string;
  icon: LucideIcon;
}

export interface FeatureCategory {
  id: string;
  name: string;
  summary: string;
  items: FeatureItem[];
}

export const categories: FeatureCategory[] = [
  {
    id: 'core',
    name: 'Core',
    summary: 'The essentials of a modern business phone system.',
    items: [
      {
        title: 'Virtual numbers',
        description: 'Local, mobile and toll-free numbers in over 150 countries.',
        icon: Phone,
      },
      {
        title: 'IVR call flows',
        description: 'Menus, business hours and queues that route every caller.',
        icon: Workflow,
      },
      {
        title: 'Global reach',
        description: 'Call and text customers worldwide from one account and one balance.',
        icon: Globe,
      },
    ],
  },
  {
    id: 'technical',
    name: 'Technical',
    summary: 'Built for developers and reliable at scale.',
    items: [
      {
        title: 'REST API and webhooks',
        description: 'Buy numbers, send SMS and receive call events from your own code.',
        icon: Code,
      },
      {
        title: 'Redundant infrastructure',
        description: 'Multiple carriers and data centres behind a 99.9% uptime guarantee.',
        icon: Server,
      },
      {
        title: 'Security',
        description:
          'Encrypted connections, role-based access and an audit log of account changes.',
        icon: Lock,
      },
    ],
  },
  {
    id: 'service',
    name: 'Service',
    summary: 'People and insight to keep you running.',
    items: [
      {
        title: '24/7 support',
        description: 'Telephony specialists on email, chat and phone, day and night.',
        icon: Headphones,
      },
      {
        title: 'Call analytics',
        description: 'Volumes, durations and costs by number, country and period.',
        icon: BarChart3,
      },
      {
        title: 'Account management',
        description: 'A named contact for porting, volume pricing and onboarding.',
        icon: UserCog,
      },
    ],
  },
];

export const plans = ['Basic', 'Professional', 'Enterprise'] as const;

export const comparison: { feature: string; values: [string, string, string] }[] = [
  { feature: 'Virtual numbers', values: ['1', '5', 'Unlimited'] },
  { feature: 'Support', values: ['Email', 'Email + Chat', '24/7 Priority'] },
  { feature: 'IVR', values: ['Basic', 'Advanced', 'Premium'] },
  { feature: 'Call recording', values: ['—', 'Yes', 'Yes'] },
  { feature: 'Call analytics', values: ['—', 'Yes', 'Advanced'] },
  { feature: 'API access', values: ['Yes', 'Yes', 'Yes'] },
  { feature: 'Dedicated account manager', values: ['—', '—', 'Yes'] },
];
