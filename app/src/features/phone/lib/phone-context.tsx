import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBrowserPhone } from './use-browser-phone';

type Phone = ReturnType<typeof useBrowserPhone>;

interface PhoneContextValue {
  phone: Phone;
  microphone: string;
  setMicrophone: (id: string) => void;
  speaker: string;
  setSpeaker: (id: string) => void;
}

const PhoneContext = createContext<PhoneContextValue | null>(null);

/**
 * The client area's browser phone, for every page of it: registered while the area is
 * open, so that a call rings (and goes on) whichever page the customer is on.
 */
export function PhoneProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [microphone, setMicrophone] = useState('');
  const [speaker, setSpeaker] = useState('');
  const phone = useBrowserPhone(audio, microphone);
  useEffect(() => {
    const el = audio.current as
      (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    void el?.setSinkId?.(speaker);
  }, [speaker]);
  return (
    <PhoneContext.Provider value={{ phone, microphone, setMicrophone, speaker, setSpeaker }}>
      {children}
      {/* The far end's voice, whichever page shows. */}
      <audio ref={audio} autoPlay />
    </PhoneContext.Provider>
  );
}

export function usePhone(): PhoneContextValue {
  const value = useContext(PhoneContext);
  if (!value) throw new Error('usePhone outside the client area');
  return value;
}
