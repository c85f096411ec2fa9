import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ActivityType = 'call' | 'sms' | 'deposit' | 'purchase';

export interface ActivityItem {
  id: string;
  type: ActivityType;
  date: string;
  number?: string;
  /** "m:ss" */
  duration?: string;
  cost?: number;
  message?: string;
  amount?: number;
  method?: string;
  item?: string;
}

export interface DashboardSummary {
  balance: number;
  activeNumbers: number;
  minutesRemaining: number;
  smsThisMonth: number;
  unreadNotifications: number;
  recentActivity: ActivityItem[];
}

export function getDashboard(): Promise<DashboardSummary> {
  return api.get<DashboardSummary>('/dashboard');
}

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: getDashboard,
    staleTime: 0,
  });
}
