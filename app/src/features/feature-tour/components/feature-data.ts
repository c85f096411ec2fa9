import {
  BarChart3,
  Code,
  Globe,
  Headphones,
  Lock,
  Phone,
  Server,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { supportHoursText } from '../../contact/components/support-hours';

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
        title: 'Support by email',
        description: `A support inbox answered by telephony specialists, ${supportHoursText}.`,
        icon: Headphones,
      },
      {
        title: 'Call history and recordings',
        description: 'Every call with its duration and cost, and its recording to download.',
        icon: BarChart3,
      },
      {
        title: 'Ring groups',
        description:
          'A TwiML <Dial> rings up to 10 numbers at once; the first to answer takes the call.',
        icon: Users,
      },
    ],
  },
];
