import { describe, expect, it } from 'vitest';
import {
  CONNECTION_LOST_MESSAGE,
  MICROPHONE_REFUSED_MESSAGE,
  NO_FUNDS_MESSAGE,
  NO_MICROPHONE_MESSAGE,
  failureMessage,
  microphoneMessage,
} from './call-messages';

describe('what the phone says about a call that failed', () => {
  it('says nothing when the caller hung up first', () => {
    expect(failureMessage({ cause: 'Canceled' })).toBeNull();
  });

  it('names the missing funds for a 402', () => {
    expect(
      failureMessage({ cause: 'SIP Failure Code', status: 402, reason: 'Insufficient funds' }),
    ).toBe(NO_FUNDS_MESSAGE);
  });

  it("repeats the switch's reason for other refusals", () => {
    expect(
      failureMessage({
        cause: 'Rejected',
        status: 403,
        reason: 'Trial calls only to verified numbers',
      }),
    ).toBe('The call was refused: Trial calls only to verified numbers (403).');
    expect(failureMessage({ cause: 'Busy', status: 486, reason: 'Too many calls at once' })).toBe(
      'The call was refused: Too many calls at once (486).',
    );
    expect(failureMessage({ cause: 'Busy', status: 486, reason: 'Busy Here' })).toBe(
      'The number is busy.',
    );
  });

  it('explains a refused microphone and a dropped connection', () => {
    expect(failureMessage({ cause: 'User Denied Media Access' })).toBe(MICROPHONE_REFUSED_MESSAGE);
    expect(failureMessage({ cause: 'Connection Error' })).toBe(CONNECTION_LOST_MESSAGE);
  });

  it('tells a missing microphone from a refused one', () => {
    expect(microphoneMessage(new DOMException('none', 'NotFoundError'))).toBe(
      NO_MICROPHONE_MESSAGE,
    );
    expect(microphoneMessage(new DOMException('no', 'NotAllowedError'))).toBe(
      MICROPHONE_REFUSED_MESSAGE,
    );
  });
});
