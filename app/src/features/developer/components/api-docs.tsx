import { useRef, useState, type KeyboardEvent } from 'react';
import { apiExample, exampleLanguages, messagesPath, type ExampleLanguage } from './api-examples';
import { CopyButton } from './copy-button';

const tabId = (language: ExampleLanguage) => `api-example-tab-${language}`;
const panelId = (language: ExampleLanguage) => `api-example-panel-${language}`;

interface ApiDocsProps {
  accountSid: string;
  /** Where this server answers, e.g. `window.location.origin`. */
  base: string;
}

/** How to call the REST API, with examples in curl, Python and Node.js. */
export function ApiDocs({ accountSid, base }: ApiDocsProps) {
  const [active, setActive] = useState<ExampleLanguage>('curl');
  const refs = useRef<Partial<Record<ExampleLanguage, HTMLButtonElement | null>>>({});
  const code = apiExample(active, base, accountSid);
  const label = exampleLanguages.find((l) => l.id === active)?.label ?? active;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = exampleLanguages.findIndex((l) => l.id === active);
    const last = exampleLanguages.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const language = exampleLanguages[next[event.key]].id;
    setActive(language);
    refs.current[language]?.focus();
  }

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
        <div
          role="tablist"
          aria-label="Example language"
          onKeyDown={onKeyDown}
          className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
        >
          {exampleLanguages.map((language) => {
            const selected = language.id === active;
            return (
              <button
                key={language.id}
                ref={(node) => {
                  refs.current[language.id] = node;
                }}
                id={tabId(language.id)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId(language.id)}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(language.id)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
                  selected
                    ? 'bg-white text-brand-700 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {language.label}
              </button>
            );
          })}
        </div>
        <CopyButton value={code} what={`${label} example`} />
      </div>
      <div id={panelId(active)} role="tabpanel" aria-labelledby={tabId(active)}>
        {/* A named, focusable region: the keyboard scrolls its long lines too. */}
        <pre
          role="region"
          tabIndex={0}
          aria-label={`${label} example`}
          className="overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <code>{code}</code>
        </pre>
      </div>
    </div>
  );
}
