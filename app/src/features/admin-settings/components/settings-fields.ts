import type { PlatformSettings } from '../api/get-settings';

export interface SettingsField {
  name: keyof PlatformSettings;
  label: string;
  hint: string;
  inputMode: 'decimal' | 'numeric';
}

export const settingsFields: SettingsField[] = [
  {
    name: 'setupFee',
    label: 'Number setup fee ($)',
    hint: 'Charged once when a customer buys a number.',
    inputMode: 'decimal',
  },
  {
    name: 'renewalNoticeDays',
    label: 'Renewal notice (days before)',
    hint: 'When customers get the e-mail about a number renewing.',
    inputMode: 'numeric',
  },
  {
    name: 'lowBalanceThreshold',
    label: 'Low-balance threshold ($)',
    hint: 'Customers are notified when their balance falls below this.',
    inputMode: 'decimal',
  },
  {
    name: 'gracePeriodDays',
    label: 'Grace period (days)',
    hint: 'How long an expired number is kept for its owner before it goes back on sale.',
    inputMode: 'numeric',
  },
  {
    name: 'maxDeposit',
    label: 'Maximum deposit ($)',
    hint: 'The largest single top-up a customer can make.',
    inputMode: 'decimal',
  },
  {
    name: 'defaultFirstIncrement',
    label: 'Default first billing increment (seconds)',
    hint: 'Used for new countries: the first billed block of a call.',
    inputMode: 'numeric',
  },
  {
    name: 'defaultNextIncrement',
    label: 'Default next billing increment (seconds)',
    hint: 'Used for new countries: each billed block after the first.',
    inputMode: 'numeric',
  },
  {
    name: 'trialCredit',
    label: 'Free trial credit ($)',
    hint: 'What a new account gets for its 7-day trial, for calls and SMS to verified numbers.',
    inputMode: 'decimal',
  },
  {
    name: 'recordingRate',
    label: 'Call recording rate ($ per minute)',
    hint: 'Charged for each started minute of a recording when it is stored; 0 makes recordings free.',
    inputMode: 'decimal',
  },
];
