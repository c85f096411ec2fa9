/**
 * A request a list's rows send one at a time, by the row's id (mark a message handled, resend a
 * delivery, export a deck, download a recording): a mutation, as a table needs it. The table
 * starts it from a row's button, and that button waits while the request is on its way.
 */
export interface RowRequest {
  mutate: (id: number) => void;
  isPending: boolean;
  variables: number | undefined;
}

/** Whether the request is on its way for this row. */
export function sendingFor(request: RowRequest, id: number): boolean {
  return request.isPending && request.variables === id;
}
