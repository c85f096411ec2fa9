import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { rangeQuery, type DateRange } from './get-analytics';

export type AnalyticsChart = 'revenue' | 'calls' | 'destinations' | 'users';

export function analyticsExportPath(chart: AnalyticsChart, range: DateRange): string {
  return `/admin/analytics/export?chart=${chart}&${rangeQuery(range)}`;
}

/** The same name the server gives its attachment. */
export function analyticsExportFilename(chart: AnalyticsChart, range: DateRange): string {
  return `dialtone-${chart}-${range.from}-${range.to}.csv`;
}

export async function exportAnalytics(chart: AnalyticsChart, range: DateRange): Promise<void> {
  const csv = await apiBlob(analyticsExportPath(chart, range));
  saveBlob(csv, analyticsExportFilename(chart, range));
}

export function useExportAnalytics() {
  return useMutation({
    mutationFn: ({ chart, range }: { chart: AnalyticsChart; range: DateRange }) =>
      exportAnalytics(chart, range),
    onError: (error) => {
      toast.error(messageOf(error, 'Could not export the chart data. Please try again.'));
    },
  });
}
