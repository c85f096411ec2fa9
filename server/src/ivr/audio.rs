//! Prompt audio made at save time: a step's text spoken by espeak-ng, or an uploaded
//! WAV, both turned by sox into what G.711 is encoded from (8 kHz mono 16-bit PCM),
//! so a call only has to encode samples, never resample.

use super::repo::PromptAudio;
use std::io::Cursor;
use std::process::Stdio;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;

pub const RATE: u32 = 8000;
/// The longest upload taken: five minutes (a prompt, not a recording).
pub const MAX_UPLOAD_SECONDS: u64 = 300;
/// The largest upload body (five minutes of 48 kHz stereo 16-bit is about 55 MB).
pub const MAX_UPLOAD_BYTES: usize = 60 * 1024 * 1024;

/// The espeak-ng voice: DIALTONE_IVR_VOICE, else US English (installed with espeak-ng).
fn voice() -> String {
    std::env::var("DIALTONE_IVR_VOICE")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| "en-us".into())
}

/// Runs `program args`, feeding `input` to its stdin, and returns its stdout.
async fn pipe(program: &str, args: &[&str], input: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| {
            anyhow::anyhow!("{program} could not start ({e}); run scripts/ensure-ivr.sh")
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Written beside the read: a large input would otherwise fill the pipe both ways.
    let writer = tokio::spawn(async move {
        let _ = stdin.write_all(&input).await;
    });
    let out = child.wait_with_output().await?;
    let _ = writer.await;
    if !out.status.success() {
        anyhow::bail!(
            "{program} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(out.stdout)
}

/// Any WAV sox reads, as 8 kHz mono signed 16-bit little-endian samples.
async fn to_pcm8k(wav: &[u8]) -> anyhow::Result<Vec<u8>> {
    decode("wav", wav).await
}

/// A file of sox's type `kind` ("wav", "mp3"), as 8 kHz mono signed 16-bit
/// little-endian samples.
async fn decode(kind: &str, file: &[u8]) -> anyhow::Result<Vec<u8>> {
    pipe(
        "sox",
        &[
            "-t",
            kind,
            "-",
            "-t",
            "raw",
            "-r",
            "8000",
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-L",
            "-",
        ],
        file,
    )
    .await
}

/// What an audio file is, from its first bytes (a customer's server may send any
/// Content-Type): a RIFF WAV, or an MP3 (an ID3 tag, or a frame's sync word).
#[derive(Debug, PartialEq, Eq)]
pub enum AudioKind {
    Wav,
    Mp3,
}

pub fn audio_kind(file: &[u8]) -> Option<AudioKind> {
    match file {
        [b'R', b'I', b'F', b'F', ..] => Some(AudioKind::Wav),
        [b'I', b'D', b'3', ..] => Some(AudioKind::Mp3),
        [0xFF, second, ..] if second & 0xE0 == 0xE0 => Some(AudioKind::Mp3),
        _ => None,
    }
}

/// An MP3 (a TwiML Play file) as 8 kHz mono PCM, refused past MAX_UPLOAD_SECONDS.
pub async fn mp3_to_pcm8k(mp3: &[u8]) -> anyhow::Result<Vec<u8>> {
    let pcm = decode("mp3", mp3).await?;
    anyhow::ensure!(!pcm.is_empty(), "no audio in the MP3 file");
    anyhow::ensure!(
        pcm.len() as u64 / (2 * RATE as u64) <= MAX_UPLOAD_SECONDS,
        "longer than {MAX_UPLOAD_SECONDS} seconds"
    );
    Ok(pcm)
}

/// A WAV (a recording) as MP3, for the Recordings API's `.mp3` media.
pub async fn wav_to_mp3(wav: &[u8]) -> anyhow::Result<Vec<u8>> {
    pipe("sox", &["-t", "wav", "-", "-t", "mp3", "-"], wav).await
}

fn duration_ms(pcm: &[u8]) -> i64 {
    (pcm.len() as i64 / 2) * 1000 / RATE as i64
}

/// `text` spoken by espeak-ng, at 8 kHz.
pub async fn speak(text: &str) -> anyhow::Result<PromptAudio> {
    speak_as(text, &voice()).await
}

/// `text` spoken by the espeak-ng voice `voice` ("en-gb", "en-us+f3"), at 8 kHz.
pub async fn speak_as(text: &str, voice: &str) -> anyhow::Result<PromptAudio> {
    let wav = pipe(
        "espeak-ng",
        &["-v", voice, "--stdout", "--stdin"],
        text.as_bytes(),
    )
    .await?;
    let pcm = to_pcm8k(&wav).await?;
    Ok(PromptAudio {
        duration_ms: duration_ms(&pcm),
        pcm,
        source: "tts".into(),
        label: text.to_string(),
    })
}

/// Why an upload was refused, in the customer's words.
#[derive(Debug)]
pub enum UploadError {
    NotWav,
    TooLong,
    Failed(anyhow::Error),
}

/// An uploaded WAV (any rate, channels and PCM width hound reads), checked and
/// converted to 8 kHz mono.
pub async fn convert_upload(file_name: &str, wav: &[u8]) -> Result<PromptAudio, UploadError> {
    let reader = hound::WavReader::new(Cursor::new(wav)).map_err(|_| UploadError::NotWav)?;
    let spec = reader.spec();
    if spec.sample_rate == 0 || spec.channels == 0 {
        return Err(UploadError::NotWav);
    }
    let frames = reader.duration() as u64;
    if frames / spec.sample_rate as u64 > MAX_UPLOAD_SECONDS {
        return Err(UploadError::TooLong);
    }
    let pcm = to_pcm8k(wav).await.map_err(UploadError::Failed)?;
    if pcm.is_empty() {
        return Err(UploadError::NotWav);
    }
    Ok(PromptAudio {
        duration_ms: duration_ms(&pcm),
        pcm,
        source: "upload".into(),
        label: file_name.to_string(),
    })
}

/// 8 kHz mono PCM as a WAV file, for playing a prompt back in the browser.
pub fn pcm_to_wav(pcm: &[u8]) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = Cursor::new(Vec::with_capacity(pcm.len() + 44));
    {
        let mut w = hound::WavWriter::new(&mut out, spec).expect("a WAV header to memory");
        for s in pcm.chunks_exact(2) {
            w.write_sample(i16::from_le_bytes([s[0], s[1]]))
                .expect("writing to memory");
        }
        w.finalize().expect("finishing a WAV in memory");
    }
    out.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_told_by_their_first_bytes() {
        assert_eq!(audio_kind(b"RIFF\x24\0\0\0WAVE"), Some(AudioKind::Wav));
        assert_eq!(audio_kind(b"ID3\x04\0"), Some(AudioKind::Mp3));
        assert_eq!(audio_kind(&[0xFF, 0xFB, 0x90, 0x64]), Some(AudioKind::Mp3));
        assert_eq!(audio_kind(b"<Response/>"), None);
        assert_eq!(audio_kind(&[0xFF]), None);
    }

    #[tokio::test]
    async fn a_recording_goes_to_mp3_and_back_at_its_length() {
        let second: Vec<u8> = (0..8000i32)
            .flat_map(|i| (((i % 40) * 800 - 16000) as i16).to_le_bytes())
            .collect();
        let mp3 = wav_to_mp3(&pcm_to_wav(&second)).await.unwrap();
        assert_eq!(audio_kind(&mp3), Some(AudioKind::Mp3));
        let back = mp3_to_pcm8k(&mp3).await.unwrap();
        // MP3 pads a frame or two at each end.
        let ms = duration_ms(&back);
        assert!((1000..1200).contains(&ms), "{ms} ms");
    }
}
