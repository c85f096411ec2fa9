import { useEffect, useState } from 'react';
import { SelectField } from '../../../components/ui/forms/select-field';

interface AudioDevicesProps {
  microphone: string;
  onMicrophone: (id: string) => void;
  speaker: string;
  onSpeaker: (id: string) => void;
}

function useAudioDevices() {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    const read = () => void media.enumerateDevices().then(setDevices);
    read();
    media.addEventListener('devicechange', read);
    return () => media.removeEventListener('devicechange', read);
  }, []);
  return devices;
}

function optionsOf(devices: MediaDeviceInfo[], kind: MediaDeviceKind, name: string) {
  const own = devices.filter((d) => d.kind === kind && d.deviceId && d.deviceId !== 'default');
  return [
    { value: '', label: `Default ${name}` },
    ...own.map((d, i) => ({ value: d.deviceId, label: d.label || `${name} ${i + 1}` })),
  ];
}

/** The microphone and speaker the calls use (names show once the microphone is allowed). */
export function AudioDevices({ microphone, onMicrophone, speaker, onSpeaker }: AudioDevicesProps) {
  const devices = useAudioDevices();
  // Choosing the speaker needs setSinkId (not in every browser).
  const canPickSpeaker = 'setSinkId' in HTMLMediaElement.prototype;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Microphone"
        value={microphone}
        onChange={(e) => onMicrophone(e.target.value)}
        options={optionsOf(devices, 'audioinput', 'microphone')}
      />
      {canPickSpeaker && (
        <SelectField
          label="Speaker"
          value={speaker}
          onChange={(e) => onSpeaker(e.target.value)}
          options={optionsOf(devices, 'audiooutput', 'speaker')}
        />
      )}
    </div>
  );
}
