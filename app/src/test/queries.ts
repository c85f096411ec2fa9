import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { calls, type mockApi } from './mock-api';

/** The table row holding `text`, once it shows. */
export async function findRow(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr')!;
}

/** Asserts that `element` shows each of `texts`, each once and visible. */
export function expectShows(element: HTMLElement, texts: string[]) {
  for (const text of texts) expect(within(element).getByText(text)).toBeVisible();
}

/** The table row holding `text`, shown already. */
export function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr')!;
}

/** Waits until `element` shows the flag image of the country `code`, e.g. "US". */
export async function expectFlag(element: HTMLElement, code: string) {
  await waitFor(() => expect(element.querySelector(`img[data-flag="${code}"]`)).not.toBeNull(), {
    // The flag map is a lazy chunk of 259 SVG imports: slow to transform under load.
    timeout: 10_000,
  });
}

/** The texts of a select's options, in order. */
export function optionTexts(select: HTMLElement): Array<string | null> {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

/** Checks that the select labelled `label` offers `options`, in order, then chooses `choice`. */
export async function chooseOption(label: string, options: string[], choice: string) {
  const select = screen.getByLabelText(label);
  expect(optionTexts(select)).toEqual(options);
  await userEvent.selectOptions(select, choice);
}

/** Where the links in the region named `region` lead, in order. */
export function linkTargets(region: string): Array<string | null> {
  return within(screen.getByRole('region', { name: region }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

/** Waits until the stubbed fetch has been asked for `call` ("METHOD /api/..."). */
export async function expectCalled(fetch: ReturnType<typeof mockApi>, call: string) {
  await waitFor(() => expect(calls(fetch)).toContain(call));
}

/**
 * Types `text` into the search `field` and waits for the request of the whole text, `call`.
 * The search is debounced: no request went out for the first keystroke alone.
 */
export async function searchFor(
  fetch: ReturnType<typeof mockApi>,
  field: HTMLElement,
  text: string,
  call: string,
) {
  await userEvent.type(field, text);
  await expectCalled(fetch, call);
  expect(calls(fetch).filter((c) => c.includes(`search=${text[0]}&`))).toEqual([]);
}

/** The JSON body of the first `call` ("METHOD /api/...") the stubbed fetch got. */
export function bodyOf(fetch: ReturnType<typeof mockApi>, call: string): unknown {
  const found = fetch.mock.calls.find(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === call,
  );
  return JSON.parse(String(found?.[1]?.body));
}

/** Opens the actions menu of the row named `row` and chooses `item`; the menu's button. */
export async function chooseRowAction(row: string, item: string): Promise<HTMLElement> {
  const toggle = await screen.findByRole('button', { name: `Actions for ${row}` });
  await userEvent.click(toggle);
  await userEvent.click(screen.getByRole('menuitem', { name: item }));
  return toggle;
}

/** Asserts that the link named `name` on screen leads to `href`. */
export function expectLinkTo(name: string | RegExp, href: string) {
  expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
}

/** Checks that the dialog named `name` says `asks`, then clicks its `button`; the dialog. */
export async function answerDialog(
  name: string,
  asks: string,
  button: string,
): Promise<HTMLElement> {
  const dialog = screen.getByRole('dialog', { name });
  expect(dialog).toHaveTextContent(asks);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

/**
 * A list screen's search box and then two filters, used in turn: `urls` are the
 * requests each adds to the one before (the search, the first filter, both filters);
 * after the first filter the screen says `empty`.
 */
export async function expectSearchThenFilters(
  fetch: ReturnType<typeof mockApi>,
  search: [field: HTMLElement, text: string],
  filters: Array<[label: string, options: string[], choice: string]>,
  urls: string[],
  empty: string,
) {
  await searchFor(fetch, search[0], search[1], urls[0]);
  await chooseOption(...filters[0]);
  expect(await screen.findByText(empty)).toBeInTheDocument();
  await chooseOption(...filters[1]);
  await expectCalled(fetch, urls[2]);
}
