// The only module that imports the wasm build of dialtone-core: every rule and every
// money format comes from there, so the browser and the server cannot disagree.
import * as wasm from 'dialtone-core';

export type {
  AdjustmentInput,
  ApiKeyInput,
  CardInput,
  ContactInput,
  DeckChange,
  DeckCheck,
  DeckDiff,
  DeckErrors,
  DeckLineError,
  DeckRateMove,
  DeckRead,
  DeckRow,
  DeckSummary,
  EmailInput,
  FieldErrors,
  IvrAction,
  IvrEvent,
  IvrFlow,
  IvrHours,
  IvrLevel,
  IvrLevelLimits,
  IvrProblem,
  IvrRun,
  IvrState,
  IvrStep,
  IvrTransition,
  LoginInput,
  NumberInput,
  PackageInput,
  PasswordChangeInput,
  ProfileInput,
  RangeInput,
  RateInput,
  RouteChoice,
  SettingsInput,
  SignupForm,
  SignupInput,
  SipDeviceInput,
  SmsInfo,
  SmsInput,
  VerifyInput,
  WizardEvent,
  WizardState,
} from 'dialtone-core';

export const {
  validateLogin,
  validateSignup,
  validateSignupForm,
  validateProfile,
  validatePasswordChange,
  validateSms,
  validateContact,
  validateVerify,
  validateSipDevice,
  validateApiKey,
  validateCallbackUrl,
  sipRefusal,
  deviceMayCall,
  routeChoice,
  validateForwardTo,
  trialDaysLeft,
  formatDuration,
  validateDateRange,
  validateDeposit,
  validateCard,
  validateAdjustment,
  validateRateRow,
  validateNumberForm,
  validateRange,
  validatePackageForm,
  validateSettings,
  validateEmailMessage,
  formatUsd,
  formatRate,
  toMicros,
  fromMicros,
  totalDueToday,
  smsInfo,
  wizardStart,
  wizardTransition,
  wizardRun,
  wizardStepTitles,
  validateIvrFlow,
  ivrLevelLimits,
  ivrIsOpen,
  ivrStart,
  ivrStep,
  ivrRun,
  ivrPathText,
  readRateDeck,
  checkRateDeck,
  rateDeckInForceFrom,
  diffRateDecks,
  rateDeckHeader,
} = wasm;

/** Every export of the wasm module by name, for the shared test vectors. */
export const coreExports: Readonly<Record<string, unknown>> = wasm;

/** Formats a JSON number (balance, price) as USD through core. */
export function usd(amount: number | string): string {
  return wasm.formatUsd(String(amount));
}

/** Formats a per-minute or per-message rate with 3 decimals through core. */
export function rate(amount: number | string): string {
  return wasm.formatRate(String(amount));
}
