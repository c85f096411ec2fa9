//! No input makes a rule panic: arbitrary text and numbers go to every validator,
//! parser and calculator core exports (the wasm twin is app/src/lib/core.fuzz.test.ts).

use dialtone_core::card::{validate_card, CardInput};
use dialtone_core::inventory::{
    validate_number_form, validate_package_form, NumberInput, PackageInput,
};
use dialtone_core::platform::{
    validate_email_message, validate_settings, EmailInput, SettingsInput,
};
use dialtone_core::rates::{validate_rate_row, RateInput};
use dialtone_core::rating::{max_duration, rate_call, sms_cost, Increments, PrefixTable};
use dialtone_core::validation::*;
use dialtone_core::wizard::{transition, WizardEvent, WizardState};
use dialtone_core::{money, phone, pricing, sms};
use proptest::prelude::*;
use rust_decimal::Decimal;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn text_rules_never_panic(a in ".*", b in ".*", c in ".*", d in ".*", flag: bool, y in any::<u32>(), m in any::<u32>()) {
        let _ = validate_login(&LoginInput { email: a.clone(), password: b.clone() });
        let _ = validate_signup(&SignupInput { name: a.clone(), email: b.clone(), password: c.clone() });
        let _ = validate_signup_form(&SignupForm { name: a.clone(), email: b.clone(), password: c.clone(), confirm_password: d.clone(), terms: flag });
        let _ = validate_profile(&ProfileInput { first_name: a.clone(), last_name: b.clone(), email: c.clone() });
        let _ = validate_password_change(&PasswordChangeInput { current_password: a.clone(), new_password: b.clone(), confirm_password: c.clone() });
        let _ = validate_new_password(&a, &b);
        let _ = validate_deposit(&a, Decimal::from(10_000));
        let _ = validate_sms(&SmsInput { to: a.clone(), message: b.clone() });
        let _ = validate_contact(&ContactInput { name: a.clone(), email: b.clone(), subject: c.clone(), message: d.clone() });
        let _ = validate_adjustment(&AdjustmentInput { amount: a.clone(), reason: b.clone() });
        let _ = validate_card(&CardInput { card_number: a.clone(), exp_month: b.clone(), exp_year: c.clone(), cvc: d.clone() }, y, m);
        let _ = validate_number_form(&NumberInput { number: a.clone(), country_code: b.clone(), number_type: c.clone() });
        let _ = validate_package_form(&PackageInput { name: a.clone(), minutes: b.clone(), price: c.clone(), validity: d.clone(), features: vec![a.clone()], status: b.clone() });
        let _ = validate_rate_row(&RateInput { country: a.clone(), code: b.clone(), calling_code: c.clone(), inbound_rate: d.clone(), outbound_rate: a.clone(), sms_rate: b.clone(), status: c.clone() });
        let _ = validate_settings(&SettingsInput { setup_fee: a.clone(), renewal_notice_days: b.clone(), low_balance_threshold: c.clone(), grace_period_days: d.clone(), max_deposit: a.clone(), default_first_increment: b.clone(), default_next_increment: c.clone(), trial_credit: d.clone(), recording_rate: a.clone() });
        let _ = validate_email_message(&EmailInput { subject: a.clone(), body: b.clone() });
        let _ = dialtone_core::trial::validate_verify(&dialtone_core::trial::VerifyInput { number: a.clone(), code: b.clone() }, true);
        let _ = dialtone_core::trial::days_left(i64::from(y) << 31, -(i64::from(m) << 31));
        let _ = sms::analyze(&a);
        let _ = phone::is_e164(&a);
        if let Ok(x) = money::parse_amount(&a) {
            let _ = money::to_micros(x);
            let _ = (money::format_usd(x), money::format_rate(x));
            if let Ok(y) = money::parse_amount(&b) {
                let _ = pricing::total_due_today(x.min(Decimal::from(1_000_000_000)), y.min(Decimal::from(1_000_000_000)));
            }
        }
        let mut table = PrefixTable::new();
        table.insert(&b, 1);
        let _ = table.lookup(&a);
        let _ = transition(&WizardState::default(), &WizardEvent::ChooseCountry(a.clone()));
    }

    #[test]
    fn number_rules_never_panic(secs in any::<i64>(), rate in any::<i64>(), funds in any::<i64>(), first in any::<i64>(), next in any::<i64>(),
                                pkg in any::<i64>(), cap in -100_000i64..100_000, micros in any::<i64>(), text in ".{0,300}") {
        // Bounded where real values are bounded (a day of call, $10 a minute, a
        // trillion dollars); the rules must still not panic at those extremes.
        let (secs, pkg) = (secs.rem_euclid(86_401), pkg.rem_euclid(10_000_000));
        let rate = rate.rem_euclid(10_000_001);
        let funds = funds % 1_000_000_000_000_000_000;
        let inc = Increments { first: first.rem_euclid(3601), next: next.rem_euclid(3601) };
        let _ = rate_call(secs, rate, inc, pkg);
        let _ = max_duration(funds, rate, inc, pkg, cap);
        let _ = sms_cost(&text, rate);
        let _ = money::format_micros(micros);
        let _ = money::from_micros(micros);
    }
}
