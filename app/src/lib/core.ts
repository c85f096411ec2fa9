// One of the two modules that import the wasm build of dialtone-core (with
// core-tools.ts): every rule and every money format comes from there, so the browser and
// the server cannot disagree. This one is the first load: forms, money, the wizard.
import * as wasm from 'dialtone-core';

export type {
  AdjustmentInput,
  ApiKeyInput,
  CapsInput,
  CardInput,
  ContactInput,
  EmailInput,
  FieldErrors,
  LoginInput,
  NumberInput,
  PackageInput,
  PasswordChangeInput,
  ProfileInput,
  RangeInput,
  RateInput,
  RechargeInput,
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
// The tools' types, for any page to name: a type-only export loads nothing.
export type * from 'dialtone-core-tools';

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
  validateNumberHooks,
  validateForwardTo,
  trialDaysLeft,
  trialResendWait,
  geoPermits,
  validateCaps,
  geoHighRisk,
  geoMayRequest,
  geoLists,
  twoFactorCode,
  formatDuration,
  validateDateRange,
  validateDeposit,
  validateRecharge,
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
