import { TabList, TabPanel, useTabs } from '../../../components/ui/layout/tab-list';
import { apiExample, exampleLanguages, messagesPath } from './api-examples';
import { CopyButton } from '../../../components/ui/basics/copy-button';

interface ApiDocsProps {
  accountSid: string;
  /** Where this server answers, e.g. `window.location.origin`. */
  base: string;
}

/** How to call the REST API, with examples in curl, Python and Node.js. */
export function ApiDocs({ accountSid, base }: ApiDocsProps) {
  const tabs = useTabs('api-example', exampleLanguages, 'curl');
  const active = tabs.active;
  const code = apiExample(active, base, accountSid);
  const label = exampleLanguages.find((l) => l.id === active)?.label ?? active;

  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p>
        Dialtone speaks Twilio&apos;s REST API (version 2010-04-01): code written for it and the
        official Twilio SDKs work unchanged once their requests go to{' '}
        <code className="font-mono text-slate-900">{base}</code> instead of{' '}
        <code className="font-mono text-slate-900">https://api.twilio.com</code>.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Messages:{' '}
          <code className="font-mono break-all text-slate-900">{messagesPath(accountSid)}</code>{' '}
          (POST the form fields <code className="font-mono">To</code>,{' '}
          <code className="font-mono">From</code> and <code className="font-mono">Body</code>; GET
          to list). <code className="font-mono">From</code> is one of your numbers.
        </li>
        <li>
          Authenticate with HTTP Basic: an API key&apos;s SID and secret (
          <code className="font-mono">SK…:secret</code>) or your Account SID and Auth Token (
          <code className="font-mono">AC…:token</code>).
        </li>
        <li>
          Also available: AvailablePhoneNumbers, IncomingPhoneNumbers, Calls and Balance, under the
          same account path.
        </li>
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabList label="Example language" className="inline-flex flex-wrap gap-1" {...tabs.list} />
        <CopyButton value={code} what={`${label} example`} />
      </div>
      <TabPanel {...tabs.panel}>
        {/* A named, focusable region: the keyboard scrolls its long lines too. */}
        <pre
          role="region"
          tabIndex={0}
          aria-label={`${label} example`}
          className="overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <code>{code}</code>
        </pre>
      </TabPanel>
    </div>
  );
}
