//! Properties of the executor and validation over arbitrary small flows and events.

use super::*;

fn at(ms: i64) -> Now<'static> {
    Now { ms, zones: &Iana }
}
use proptest::prelude::*;
use std::collections::BTreeMap;

const IDS: [&str; 5] = ["a", "b", "c", "d", "missing"];

fn id() -> impl Strategy<Value = String> {
    proptest::sample::select(&IDS[..]).prop_map(String::from)
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (".{0,3}", proptest::option::of(id())).prop_map(|(text, next)| Step::Say(Say {
            text,
            audio: None,
            next,
            ..Default::default()
        })),
        (
            proptest::collection::btree_map("[0-9*#x]", id(), 0..4),
            0u32..4,
            proptest::option::of(id()),
            proptest::option::of(id())
        )
            .prop_map(
                |(options, retries, on_timeout, on_invalid)| Step::Menu(Menu {
                    prompt: "Menu".into(),
                    options,
                    retries,
                    on_timeout,
                    on_invalid,
                    ..Menu::default()
                })
            ),
        (id(), id()).prop_map(|(open, closed)| Step::Hours(Hours {
            time_zone: "Europe/London".into(),
            open,
            closed,
            ..Hours::default()
        })),
        proptest::option::of(id()).prop_map(|fallback| Step::Forward(Forward {
            to: "devices".into(),
            fallback,
            ..Forward::default()
        })),
        Just(Step::Voicemail(Voicemail::default())),
        Just(Step::Hangup),
    ]
}

fn flow() -> impl Strategy<Value = Flow> {
    (id(), proptest::collection::vec(any_step(), 4)).prop_map(|(start, steps)| Flow {
        name: "Flow".into(),
        start,
        steps: IDS[..4]
            .iter()
            .map(|s| s.to_string())
            .zip(steps)
            .collect::<BTreeMap<_, _>>(),
    })
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        Just(Event::PromptFinished),
        "[0-9*#x]".prop_map(|digit| Event::Digit { digit }),
        Just(Event::Timeout),
        Just(Event::ForwardAnswered),
        Just(Event::ForwardFailed { status: None }),
        (0u32..400).prop_map(|seconds| Event::RecordingFinished { seconds }),
        Just(Event::Hangup),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the flow and the events, the executor answers, a call that ended stays
    /// ended without further actions, and the path never exceeds what the events allow.
    #[test]
    fn the_executor_always_answers_and_ended_calls_stay_ended(
        f in flow(), events in proptest::collection::vec(event(), 0..30), now in any::<i64>()
    ) {
        let r = run(&f, at(now), &events);
        prop_assert_eq!(r.actions.len(), events.len() + 1);
        let mut state = start(&f, at(now)).state;
        for e in &events {
            let t = step(&f, &state, e, at(now));
            if state.phase == Phase::Ended {
                prop_assert!(t.actions.is_empty());
                prop_assert_eq!(&t.state, &state);
            }
            if t.actions.contains(&Action::Hangup) {
                prop_assert_eq!(t.state.phase, Phase::Ended);
            }
            state = t.state;
        }
    }

    /// Hours typed by hand (any text for zone, times and dates) never make validation
    /// or the clock panic, at any instant.
    #[test]
    fn hand_typed_hours_never_panic(
        zone in "[A-Za-z_/]{0,20}|.{0,6}",
        from in "[0-9:]{0,6}|.{0,4}",
        to in "[0-9:]{0,6}|.{0,4}",
        day in "[0-9-]{10}|.{0,12}",
        at in any::<i64>(),
    ) {
        let hours = Hours {
            time_zone: zone,
            weekly: Weekly { monday: vec![Interval { from, to }], ..Weekly::default() },
            holidays: vec![day],
            open: "a".into(),
            closed: "a".into(),
        };
        let _ = is_open(&hours, &Iana, at);
        let f = Flow {
            name: "Hours".into(),
            start: "h".into(),
            steps: [("h".to_string(), Step::Hours(hours)), ("a".to_string(), Step::Hangup)].into(),
        };
        let _ = validate_flow(&f, Level::Advanced, &Iana);
        let _ = run(&f, Now { ms: at, zones: &Iana }, &[]);
    }

    /// Every problem names a step of the flow (or none) and starts with its name, so
    /// the editor can always point at it.
    #[test]
    fn problems_point_at_existing_steps(f in flow(), level in prop_oneof![Just(Level::Basic), Just(Level::Premium)]) {
        for p in validate_flow(&f, level, &Iana) {
            if let Some(id) = &p.step {
                prop_assert!(f.steps.contains_key(id));
                let prefix = format!("Step '{id}': ");
                prop_assert!(p.message.starts_with(&prefix));
            }
        }
    }
}

#[test]
fn an_invalid_loop_hangs_up_instead_of_spinning() {
    let mut steps = BTreeMap::new();
    steps.insert(
        "h".to_string(),
        Step::Hours(Hours {
            time_zone: "Europe/London".into(),
            open: "h".into(),
            closed: "h".into(),
            ..Hours::default()
        }),
    );
    let f = Flow {
        name: "Loop".into(),
        start: "h".into(),
        steps,
    };
    let t = start(&f, at(0));
    assert_eq!(t.actions, vec![Action::Hangup]);
    assert_eq!(t.state.phase, Phase::Ended);
    assert_eq!(t.state.path.len(), limits::MAX_HOPS);
}

#[test]
fn the_path_reads_as_the_call_history_shows_it() {
    let state = State {
        step: "voicemail".into(),
        phase: Phase::Ended,
        attempts: 0,
        path: vec![
            PathEntry::Step("main".into()),
            PathEntry::Key("2".into()),
            PathEntry::Step("voicemail".into()),
        ],
        recorded_seconds: Some(41),
        digits: String::new(),
        prompt: 0,
    };
    assert_eq!(state.path_text(), "main → 2 → voicemail");
}
