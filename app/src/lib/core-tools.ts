// The second module of dialtone-core's wasm build: IVR flows, rate decks and call
// rules. Only the pages that use them import this file, so their wasm loads with those
// pages (lazy routes) and not with the first screen.
import * as tools from 'dialtone-core-tools';

export type * from 'dialtone-core-tools';

export const {
  sipRefusal,
  deviceMayCall,
  routeChoice,
  rateCall,
  validateIvrFlow,
  ivrLevelLimits,
  ivrIsOpen,
  ivrStart,
  ivrStep,
  ivrRun,
  ivrPathText,
  twimlCompile,
  twimlRun,
  readRateDeck,
  checkRateDeck,
  rateDeckInForceFrom,
  diffRateDecks,
  rateDeckHeader,
  validatePlanForm,
  planSaving,
  checkPlanPrice,
} = tools;

/** Every export of the tools module by name, for the shared test vectors. */
export const toolsExports: Readonly<Record<string, unknown>> = tools;
