//! The server's layers, held by a test as `sql_placement.rs` holds SQL's place:
//! - `infra/` is the ground floor: it imports no resource (the composition root,
//!   `state` and `jobs` beside `lib.rs`, joins resources and infrastructure);
//! - the domain does not import the Twilio adapter (`twilio/` translates Twilio's wire
//!   format to the domain and back; webhook events and SIDs are the domain's).

use std::path::{Path, PathBuf};

/// Modules beside `lib.rs` that are not resources: the composition root and tests.
const ROOT: &[&str] = &[
    "infra",
    "bin",
    "lib",
    "main",
    "state",
    "jobs",
    "layers",
    "sql_placement",
    "configuration_docs",
    "function_length",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every Rust file below `dir`.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The resources: every module beside `lib.rs` but the root's own.
fn resources() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(src())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .filter(|name| !ROOT.contains(&name.as_str()))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The top-level modules a file names through `crate::`, comments left out: both
/// `crate::name::...` and each member of `crate::{a, b::c}`.
fn crate_paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (i, _) in line.match_indices("crate::") {
            let rest = &line[i + "crate::".len()..];
            let names = match rest.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
                None => vec![rest],
            };
            for name in names {
                let ident: String = name
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                found.push(ident);
            }
        }
    }
    found
}

/// (file, module) for every import of one of `forbidden` by the files under `dir`.
fn imports(dir: &Path, forbidden: &[String]) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let rel = file
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for module in crate_paths(&text) {
            if forbidden.contains(&module) {
                found.push((rel.clone(), module));
            }
        }
    }
    found
}

#[test]
fn infrastructure_imports_no_resource() {
    let resources = resources();
    assert!(resources.len() > 10, "resources found: {resources:?}");
    let upward = imports(&src().join("infra"), &resources);
    assert!(upward.is_empty(), "infra/ imports resources: {upward:?}");
}

#[test]
fn the_domain_does_not_import_the_twilio_adapter() {
    let twilio = vec!["twilio".to_string()];
    let found: Vec<_> = imports(&src(), &twilio)
        .into_iter()
        // lib.rs composes the adapter's router; this file names it in its own test.
        .filter(|(file, _)| !file.starts_with("twilio/") && file != "lib.rs" && file != "layers.rs")
        .collect();
    assert!(
        found.is_empty(),
        "the domain imports the Twilio adapter: {found:?}"
    );
}

#[test]
fn the_import_reader_sees_single_and_grouped_paths() {
    let text = "use crate::db::Db;\n// crate::ivr in a comment\nuse crate::{sms, twilio::wire};";
    assert_eq!(crate_paths(text), ["db", "sms", "twilio"]);
}
