import { useState, type FormEvent } from 'react';
import type { FieldMessages } from './api-client';

export type FormValues = Record<string, string | boolean>;

interface Options<T extends FormValues> {
  initial: T;
  /** A core validator: returns {field: firstMessage}, empty when valid. */
  validate: (values: T) => FieldMessages;
  /** Show a field's message once it loses focus (otherwise only after the first submit). */
  revealOnBlur?: boolean;
}

/**
 * Form state whose rules all come from core: this hook only decides when a
 * message becomes visible and keeps server field errors until the field changes.
 */
export function useCoreForm<T extends FormValues>({
  initial,
  validate,
  revealOnBlur = true,
}: Options<T>) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const clientErrors = validate(values);

  function errorFor(name: keyof T & string): string | undefined {
    if (serverErrors[name]) return serverErrors[name];
    return submitted || touched[name] ? clientErrors[name] : undefined;
  }

  function setValue<K extends keyof T & string>(name: K, value: T[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    if (serverErrors[name]) {
      setServerErrors((current) => {
        const next = { ...current };
        delete next[name];
        return next;
      });
    }
  }

  function blur(name: keyof T & string) {
    if (revealOnBlur) setTouched((current) => ({ ...current, [name]: true }));
  }

  function text(name: keyof T & string) {
    return {
      name,
      value: String(values[name] ?? ''),
      error: errorFor(name),
      onChange: (event: { target: { value: string } }) =>
        setValue(name, event.target.value as T[typeof name]),
      onBlur: () => blur(name),
    };
  }

  function checkbox(name: keyof T & string) {
    return {
      name,
      checked: Boolean(values[name]),
      error: errorFor(name),
      onChange: (event: { target: { checked: boolean } }) =>
        setValue(name, event.target.checked as T[typeof name]),
      onBlur: () => blur(name),
    };
  }

  function submit(onValid: (values: T) => void | Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const invalid = new Set(Object.keys(clientErrors));
      if (invalid.size > 0) {
        // The first invalid field on screen, not the first key: core's errors come in
        // name order ("confirmPassword" before "name").
        const first = Array.from(event.currentTarget.elements).find(
          (element) =>
            element instanceof HTMLElement && invalid.has(element.getAttribute('name') ?? ''),
        );
        if (first instanceof HTMLElement) first.focus();
        return;
      }
      return onValid(values);
    };
  }

  function reset(next: T = initial) {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }

  return {
    values,
    setValue,
    text,
    checkbox,
    submit,
    reset,
    errorFor,
    setServerErrors,
    isValid: Object.keys(clientErrors).length === 0,
  };
}
