//! What a TwiML call plays: Say's text spoken by espeak-ng in the voice and language
//! asked, Play's WAV fetched from its URL (through the guarded client, size-limited).
//! Anything that cannot be made plays as a second of silence, and is logged.

use crate::ivr::audio;
use crate::state::AppState;
use crate::webhooks::guard;

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

/// 8 kHz samples of `text` spoken in `voice`.
pub async fn say(text: &str, voice: &str) -> anyhow::Result<Vec<u8>> {
    Ok(audio::speak_as(text, voice).await?.pcm)
}

/// 8 kHz samples of the WAV at `url`.
pub async fn play(state: &AppState, url: &str) -> anyhow::Result<Vec<u8>> {
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
    let body = super::fetch::read_limited(answer, MAX_PLAY_BYTES)
        .await
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let converted = audio::convert_upload("play.wav", &body)
        .await
        .map_err(|e| anyhow::anyhow!("{url} is not a WAV file Dialtone can play ({e:?})"))?;
    Ok(converted.pcm)
}

#[cfg(test)]
mod tests {
    use super::espeak_voice;

    #[test]
    fn twilio_voices_become_espeak_voices() {
        assert_eq!(espeak_voice(None, None), "en-us");
        assert_eq!(espeak_voice(Some("woman"), Some("en-GB")), "en-gb+f3");
        assert_eq!(espeak_voice(Some("Polly.Joanna"), None), "en-us+f3");
        assert_eq!(espeak_voice(Some("Polly.Matthew"), Some("es-ES")), "es-es");
        assert_eq!(espeak_voice(Some("man"), Some("fr-FR; rm -rf")), "en-us");
    }
}
