import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Button } from '../../../components/ui/basics/button';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-list-filters';
import {
  wizardStart,
  wizardStepTitles,
  wizardTransition,
  type WizardEvent,
  type WizardState,
} from '../../../lib/core';
import {
  availableNumbersKey,
  noNumberSearch,
  useAvailableNumbers,
  type NumberSearch,
} from '../api/get-available-numbers';
import { useCountries } from '../api/get-countries';
import { myNumbersKey } from '../api/get-my-numbers';
import { purchaseNumber } from '../api/purchase-number';
import { ConfirmStep } from '../components/confirm-step';
import { trialKey, useTrial } from '../../trial/api/get-trial';
import { CountryStep } from '../components/country-step';
import { NumberStep } from '../components/number-step';
import { TypeStep } from '../components/type-step';
import { WizardSteps } from '../components/wizard-steps';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

const titles = wizardStepTitles();

export function BuyNumberPage() {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(() => wizardStart());
  const countries = useCountries();
  // A verified trial account's first number is its free trial number.
  const trial = useTrial();
  const listing = state.step >= 3;
  // The search as typed; it goes to the server once typing settles, and an emptied field
  // at once (so a new country or type never asks with the search it replaced).
  const [search, setSearch] = useState<NumberSearch>(noNumberSearch);
  const settledPrefix = useDebouncedValue(search.prefix.trim(), SEARCH_DEBOUNCE_MS);
  const settledContains = useDebouncedValue(search.contains.trim(), SEARCH_DEBOUNCE_MS);
  const searched: NumberSearch = {
    prefix: search.prefix.trim() === '' ? '' : settledPrefix,
    contains: search.contains.trim() === '' ? '' : settledContains,
    // A choice, not typing: at once.
    capability: search.capability,
  };
  const available = useAvailableNumbers(
    listing ? state.country : null,
    listing ? state.numberType : null,
    searched,
  );
  const country = countries.data?.find((item) => item.code === state.country);
  const choice = available.data?.numbers.find((item) => String(item.id) === state.numberId);

  // The chosen number is gone from the list (another search, or bought by someone else):
  // it is chosen no more. Choosing the same type again is core's way to drop the number
  // and stay on the list.
  const listed = available.isPlaceholderData ? undefined : available.data?.numbers;
  if (
    state.step === 3 &&
    state.numberId !== null &&
    state.numberType !== null &&
    listed &&
    !listed.some((item) => String(item.id) === state.numberId)
  ) {
    setState(wizardTransition(state, { type: 'chooseType', value: state.numberType }));
  }

  const purchase = useMutation({
    mutationFn: purchaseNumber,
    onSuccess: async (result) => {
      toast.success(`Number ${result.number.number} purchased successfully!`);
      send({ type: 'confirm' });
      await Promise.all([
        refreshUser(),
        refreshAfterWrite(queryClient, { queryKey: myNumbersKey }),
        refreshAfterWrite(queryClient, { queryKey: availableNumbersKey }),
        refreshAfterWrite(queryClient, { queryKey: trialKey }),
      ]);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        toast.error(error.message);
        send({ type: 'back' });
        void refreshAfterWrite(queryClient, { queryKey: availableNumbersKey });
      }
    },
  });

  // The wizard's state only ever changes through core's transition function.
  function send(event: WizardEvent) {
    purchase.reset();
    // Each list of a country and type starts without a search.
    if (event.type === 'chooseCountry' || event.type === 'chooseType' || event.type === 'confirm') {
      setSearch(noNumberSearch);
    }
    setState((current) => wizardTransition(current, event));
  }

  // Each new step moves focus to its heading, so screen readers announce it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current !== state.step) headingRef.current?.focus();
    shownStep.current = state.step;
  }, [state.step]);

  const shownError =
    isApiError(purchase.error) && purchase.error.status === 409 ? null : purchase.error;

  return (
    <AppPage
      title="Buy Number"
      meta="Choose a country, a number type and a number, then confirm."
      description="Choose a country, a number type and a number, then confirm the purchase."
    >
      <WizardSteps titles={titles} current={state.step} />
      <section
        aria-labelledby="wizard-step-heading"
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {titles[state.step - 1]}
        </h2>
        {state.step === 1 && (
          <CountryStep
            selected={state.country}
            onChoose={(code) => send({ type: 'chooseCountry', value: code })}
          />
        )}
        {state.step === 2 && (
          <TypeStep
            country={country}
            selected={state.numberType}
            onChoose={(type) => send({ type: 'chooseType', value: type })}
          />
        )}
        {state.step === 3 && (
          <NumberStep
            available={available}
            search={search}
            onSearch={setSearch}
            searched={
              searched.prefix !== '' || searched.contains !== '' || searched.capability !== ''
            }
            selected={state.numberId}
            onChoose={(id) => send({ type: 'chooseNumber', value: String(id) })}
            onTryAnotherType={() => send({ type: 'back' })}
          />
        )}
        {state.step === 4 &&
          (choice ? (
            <ConfirmStep
              choice={choice}
              country={country}
              error={shownError}
              trialUntil={trial.data?.numberOffer ? trial.data.endsAt : null}
            />
          ) : (
            <p role="status" className="text-slate-600">
              {available.isPending ? 'Loading...' : 'This number is no longer available.'}
            </p>
          ))}
        {state.step > 1 && (
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
            <Button
              variant="secondary"
              onClick={() => send({ type: 'back' })}
              disabled={purchase.isPending}
            >
              Back
            </Button>
            {state.step === 4 && (
              <Button
                loading={purchase.isPending}
                disabled={!choice}
                onClick={() => choice && purchase.mutate(choice.id)}
              >
                Confirm
              </Button>
            )}
          </div>
        )}
      </section>
    </AppPage>
  );
}
