import { useState } from 'react';
import { PageHero } from '../../../components/ui/layout/page-hero';
import { TabList, TabPanel, useTabs } from '../../../components/ui/layout/tab-list';
import { usePageMeta } from '../../../lib/use-page-meta';
import { usePricing, usePricingSummary, type PricingSummary } from '../api/get-pricing';
import { usd } from '../../../lib/core';
import { CountrySearch } from '../../../components/ui/forms/country-search';
import { CountryTable } from '../components/country-table';
import { PackagesGrid } from '../components/packages-grid';
import { PaymentMethods } from '../components/payment-methods';
import { callColumns, numberColumns } from '../components/price-columns';
import { PricingFaq } from '../components/pricing-faq';
import { pricingTabs, type PricingTab } from '../components/pricing-tabs';

function note(tab: PricingTab, summary: PricingSummary | undefined): string {
  switch (tab) {
    case 'numbers':
      return summary
        ? `Monthly price per number, in USD. A one-time setup fee of ${usd(summary.setupFee)} applies per number.`
        : 'Monthly price per number, in USD. A one-time setup fee applies per number.';
    case 'calls':
      return summary && Number(summary.recordingRate) > 0
        ? `Per-minute call rates and per-message SMS rates, in USD. A call recording costs $${summary.recordingRate} per started minute.`
        : 'Per-minute call rates and per-message SMS rates, in USD.';
    case 'packages':
      return 'Monthly plans of outbound minutes, numbers and IVR flows, in USD. A plan renews each month until you cancel it.';
  }
}

export function PricingPage() {
  usePageMeta(
    'Pricing',
    'Dialtone pricing: monthly phone number prices, per-minute call rates and minutes packages by country.',
  );
  const tabs = useTabs('pricing', pricingTabs, 'numbers');
  const tab = tabs.active;
  const [search, setSearch] = useState('');
  const pricing = usePricing();
  const summary = usePricingSummary().data;

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        description="Pay only for what you use. No contracts, no hidden fees, a 7-day free trial."
      />
      <section className="px-4 py-12">
        <div className="mx-auto max-w-6xl space-y-6">
          <TabList label="Pricing" className="flex flex-wrap justify-center gap-2" {...tabs.list} />
          <TabPanel
            className="rounded-2xl border border-slate-200 bg-white shadow-sm"
            {...tabs.panel}
          >
            <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">{note(tab, summary)}</p>
              {tab !== 'packages' && <CountrySearch value={search} onChange={setSearch} />}
            </div>
            {tab === 'packages' ? (
              <PackagesGrid />
            ) : (
              <CountryTable
                caption={
                  tab === 'numbers' ? 'Monthly number prices by country' : 'Call rates by country'
                }
                columns={tab === 'numbers' ? numberColumns : callColumns}
                countries={pricing.data}
                pending={pricing.isPending || (pricing.isError && pricing.isFetching)}
                error={pricing.error}
                onRetry={() => void pricing.refetch()}
                search={search}
              />
            )}
          </TabPanel>
        </div>
      </section>
      <PaymentMethods />
      <PricingFaq />
    </>
  );
}
