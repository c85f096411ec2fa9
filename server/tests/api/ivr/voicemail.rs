//! Voicemails (seeded as the media endpoint saves them): announced once, listed to
//! their owner only, played as WAV (then heard), deleted.

use super::{bytes, create, front_desk, my_number_id, pcm_wav};
use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_server::ivr::announce_voicemail;
use dialtone_server::ivr::repo::{save_voicemail, NewVoicemail};

/// One second of a 440 Hz tone as an 8 kHz mono WAV.
fn tone_wav() -> Vec<u8> {
    pcm_wav(
        1,
        8000,
        (0..8000).map(|i| {
            let t = i as f64 / 8000.0;
            ((t * 440.0 * std::f64::consts::TAU).sin() * 8000.0) as i16
        }),
    )
}

#[tokio::test]
async fn a_voicemail_is_announced_once_listed_played_and_deleted_by_its_owner_only() {
    let app = TestApp::new().await;
    let (s, number) = crate::common::caller(&app, "ada@example.com", "1.00").await;
    let bob = app.client("bob@example.com").await;
    let number_id = my_number_id(&app, &s).await;
    let flow = create(&app, &s, front_desk("Front desk")).await["id"]
        .as_i64()
        .unwrap();
    let wav = tone_wav();

    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let v = NewVoicemail {
        user_id: s.user_id,
        number_id: Some(number_id),
        flow_id: Some(flow),
        call_sid: Some("CA0123456789abcdef0123456789abcdef"),
        caller: "+442071234567",
        duration_ms: 1000,
        wav: &wav,
    };
    let id = save_voicemail(&mut conn, &v).await.unwrap();
    // The same call saving again finds the first.
    assert_eq!(save_voicemail(&mut conn, &v).await.unwrap(), id);
    drop(conn);

    assert!(announce_voicemail(&app.state, id).await.unwrap());
    assert!(!announce_voicemail(&app.state, id).await.unwrap());
    assert_eq!(app.notices(&s, "voicemail").await, 1);
    app.assert_only_mail("ada@example.com", "New voicemail on Dialtone")
        .await;

    let list = app.get_as(&s, "/api/ivr/voicemails").await;
    assert_eq!(list.status, StatusCode::OK);
    let items = list.body.as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["id"], id);
    assert_eq!(items[0]["caller"], "+442071234567");
    assert_eq!(items[0]["number"], number.as_str());
    assert_eq!(items[0]["flowName"], "Front desk");
    assert_eq!(items[0]["seconds"], 1);
    assert_eq!(items[0]["heard"], false);
    assert_eq!(
        app.get_as(&bob, "/api/ivr/voicemails").await.body,
        serde_json::json!([])
    );

    let audio = format!("/api/ivr/voicemails/{id}/audio");
    let (status, _, _) = bytes(&app, &bob, &audio).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, kind, body) = bytes(&app, &s, &audio).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "audio/wav"));
    assert_eq!(body, wav);
    let list = app.get_as(&s, "/api/ivr/voicemails").await;
    assert_eq!(list.body[0]["heard"], true);

    let path = format!("/api/ivr/voicemails/{id}");
    assert_eq!(
        app.delete_as(&bob, &path).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.delete_as(&s, &path).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.get_as(&s, "/api/ivr/voicemails").await.body,
        serde_json::json!([])
    );
}
