//! What a TwiML call plays: Say's text spoken by espeak-ng in the voice and language
//! asked (kept per text), Play's WAV or MP3 fetched (kept per URL as its answer's
//! Cache-Control allows) from its URL (through the guarded client, size-limited).
//! Anything that cannot be made plays as a second of silence, and is logged.

use crate::ivr::audio::{self, AudioKind};
use crate::state::AppState;
use crate::webhooks::guard;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest audio file fetched for Play: ten minutes of 16-bit 8 kHz mono and
/// then some (a WAV at 44.1 kHz stereo is larger; the customer converts it).
pub const MAX_PLAY_BYTES: usize = 16 * 1024 * 1024;
/// Whoever asked for a female voice, in espeak-ng's variants.
const FEMALE: &str = "+f3";

/// The espeak-ng voice for TwiML's `language` ("en-GB", default en-US) and `voice`
/// ("man", "woman", "alice", "Polly.Joanna", ... : Twilio's female voices read as a
/// female variant).
pub fn espeak_voice(voice: Option<&str>, language: Option<&str>) -> String {
    let language = language
        .filter(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or("en-US")
        .to_ascii_lowercase();
    let female = match voice.unwrap_or("man") {
        "man" => false,
        "woman" | "alice" => true,
        // Polly and Google voices: most of Twilio's named voices are female, the male
        // ones are listed.
        named => ![
            "Matthew", "Joey", "Justin", "Brian", "Russell", "Geraint", "Kevin",
        ]
        .iter()
        .any(|m| named.ends_with(m)),
    };
    if female {
        format!("{language}{FEMALE}")
    } else {
        language
    }
}

/// Spoken texts kept for the next call: most TwiML applications say the same greeting
/// and menus to every caller, and espeak-ng costs tens of milliseconds of CPU a time.
/// Calls that ask for the same text at once wait for one rendering.
const SPOKEN_KEPT: usize = 256;
/// Only prompts up to this long are kept (30 s of 8 kHz 16-bit audio): at most 120 MB.
const SPOKEN_MAX_BYTES: usize = 30 * 8000 * 2;

type Cell = Arc<tokio::sync::OnceCell<Arc<Vec<u8>>>>;
type Spoken = std::sync::Mutex<std::collections::HashMap<(String, String), Cell>>;

fn spoken() -> &'static Spoken {
    static SPOKEN: std::sync::OnceLock<Spoken> = std::sync::OnceLock::new();
    SPOKEN.get_or_init(Default::default)
}

/// 8 kHz PCM of `text` spoken in `voice`, made once per process while kept.
pub async fn say(text: &str, voice: &str) -> anyhow::Result<Arc<Vec<u8>>> {
    let cell = {
        let mut kept = spoken().lock().unwrap();
        // Full: start again rather than track use (a burst of new texts is rare).
        if kept.len() >= SPOKEN_KEPT {
            kept.clear();
        }
        kept.entry((voice.to_string(), text.to_string()))
            .or_default()
            .clone()
    };
    let mut made = false;
    let pcm = cell
        .get_or_try_init(|| async {
            made = true;
            anyhow::Ok(Arc::new(audio::speak_as(text, voice).await?.pcm))
        })
        .await?
        .clone();
    let result = if made { "spoken" } else { "kept" };
    metrics::counter!("dialtone_twiml_speech_total", "result" => result).increment(1);
    if pcm.len() > SPOKEN_MAX_BYTES {
        spoken()
            .lock()
            .unwrap()
            .remove(&(voice.to_string(), text.to_string()));
    }
    Ok(pcm)
}

/// Play files kept for the next calls, by URL: most applications play the same hold
/// music and greetings to every caller. Kept as the answer's Cache-Control allows
/// (`keep_for`), at most PLAYED_KEPT files of at most SPOKEN_MAX_BYTES each.
const PLAYED_KEPT: usize = 64;
/// How long a file is kept when its answer says nothing of caching.
const PLAYED_DEFAULT: Duration = Duration::from_secs(300);
/// The longest a file is kept, whatever its answer says.
const PLAYED_LONGEST: Duration = Duration::from_secs(3600);

type Played = std::sync::Mutex<std::collections::HashMap<String, (Instant, Arc<Vec<u8>>)>>;

fn played() -> &'static Played {
    static PLAYED: std::sync::OnceLock<Played> = std::sync::OnceLock::new();
    PLAYED.get_or_init(Default::default)
}

/// How long an answer with this Cache-Control may be kept: no-store, no-cache and
/// private keep nothing; max-age=N keeps N seconds (at most an hour); none, 5 minutes.
pub fn keep_for(cache_control: Option<&str>) -> Option<Duration> {
    let Some(header) = cache_control else {
        return Some(PLAYED_DEFAULT);
    };
    let mut keep = Some(PLAYED_DEFAULT);
    for directive in header.split(',').map(|d| d.trim().to_ascii_lowercase()) {
        if matches!(directive.as_str(), "no-store" | "no-cache" | "private") {
            return None;
        }
        if let Some(seconds) = directive.strip_prefix("max-age=") {
            let seconds: u64 = seconds.trim_matches('"').parse().ok()?;
            keep = (seconds > 0).then(|| Duration::from_secs(seconds).min(PLAYED_LONGEST));
        }
    }
    keep
}

/// 8 kHz PCM of the WAV or MP3 at `url`, kept for the next calls as its answer allows.
pub async fn play(state: &AppState, url: &str) -> anyhow::Result<Arc<Vec<u8>>> {
    let kept = played().lock().unwrap().get(url).cloned();
    if let Some((_, pcm)) = kept.filter(|(until, _)| *until > Instant::now()) {
        metrics::counter!("dialtone_twiml_play_total", "result" => "kept").increment(1);
        return Ok(pcm);
    }
    let (pcm, keep) = fetch_play(state, url).await?;
    metrics::counter!("dialtone_twiml_play_total", "result" => "fetched").increment(1);
    if let Some(keep) = keep.filter(|_| pcm.len() <= SPOKEN_MAX_BYTES) {
        let mut all = played().lock().unwrap();
        all.retain(|_, (until, _)| *until > Instant::now());
        if all.len() < PLAYED_KEPT {
            all.insert(url.to_string(), (Instant::now() + keep, pcm.clone()));
        }
    }
    Ok(pcm)
}

/// Fetches and decodes the file at `url`; how long it may be kept.
async fn fetch_play(
    state: &AppState,
    url: &str,
) -> anyhow::Result<(Arc<Vec<u8>>, Option<Duration>)> {
    let private_targets = state.config.webhook_private_targets;
    anyhow::ensure!(
        private_targets || !guard::private_literal(url),
        guard::REFUSED
    );
    let answer = crate::webhooks::sender::client(private_targets)
        .get(url)
        .send()
        .await?;
    anyhow::ensure!(
        answer.status().is_success(),
        "{url} answered HTTP {}",
        answer.status().as_u16()
    );
    let keep = keep_for(
        answer
            .headers()
            .get(reqwest::header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok()),
    );
    let body = super::fetch::read_limited(answer, MAX_PLAY_BYTES)
        .await
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let pcm = match audio::audio_kind(&body) {
        Some(AudioKind::Wav) => {
            audio::convert_upload("play.wav", &body)
                .await
                .map_err(|e| anyhow::anyhow!("{url}: a WAV file Dialtone cannot play ({e:?})"))?
                .pcm
        }
        Some(AudioKind::Mp3) => audio::mp3_to_pcm8k(&body)
            .await
            .map_err(|e| anyhow::anyhow!("{url}: an MP3 file Dialtone cannot play ({e})"))?,
        None => anyhow::bail!("{url} is neither a WAV nor an MP3 file"),
    };
    Ok((Arc::new(pcm), keep))
}

#[cfg(test)]
mod tests {
    use super::espeak_voice;

    #[test]
    fn a_play_file_is_kept_as_its_cache_control_allows() {
        use super::keep_for;
        use std::time::Duration;
        assert_eq!(keep_for(None), Some(Duration::from_secs(300)));
        assert_eq!(
            keep_for(Some("public, max-age=60")),
            Some(Duration::from_secs(60))
        );
        assert_eq!(
            keep_for(Some("max-age=86400")),
            Some(Duration::from_secs(3600))
        );
        assert_eq!(keep_for(Some("max-age=0")), None);
        assert_eq!(keep_for(Some("no-cache")), None);
        assert_eq!(keep_for(Some("private, max-age=60")), None);
        assert_eq!(keep_for(Some("max-age=soon")), None);
    }

    #[test]
    fn twilio_voices_become_espeak_voices() {
        assert_eq!(espeak_voice(None, None), "en-us");
        assert_eq!(espeak_voice(Some("woman"), Some("en-GB")), "en-gb+f3");
        assert_eq!(espeak_voice(Some("Polly.Joanna"), None), "en-us+f3");
        assert_eq!(espeak_voice(Some("Polly.Matthew"), Some("es-ES")), "es-es");
        assert_eq!(espeak_voice(Some("man"), Some("fr-FR; rm -rf")), "en-us");
    }
}
