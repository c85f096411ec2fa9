import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { getVoicemailAudio } from '../api/voicemail-audio';

interface VoicemailPlayerProps {
  id: number;
  /** Names the controls and the downloaded file, e.g. the caller. */
  label: string;
  /** The recording was fetched (the server then counts it heard). */
  onFetched?: () => void;
}

/**
 * A recording is fetched with the session's token (an <audio src> to the API could not
 * send it), then played from a blob URL that lives as long as the player.
 */
export function VoicemailPlayer({ id, label, onFetched }: VoicemailPlayerProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function load(): Promise<Blob | null> {
    setLoading(true);
    try {
      const blob = await getVoicemailAudio(id);
      onFetched?.();
      return blob;
    } catch (error) {
      toast.error(messageOf(error, 'Could not load the recording.'));
      return null;
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {url ? (
        <audio controls autoPlay src={url} aria-label={`Message from ${label}`} />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          loading={loading}
          onClick={async () => {
            const blob = await load();
            if (blob) setUrl(URL.createObjectURL(blob));
          }}
        >
          Play <span className="sr-only">message from {label}</span>
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => {
          const blob = await load();
          if (blob) saveBlob(blob, `voicemail-${id}.wav`);
        }}
      >
        Download <span className="sr-only">message from {label}</span>
      </Button>
    </div>
  );
}
