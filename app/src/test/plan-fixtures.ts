// The seeded catalogue's three monthly plans, as /api/catalogue/plans and /api/packages
// answer them, for the pages that show plans.
import type { Schema } from '../generated/api-types';

type Plan = Schema<'PackageView'>;

function plan(fields: Partial<Plan> & Pick<Plan, 'id' | 'name' | 'minutes' | 'price'>): Plan {
  return {
    validity: 30,
    features: [],
    includedNumbers: 0,
    ivrFlows: 0,
    ivrLevel: 'basic',
    support: 'email',
    popular: false,
    highlights: [],
    saving: null,
    savingText: null,
    status: 'active',
    ...fields,
  };
}

export const basicPlan = plan({
  id: 1,
  name: 'Basic',
  minutes: 500,
  price: 9,
  includedNumbers: 1,
  highlights: ['500 outbound minutes', '1 phone number included', 'Basic IVR', 'Email support'],
  saving: 5,
  savingText: 'Saves 5% against pay as you go',
});

export const professionalPlan = plan({
  id: 2,
  name: 'Professional',
  minutes: 2000,
  price: 29,
  includedNumbers: 3,
  ivrFlows: 1,
  ivrLevel: 'advanced',
  support: 'priority',
  popular: true,
  highlights: [
    '2,000 outbound minutes',
    '3 phone numbers included',
    'Advanced IVR',
    '1 IVR flow included',
    'Priority support',
  ],
  saving: 23,
  savingText: 'Saves 23% against pay as you go',
});

export const enterprisePlan = plan({
  id: 3,
  name: 'Enterprise',
  minutes: 10000,
  price: 99,
  includedNumbers: 10,
  ivrFlows: 3,
  ivrLevel: 'premium',
  support: 'priority',
  features: ['Onboarding call'],
  highlights: [
    '10,000 outbound minutes',
    '10 phone numbers included',
    'Premium IVR',
    '3 IVR flows included',
    'Priority support',
    'Onboarding call',
  ],
  saving: 47,
  savingText: 'Saves 47% against pay as you go',
});

export const seededPlans = [basicPlan, professionalPlan, enterprisePlan];

/** /api/catalogue/plans' answer with `plans`. */
export const plansBody = (plans: Plan[] = seededPlans) => ({ plans, payAsYouGoFrom: 0.019 });
