"""Bodies schemathesis cannot draw by itself (loaded by scripts/api-fuzz.sh through
SCHEMATHESIS_HOOKS): IVR prompt uploads are audio/wav. The fuzz sends real WAV files
(8 kHz and 44.1 kHz, mono and stereo, short tones and silence) and broken ones (a bare
RIFF header, random bytes), so the server's WAV check and conversion are exercised."""

import io
import math
import struct
import wave

import schemathesis
from hypothesis import strategies as st


def _wav(rate: int, channels: int, millis: int, hz: int) -> bytes:
    frames = rate * millis // 1000
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        samples = (int(8000 * math.sin(2 * math.pi * hz * i / rate)) for i in range(frames))
        w.writeframes(b"".join(struct.pack("<h", s) * channels for s in samples))
    return out.getvalue()


valid = st.builds(
    _wav,
    st.sampled_from([8000, 16000, 44100]),
    st.sampled_from([1, 2]),
    st.integers(min_value=20, max_value=400),
    st.sampled_from([0, 440, 1000]),
)
broken = st.one_of(st.just(b"RIFF\x00\x00\x00\x00WAVE"), st.binary(max_size=256))

schemathesis.openapi.media_type("audio/wav", st.one_of(valid, broken))
