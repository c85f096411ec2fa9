import { smsInfo } from '../../../lib/core';

export function partsText(segments: number): string {
  return `${segments} ${segments === 1 ? 'part' : 'parts'}`;
}

/** "42/160", and the parts and encoding once they matter (core decides all three). */
export function SmsCounter({ message }: { message: string }) {
  const info = smsInfo(message);
  const detailed = info.segments > 1 || info.encoding === 'UCS-2';
  return (
    <span className="flex flex-wrap justify-between gap-x-3">
      <span data-testid="sms-counter" className="tabular-nums">
        {info.counter}
      </span>
      {detailed && (
        <span>
          {partsText(info.segments)} · {info.encoding}
        </span>
      )}
    </span>
  );
}
