//! Prompts: the spoken text heard back as a WAV, and an uploaded WAV (any rate,
//! stereo) converted to 8 kHz mono and chosen for its step.

use super::{bytes, create, front_desk, pcm_wav};
use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::ivr::repo::{prompt_audio, PromptAudio};

/// `seconds` of stereo 16 kHz silence-and-tone as a WAV file.
fn stereo_wav(seconds: u32) -> Vec<u8> {
    let frames = (0..16000 * seconds).map(|i| if i % 32 < 16 { 4000 } else { -4000 });
    pcm_wav(2, 16000, frames.flat_map(|v| [v, v]))
}

/// Ada with a front desk flow: (the app, her session, the flow's id).
async fn front_desk_flow() -> (TestApp, Session, i64) {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let id = create(&app, &s, front_desk("Front desk")).await["id"]
        .as_i64()
        .unwrap();
    (app, s, id)
}

/// The prompt stored for step `step` of flow `id`.
async fn stored_prompt(app: &TestApp, id: i64, step: &str) -> PromptAudio {
    prompt_audio(&app.state.db.pool, id, step)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn a_spoken_prompt_plays_back_as_an_8_khz_wav() {
    let (app, s, id) = front_desk_flow().await;
    let (status, kind, wav) = bytes(&app, &s, &format!("/api/ivr/flows/{id}/prompts/main")).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "audio/wav"));
    let reader = hound::WavReader::new(std::io::Cursor::new(wav)).unwrap();
    assert_eq!(
        (reader.spec().sample_rate, reader.spec().channels),
        (8000, 1)
    );
    assert!(reader.duration() > 8000, "more than a second of speech");
    let stored = stored_prompt(&app, id, "main").await;
    assert_eq!(stored.pcm.len() as u32, reader.duration() * 2);
    assert_eq!(stored.source, "tts");
    // A step that speaks nothing has no prompt.
    let none = app
        .get_as(&s, &format!("/api/ivr/flows/{id}/prompts/sales"))
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_uploaded_wav_is_converted_to_8_khz_mono_and_chosen_for_its_step() {
    let (app, s, id) = front_desk_flow().await;
    let path = format!("/api/ivr/flows/{id}/prompts/vm?name=greeting.wav");
    let r = app
        .post(&path)
        .bearer(&s.token)
        .raw("audio/wav", stereo_wav(2))
        .send()
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["source"], "upload");
    assert_eq!(r.body["label"], "greeting.wav");
    let seconds = r.body["seconds"].as_f64().unwrap();
    assert!((1.95..=2.05).contains(&seconds), "{seconds}");
    let stored = stored_prompt(&app, id, "vm").await;
    assert_eq!(stored.pcm.len(), 2 * 8000 * 2);

    // The saved flow now names the upload, and saving it again keeps it.
    let flow = app.get_as(&s, &format!("/api/ivr/flows/{id}")).await.body["flow"].clone();
    assert_eq!(flow["steps"]["vm"]["audio"], "greeting.wav");
    let put = app.put_as(&s, &format!("/api/ivr/flows/{id}"), flow).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    let again = stored_prompt(&app, id, "vm").await;
    assert_eq!(again.source, "upload");
    // Leaving the upload out speaks the text again.
    let put = app
        .put_as(
            &s,
            &format!("/api/ivr/flows/{id}"),
            front_desk("Front desk"),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK);
    let spoken = stored_prompt(&app, id, "vm").await;
    assert_eq!(spoken.source, "tts");

    let junk = app
        .post(&path)
        .bearer(&s.token)
        .raw("audio/wav", b"not a wav at all".to_vec())
        .send()
        .await;
    assert_eq!(junk.status, StatusCode::BAD_REQUEST);
    let hangup_step = app
        .post(&format!("/api/ivr/flows/{id}/prompts/sales"))
        .bearer(&s.token)
        .raw("audio/wav", stereo_wav(1))
        .send()
        .await;
    assert_eq!(hangup_step.status, StatusCode::BAD_REQUEST);
}
