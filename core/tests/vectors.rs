//! Runs every shared vector in tests/vectors/ against core natively. The app's vitest
//! suite runs the same files through the wasm build (app/src/lib/core.vectors.test.ts).

use dialtone_core::{
    api, call, card, dates, inventory, ivr, money, permissions as geo, plans, platform, pricing,
    rates, rating, sip, sms, trial, twiml, two_factor, units, validation as v, wizard,
};
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::str::FromStr;

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).expect("vector argument")
}

/// The field errors of a validator that returns its valid value: none when it passed.
fn refusals<T>(r: Result<T, v::FieldErrors>) -> Value {
    json!(r.err().unwrap_or_default())
}

fn dec(s: &str) -> Result<Decimal, String> {
    money::parse_amount(s).map_err(|e| e.to_string())
}

/// The native twin of each wasm export the vectors name.
fn call(function: &str, args: &[Value]) -> Result<Value, String> {
    let errors = |e: v::FieldErrors| json!(e);
    Ok(match function {
        "validateLogin" => errors(v::validate_login(&arg(args, 0))),
        "validateSignup" => errors(v::validate_signup(&arg(args, 0))),
        "validateSignupForm" => errors(v::validate_signup_form(&arg(args, 0))),
        "validateProfile" => errors(v::validate_profile(&arg(args, 0))),
        "validatePasswordChange" => errors(v::validate_password_change(&arg(args, 0))),
        "validateSms" => errors(v::validate_sms(&arg(args, 0))),
        "validateContact" => errors(v::validate_contact(&arg(args, 0))),
        "validateDeposit" => {
            let max = Decimal::from_str(&arg::<String>(args, 1)).unwrap();
            refusals(v::validate_deposit(&arg::<String>(args, 0), max))
        }
        "validateAdjustment" => refusals(v::validate_adjustment(&arg(args, 0))),
        "validateCard" => errors(card::validate_card(
            &arg(args, 0),
            arg(args, 1),
            arg(args, 2),
        )),
        "validateRateRow" => refusals(rates::validate_rate_row(&arg(args, 0))),
        "validateNumberForm" => refusals(inventory::validate_number_form(&arg(args, 0))),
        "validateRange" => refusals(inventory::validate_range(&arg(args, 0))),
        "validatePackageForm" => refusals(inventory::validate_package_form(&arg(args, 0))),
        "validatePlanForm" => refusals(plans::validate_plan_form(&arg(args, 0))),
        "planSaving" => {
            let micros = |i| arg::<String>(args, i).parse::<i64>().unwrap();
            json!(
                plans::saving_percent(micros(0), arg(args, 1), micros(2)).map(|percent| json!({
                    "percent": percent,
                    "text": plans::saving_text(percent)
                }))
            )
        }
        "checkPlanPrice" => {
            let micros = |i| arg::<String>(args, i).parse::<i64>().unwrap();
            json!(plans::check_price(micros(0), arg(args, 1), micros(2)).err())
        }
        "validateSipDevice" => errors(sip::validate_device(&arg(args, 0))),
        "validateRecharge" => {
            let max = money::to_micros(dec(&arg::<String>(args, 1))?).unwrap();
            json!(dialtone_core::recharge::validate(&arg(args, 0), max))
        }
        "rechargeStep" => json!(dialtone_core::recharge::next_step(&arg(args, 0))),
        "rechargeAfterDecline" => json!(dialtone_core::recharge::after_decline(
            arg(args, 0),
            arg(args, 1)
        )),
        "authorizeCall" => json!(call::authorize(&arg(args, 0))),
        "settleCall" => json!(call::settle(&arg(args, 0))),
        "sipRefusal" => {
            let (status, phrase) = sip::refusal_status(&arg::<String>(args, 0));
            json!({ "status": status, "phrase": phrase })
        }
        "deviceMayCall" => match sip::device_may_call(arg(args, 0), arg(args, 1), arg(args, 2)) {
            Ok(()) => Value::Null,
            Err(reason) => json!(reason),
        },
        "quotaCheck" => {
            let kept: dialtone_core::quota::Kept =
                serde_json::from_value(args[0].clone()).map_err(|e| e.to_string())?;
            match dialtone_core::quota::check(kept, arg(args, 1), arg(args, 2)) {
                Ok(()) => Value::Null,
                Err(message) => json!(message),
            }
        }
        "replacementCallerId" => json!(sip::replacement_caller_id(
            &arg::<String>(args, 0),
            &arg::<String>(args, 1),
            arg::<Option<String>>(args, 2).as_deref()
        )),
        "callerIdFix" => json!(sip::caller_id_fix(&arg(args, 0))),
        "routeChoice" => json!(sip::route_choice(&arg(args, 0))),
        "validateApiKey" => errors(api::validate_api_key(&arg(args, 0))),
        "validateNumberHooks" => refusals(api::validate_number_hooks(&arg(args, 0))),
        "validateCallbackUrl" => match api::validate_callback_url(&arg::<String>(args, 0)) {
            Ok(url) => json!({ "ok": url }),
            Err(message) => json!({ "error": message }),
        },
        "validateForwardTo" => {
            match sip::validate_forward_to(&arg::<String>(args, 0), &arg::<String>(args, 1)) {
                Ok(to) => json!({ "ok": to }),
                Err(message) => json!({ "error": message }),
            }
        }
        "validateVerify" => errors(trial::validate_verify(&arg(args, 0), arg(args, 1))),
        "validateDateRange" => errors(
            dates::validate_date_range(&arg(args, 0), arg::<i64>(args, 1) / 86_400_000, true)
                .err()
                .unwrap_or_default(),
        ),
        "formatDuration" => json!(units::format_duration(arg::<f64>(args, 0).round() as i64)),
        "trialNumberPurchase" => match trial::number_purchase(arg(args, 0), arg(args, 1)) {
            Ok(how) => json!({ "ok": how }),
            Err(message) => json!({ "error": message }),
        },
        "twoFactorCode" => match two_factor::second_step(&arg::<String>(args, 0)) {
            Ok(step) => json!({ "ok": step }),
            Err(message) => json!({ "error": message }),
        },
        "trialResendWait" => {
            let seconds = trial::resend_wait_secs(arg(args, 0), arg(args, 1));
            json!({ "seconds": seconds, "message": trial::resend_wait_message(seconds) })
        }
        "trialCodeVelocity" => json!(trial::code_velocity(
            arg(args, 0),
            &arg::<String>(args, 1),
            &arg::<String>(args, 2),
            arg::<Option<String>>(args, 3).as_deref()
        )),
        "validateCaps" => json!(dialtone_core::caps::validate(
            &arg(args, 0),
            arg::<Option<dialtone_core::caps::CapsInput>>(args, 1).as_ref()
        )),
        "geoPermits" => json!(geo::permits(
            arg::<Option<String>>(args, 0).as_deref(),
            arg::<Option<String>>(args, 1).as_deref()
        )),
        "geoHighRisk" => json!(geo::high_risk(
            &arg::<String>(args, 0),
            arg::<Option<String>>(args, 1).as_deref()
        )),
        "geoMayRequest" => json!(geo::may_request(
            arg::<Option<String>>(args, 0).as_deref(),
            &arg::<String>(args, 1),
            arg(args, 2)
        )
        .err()),
        "geoLists" => {
            let text: String = arg(args, 1);
            let parsed = match arg::<String>(args, 0).as_str() {
                "countries" => geo::parse_countries(&text),
                _ => geo::parse_prefixes(&text),
            };
            match parsed {
                Ok(list) => json!({ "ok": list }),
                Err(message) => json!({ "error": message }),
            }
        }
        "trialDaysLeft" => json!(trial::days_left(arg(args, 0), arg(args, 1))),
        "rateCall" => {
            let inc = rating::Increments {
                first: arg(args, 2),
                next: arg(args, 3),
            };
            json!(rating::rate_call(
                arg(args, 0),
                arg::<String>(args, 1).parse().unwrap(),
                inc,
                arg(args, 4)
            ))
        }
        "maxDurationForwarded" => {
            let leg = |i: usize| {
                let rate: String = arg(args, i);
                let inc = rating::Increments {
                    first: arg(args, i + 1),
                    next: arg(args, i + 2),
                };
                (rate.parse().unwrap(), inc)
            };
            let funds: String = arg(args, 0);
            json!(rating::max_duration_forwarded(
                funds.parse().unwrap(),
                leg(1),
                leg(4),
                arg(args, 7)
            ))
        }
        "prefixRates" => json!(rating::prefix_rates(
            &arg::<String>(args, 0),
            arg::<Option<String>>(args, 1).as_deref()
        )),
        "maxDuration" => {
            let inc = rating::Increments {
                first: arg(args, 2),
                next: arg(args, 3),
            };
            let (funds, rate): (String, String) = (arg(args, 0), arg(args, 1));
            json!(rating::max_duration(
                funds.parse().unwrap(),
                rate.parse().unwrap(),
                inc,
                arg(args, 4),
                arg(args, 5)
            ))
        }
        "readRateDeck" => {
            let known: Vec<String> = arg(args, 1);
            let (rows, outcome) =
                rates::deck::read_deck(&arg::<String>(args, 0), |c| known.iter().any(|k| k == c));
            let (summary, errors) = match outcome {
                Ok(s) => (json!(s), Value::Null),
                Err(e) => (Value::Null, json!(e)),
            };
            json!({ "rows": rows, "summary": summary, "errors": errors })
        }
        "checkRateDeck" => {
            let known: Vec<String> = arg(args, 1);
            match rates::deck::check_deck(&arg::<String>(args, 0), |c| known.iter().any(|k| k == c))
            {
                Ok(s) => json!({ "summary": s, "errors": null }),
                Err(e) => json!({ "summary": null, "errors": e }),
            }
        }
        "rateDeckInForceFrom" => json!(rates::deck_schedule::effective_ms(&arg::<String>(args, 0))
            .map(|at| rates::deck_schedule::in_force_from(at, arg(args, 1)))),
        "diffRateDecks" => json!(rates::deck_diff::diff_unsorted(
            arg(args, 0),
            arg(args, 1),
            dec(&arg::<String>(args, 2))?,
            arg(args, 3),
        )),
        "destinationOf" => {
            let mut table = rating::PrefixTable::new();
            for (prefix, dest) in arg::<Vec<(String, String)>>(args, 0) {
                table.insert(&prefix, dest);
            }
            json!(table.lookup(&arg::<String>(args, 1)))
        }
        "smsCost" => json!(rating::sms_cost(
            &arg::<String>(args, 0),
            arg::<String>(args, 1).parse().unwrap()
        )
        .1
        .to_string()),
        "validateSettings" => errors(
            platform::validate_settings(&arg(args, 0))
                .err()
                .unwrap_or_default(),
        ),
        "validateEmailMessage" => errors(platform::validate_email_message(&arg(args, 0))),
        "formatUsd" => json!(money::format_usd(dec(&arg::<String>(args, 0))?)),
        "formatRate" => json!(money::format_rate(dec(&arg::<String>(args, 0))?)),
        "toMicros" => {
            json!(money::to_micros(dec(&arg::<String>(args, 0))?)
                .map_err(|e| e.to_string())?
                .to_string())
        }
        "fromMicros" => {
            json!(money::from_micros(arg::<String>(args, 0).parse().unwrap()).to_string())
        }
        "totalDueToday" => {
            let (m, s) = (dec(&arg::<String>(args, 0))?, dec(&arg::<String>(args, 1))?);
            json!(pricing::total_due_today(m, s).to_string())
        }
        "smsInfo" => json!(sms::analyze(&arg::<String>(args, 0))),
        "validateIvrFlow" => json!(ivr::validate_flow(&arg(args, 0), arg(args, 1), &ivr::Iana)),
        "ivrFlowQuota" => match ivr::limits::flow_quota(arg(args, 0), arg(args, 1)) {
            Ok(()) => Value::Null,
            Err(message) => json!(message),
        },
        "ivrIsOpen" => json!(ivr::is_open(&arg(args, 0), &ivr::Iana, arg(args, 1))),
        "ivrRun" => {
            let events: Vec<ivr::Event> = arg(args, 2);
            let now = ivr::Now {
                ms: arg(args, 1),
                zones: &ivr::Iana,
            };
            json!(ivr::run(&arg(args, 0), now, &events))
        }
        "twimlCompile" => match twiml::compile(&arg::<String>(args, 0), &arg(args, 1)) {
            Ok(compiled) => json!(compiled),
            Err(error) => json!({ "error": error }),
        },
        "twimlRun" => {
            let events: Vec<ivr::Event> = arg(args, 3);
            let now = ivr::Now {
                ms: arg(args, 2),
                zones: &ivr::Iana,
            };
            match twiml::compile(&arg::<String>(args, 0), &arg(args, 1)) {
                Ok(c) => json!(ivr::run(&c.flow, now, &events)),
                Err(error) => json!({ "error": error }),
            }
        }
        "wizardRun" => {
            let events: Vec<wizard::WizardEvent> = arg(args, 0);
            json!(wizard::run(&events).map_err(|e| e.to_string())?)
        }
        other => panic!("no native function for vector function {other}"),
    })
}

#[test]
fn every_shared_vector_holds_natively() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut checked = 0;
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let function = file["function"].as_str().unwrap();
        for case in file["cases"].as_array().unwrap() {
            let args = case["args"].as_array().unwrap();
            let got = call(function, args);
            let want = match case.get("error") {
                Some(e) => Err(e.as_str().unwrap().to_string()),
                None => Ok(case["expected"].clone()),
            };
            assert_eq!(got, want, "{} / {}", path.display(), case["name"]);
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} vectors found");
    println!("{checked} shared vectors hold natively");
}
