//! Core rules in process: how many per second one core does. `make bench` runs it.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use dialtone_core::rating::{rate_call, Increments, PrefixTable};
use dialtone_core::sms;
use dialtone_core::validation::{validate_signup, SignupInput};

fn rules(c: &mut Criterion) {
    let signup = SignupInput {
        name: "Ada Lovelace".into(),
        email: "ada@example.com".into(),
        password: "correct horse battery".into(),
    };
    let mut g = c.benchmark_group("core");
    g.throughput(Throughput::Elements(1));
    g.bench_function("validate a signup payload", |b| {
        b.iter(|| validate_signup(black_box(&signup)))
    });
    g.bench_function("rate a call (60/60 increments, package first)", |b| {
        b.iter(|| {
            rate_call(
                black_box(187),
                black_box(20_000),
                Increments {
                    first: 60,
                    next: 60,
                },
                black_box(30),
            )
        })
    });
    // 50,000 prefixes: every country code plus thousands of area-code-like ranges.
    let mut table = PrefixTable::new();
    for i in 0..50_000u32 {
        table.insert(&format!("{}{}", 1 + i % 999, i), i);
    }
    g.bench_function("longest-prefix destination among 50,000 prefixes", |b| {
        b.iter(|| table.lookup(black_box("+4420794609999")))
    });
    let text = "Your Dialtone verification code is 493027. It expires in 10 minutes. Do not share it with anyone, including our staff.";
    g.bench_function("segment a 120-character SMS", |b| {
        b.iter(|| sms::analyze(black_box(text)))
    });
    g.finish();
}

criterion_group!(benches, rules);
criterion_main!(benches);
