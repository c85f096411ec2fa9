//! What a TwiML call plays and keeps: Play of an MP3 file (decoded by sox's MP3
//! format, kept for the next calls), and recordings served as MP3.

use super::twiml::{twiml_line, XML};
use dialtone_server::ivr::audio;

/// `seconds` of a 400 Hz tone as MP3, as a customer's server would host it.
async fn tone_mp3(seconds: usize) -> Vec<u8> {
    let pcm: Vec<u8> = (0..seconds * 8000)
        .flat_map(|i| {
            {
                let t = i as f64 / 8000.0;
                ((t * 400.0 * std::f64::consts::TAU).sin() * 8000.0) as i16
            }
            .to_le_bytes()
        })
        .collect();
    audio::wav_to_mp3(&audio::pcm_to_wav(&pcm)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_fetches_an_mp3_and_plays_it_to_its_end() {
    let docs = [
        (
            "/voice",
            200,
            XML,
            "<Response><Play>/tone.mp3</Play><Redirect>/after</Redirect></Response>",
        ),
        ("/after", 200, XML, "<Response><Hangup/></Response>"),
    ];
    let (ivr, customer) = twiml_line(&docs, true).await;
    customer.serve("/tone.mp3", "audio/mpeg", tone_mp3(3).await);

    ivr.carrier_completes("ivr-listen", 1).await;

    let asked = customer.asked();
    let paths: Vec<&str> = asked.iter().map(|a| a.path.as_str()).collect();
    assert_eq!(paths, ["/voice", "/tone.mp3", "/after"], "{asked:?}");
    // Three seconds of tone played before the next verb (a file that could not be
    // played would be a second of silence).
    let played = asked[2].at - asked[1].at;
    assert!(
        (2900..5000).contains(&played.as_millis()),
        "the next verb came {played:?} after the file was fetched"
    );
    // The next caller hears the file kept from the first call: it is not fetched again.
    ivr.carrier_completes("ivr-listen", 1).await;
    let paths: Vec<String> = customer.asked().into_iter().map(|a| a.path).collect();
    assert_eq!(paths, ["/voice", "/tone.mp3", "/after", "/voice", "/after"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_who_hangs_up_while_recorded_leaves_the_recording_and_its_action_hears_of_it() {
    let docs = [
        (
            "/voice",
            200,
            XML,
            r#"<Response><Record maxLength="30" action="/recorded"/></Response>"#,
        ),
        (
            "/recorded",
            200,
            XML,
            "<Response><Say>Nobody hears this.</Say></Response>",
        ),
    ];
    let (ivr, customer) = twiml_line(&docs, true).await;

    ivr.carrier_completes("ivr-hang-up-recording", 1).await;

    let mut recorded = None;
    for _ in 0..50 {
        recorded = customer.asked().into_iter().find(|a| a.path == "/recorded");
        if recorded.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let recorded = recorded.expect("the action was asked after the caller hung up");
    assert_eq!(recorded.params["CallStatus"], "completed");
    // The caller spoke for 4 s after the answer, less the beep.
    let seconds: u32 = recorded.params["RecordingDuration"].parse().unwrap();
    assert!((3..=4).contains(&seconds), "{seconds} s");
    let sid = &recorded.params["RecordingSid"];
    let c = crate::twilio::creds(&ivr.app, &ivr.s).await;
    let kept = crate::twilio::get(&ivr.app, &c, &format!("/Recordings/{sid}.json")).await;
    assert_eq!(kept.body["duration"], seconds.to_string(), "{}", kept.body);
    // Nothing more was asked: the answer to the action had nobody to run for.
    let paths: Vec<String> = customer.asked().into_iter().map(|a| a.path).collect();
    assert_eq!(paths, ["/voice", "/recorded"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_play_file_that_cannot_be_played_is_in_the_debugger_and_the_call_goes_on() {
    let docs = [
        (
            "/voice",
            200,
            XML,
            "<Response><Play>/gone.wav</Play><Play>/notes.txt</Play><Redirect>/after</Redirect></Response>",
        ),
        ("/after", 200, XML, "<Response><Hangup/></Response>"),
        ("/notes.txt", 200, "text/plain", "not a sound"),
    ];
    let (ivr, customer) = twiml_line(&docs, true).await;

    ivr.carrier_completes("ivr-listen", 1).await;

    let paths: Vec<String> = customer.asked().into_iter().map(|a| a.path).collect();
    assert_eq!(paths, ["/voice", "/gone.wav", "/notes.txt", "/after"]);
    let events = ivr
        .app
        .get_as(&ivr.s, "/api/debugger?source=twiml")
        .await
        .body;
    let items = events["items"].as_array().unwrap();
    let not_played = |path: &str| {
        items
            .iter()
            .find(|e| e["code"] == 11200 && e["url"].as_str().unwrap().ends_with(path))
            .unwrap_or_else(|| panic!("an 11200 entry for {path}: {events}"))["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(not_played("/gone.wav").contains("HTTP 404"));
    assert!(not_played("/notes.txt").contains("neither a WAV nor an MP3"));
}
