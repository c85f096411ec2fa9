import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TopCountry {
  name: string;
  /** Call revenue of the last 30 days, in dollars. */
  revenue: number;
  /** Percent change against the 30 days before; null when there is nothing to compare. */
  change: number | null;
}

export interface RecentUser {
  id: number;
  name: string;
  email: string;
  status: string;
  joinDate: string;
}

export interface AdminStats {
  totalUsers: number;
  activeNumbers: number;
  minutesUsed: number;
  revenue: number;
  countries: number;
  topCountries: TopCountry[];
  recentUsers: RecentUser[];
}

export const statsKey = ['admin', 'stats'] as const;

export function getStats(): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats');
}

export function useStats() {
  return useQuery({ queryKey: statsKey, queryFn: getStats, staleTime: 0 });
}
