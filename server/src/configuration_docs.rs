//! docs/configuration.md lists every environment variable the code reads, and only
//! those. This test collects the names the code reads (the server, its tests and tools,
//! the scripts, the Makefile, the switch's start script, the SDK tests and the app's
//! browser-test harness) and compares them with the names in the tables of that page.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Rust calls that read one variable named by their first argument, a string literal
/// or a `format!` template: std's `env::var` and `env::var_os`, `option_env!`, and the
/// helpers of infra/config.rs, `var(name)`, `flag(name, default)` and
/// `whole(name, default)` (`var(` also matches `env::var(` and the SMPP settings'
/// closure of that name).
const RUST_READS: &[&str] = &["var(", "var_os(", "flag(", "whole(", "option_env!("];

/// Template placeholders filled in by the string literals a helper is called with in
/// the same file: the SMPP settings (`Settings::from_vars`) read each link setting
/// through `setting("SYSTEM_ID", n)`, which formats `DIALTONE_SMPP_{name}` and, for
/// links 2 to 9, `DIALTONE_SMPP_{name}_{n}`. Any other placeholder stays in the name
/// as `<n>`, the way configuration.md writes a family of numbered variables.
const FILLERS: &[(&str, &str)] = &[("name", "setting(")];

/// Library calls that read a variable on the code's behalf.
const LIBRARY_READS: &[(&str, &str)] = &[
    // tracing-subscriber's EnvFilter::from_default_env / try_from_default_env.
    ("from_default_env()", "RUST_LOG"),
];

/// Shell scripts read their own locals (`$work`, `$BASE`, `$TOKEN`) and the system's
/// (`$HOME`, `$PATH`, `$PWD`) exactly as they read a setting, so a bare `$NAME` counts
/// only for the names Dialtone owns. `${NAME:-default}` (and `-`, `:=`, `=`, `:?`,
/// `?`) is the shell's way to take a setting from the environment with a default, so
/// it counts for any name but the shell's and the system's own below.
const OWNED_PREFIXES: &[&str] = &["DIALTONE_", "DATABASE_"];
const SYSTEM_NAMES: &[&str] = &[
    "HOME",
    "PATH",
    "PWD",
    "OLDPWD",
    "USER",
    "SHELL",
    "TMPDIR",
    "TERM",
    "LANG",
    "IFS",
    "HOSTNAME",
    "RANDOM",
    "SECONDS",
    "LINENO",
    "BASH_SOURCE",
    "UID",
    "EUID",
];

/// Python's reads (the SDK tests, and the Python that scripts run inline).
const PYTHON_READS: &[&str] = &[
    "os.environ.get(",
    "os.environ[",
    "os.getenv(",
    "environ.get(",
];

/// Whether `name` is written as a variable: capitals, digits and underscores, with
/// `<placeholder>`s standing for numbers.
fn is_variable(name: &str) -> bool {
    let mut plain = String::new();
    let mut inside = false;
    for c in name.chars() {
        match c {
            '<' if !inside => inside = true,
            '>' if inside => inside = false,
            c if inside => {
                if !c.is_ascii_lowercase() {
                    return false;
                }
            }
            c => plain.push(c),
        }
    }
    !inside
        && plain.starts_with(|c: char| c.is_ascii_uppercase())
        && plain
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The string literal at the start of `s` (after `"` or `'`), unescaped enough for names.
fn literal(s: &str) -> Option<&str> {
    let quote = s.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let rest = &s[1..];
    rest.find(quote).map(|end| &rest[..end])
}

/// The first arguments of every call of `call` (e.g. `var(`) in `text`, as literal or
/// template text; a call whose name continues an identifier (`my_var(`) is another
/// function.
fn call_arguments<'t>(text: &'t str, call: &str) -> Vec<&'t str> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(call) {
        if text[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let mut rest = text[at + call.len()..].trim_start();
        rest = rest.strip_prefix('&').unwrap_or(rest).trim_start();
        if let Some(inner) = rest.strip_prefix("format!(") {
            rest = inner.trim_start();
        }
        if let Some(lit) = literal(rest) {
            out.push(lit);
        }
    }
    out
}

/// A template's names: `{placeholder}`s filled from FILLERS where the file calls the
/// filler, else written `<placeholder>`.
fn expand(template: &str, text: &str) -> Vec<String> {
    let mut names = vec![String::new()];
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        let placeholder = &rest[open + 1..close];
        for name in &mut names {
            name.push_str(&rest[..open]);
        }
        let fills: Vec<&str> = FILLERS
            .iter()
            .filter(|(p, _)| *p == placeholder)
            .flat_map(|(_, call)| call_arguments(text, call))
            .collect();
        names = if fills.is_empty() {
            names
                .into_iter()
                .map(|n| format!("{n}<{placeholder}>"))
                .collect()
        } else {
            names
                .iter()
                .flat_map(|n| fills.iter().map(move |f| format!("{n}{f}")))
                .collect()
        };
        rest = &rest[close + 1..];
    }
    for name in &mut names {
        name.push_str(rest);
    }
    names
}

/// Lines that are code, not comments (a name in a comment is not a read).
fn code_lines(text: &str, comment: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with(comment))
        .collect::<Vec<_>>()
        .join("\n")
}

fn rust_reads(text: &str) -> BTreeSet<String> {
    let text = code_lines(text, "//");
    let mut names: BTreeSet<String> = RUST_READS
        .iter()
        .flat_map(|call| call_arguments(&text, call))
        .flat_map(|arg| expand(arg, &text))
        .filter(|n| is_variable(n))
        .collect();
    for (call, name) in LIBRARY_READS {
        if text.contains(call) {
            names.insert(name.to_string());
        }
    }
    names
}

/// What opens a shell parameter's braces (`${NAME:-default}`).
const SHELL_BRACE: char = '\u{7b}';

fn shell_reads(text: &str) -> BTreeSet<String> {
    let text = code_lines(text, "#");
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices('$') {
        let rest = &text[at + 1..];
        // `${NAME...}` or `$NAME`.
        let (braced, rest) = match rest.strip_prefix(SHELL_BRACE) {
            Some(inner) => (true, inner),
            None => (false, rest),
        };
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let after = &rest[end..];
        let with_default = braced
            && [":-", ":=", ":?", "-", "=", "?"]
                .iter()
                .any(|op| after.starts_with(op));
        let owned = OWNED_PREFIXES.iter().any(|p| name.starts_with(p));
        if owned || (with_default && !SYSTEM_NAMES.contains(&name)) {
            names.insert(name.to_string());
        }
    }
    names.extend(python_reads(&text));
    names
}

fn python_reads(text: &str) -> BTreeSet<String> {
    let text = code_lines(text, "#");
    PYTHON_READS
        .iter()
        .flat_map(|call| call_arguments(&text, call))
        .filter(|n| is_variable(n))
        .map(str::to_string)
        .collect()
}

/// `process.env.NAME` and `process.env['NAME']`.
fn javascript_reads(text: &str) -> BTreeSet<String> {
    let text = code_lines(text, "//");
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices("process.env") {
        let rest = &text[at + "process.env".len()..];
        let name = if let Some(dotted) = rest.strip_prefix('.') {
            let end = dotted.find(|c: char| !is_ident(c)).unwrap_or(dotted.len());
            Some(&dotted[..end])
        } else {
            rest.strip_prefix('[').and_then(literal)
        };
        if let Some(name) = name.filter(|n| is_variable(n)) {
            names.insert(name.to_string());
        }
    }
    names
}

type Reader = fn(&str) -> BTreeSet<String>;

/// Where code that reads variables lives: (folder, recursively, file names ending
/// with, reader). server/build.rs is left out: it reads only what Cargo sets (OUT_DIR
/// and CARGO_MANIFEST_DIR), as `env!` does everywhere. core and wasm read none today.
const SOURCES: &[(&str, bool, &str, Reader)] = &[
    ("server/src", true, ".rs", rust_reads),
    ("server/tests", true, ".rs", rust_reads),
    ("server/tools", true, ".rs", rust_reads),
    ("core", true, ".rs", rust_reads),
    ("wasm", true, ".rs", rust_reads),
    ("scripts", true, ".sh", shell_reads),
    ("scripts", true, ".py", python_reads),
    ("switch", false, ".sh", shell_reads),
    (".", false, "Makefile", shell_reads),
    ("sdk-tests", true, ".py", python_reads),
    // The app's own code runs in the browser, which has no environment (and its API
    // page shows customers' programs that read theirs): only the build and test
    // configuration at the top of app/ and the browser tests' harness run in Node.
    ("app", false, ".ts", javascript_reads),
    ("app", false, ".mjs", javascript_reads),
    ("app", false, ".js", javascript_reads),
    ("app/e2e", true, ".ts", javascript_reads),
];

/// Each file under `dir` (recursively when `deep`) whose name ends with `suffix`.
fn files(dir: &Path, deep: bool, suffix: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if deep && name != "node_modules" {
                files(&path, deep, suffix, out);
            }
        } else if name.ends_with(suffix) {
            out.push(path);
        }
    }
}

/// Every variable the code reads, with the files that read it.
fn code_variables(repo: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (dir, deep, suffix, read) in SOURCES {
        let mut found = Vec::new();
        files(&repo.join(dir), *deep, suffix, &mut found);
        for file in found {
            let rel = file
                .strip_prefix(repo)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if rel == "server/src/configuration_docs.rs" {
                continue; // this file spells the patterns out
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for name in read(text.as_str()) {
                names.entry(name).or_default().insert(rel.clone());
            }
        }
    }
    names
}

/// The names in the first column of configuration.md's tables, written in backticks.
fn documented_variables(doc: &str) -> BTreeSet<String> {
    doc.lines()
        .filter_map(|line| line.trim().strip_prefix('|'))
        .filter_map(|row| row.split('|').next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2))
        .filter(|n| is_variable(n))
        .map(str::to_string)
        .collect()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn documentation() -> BTreeSet<String> {
    let path = repo().join("docs/configuration.md");
    let doc = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    documented_variables(&doc)
}

#[test]
fn every_variable_the_code_reads_is_in_the_configuration_docs() {
    let documented = documentation();
    let missing: Vec<String> = code_variables(&repo())
        .into_iter()
        .filter(|(name, _)| !documented.contains(name))
        .map(|(name, readers)| format!("{name} (read in {readers:?})"))
        .collect();
    assert!(
        missing.is_empty(),
        "read by the code but missing from docs/configuration.md: {missing:#?}"
    );
}

#[test]
fn every_variable_in_the_configuration_docs_is_read_by_the_code() {
    let read = code_variables(&repo());
    let stale: Vec<String> = documentation()
        .into_iter()
        .filter(|name| !read.contains_key(name))
        .collect();
    assert!(
        stale.is_empty(),
        "in docs/configuration.md but read by no code: {stale:?}"
    );
}

#[test]
fn the_scanner_sees_each_way_the_code_reads_a_variable() {
    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }
    let rust = r#"
        let a = std::env::var("A_ONE");
        let b = std::env::var_os(
            "A_TWO",
        );
        let c = var("A_THREE").unwrap_or_else(|| "x".into());
        let d = flag("A_FOUR", true);
        let w = whole("A_WHOLE", 20)?;
        let e = var(&format!("A_FIVE_{n}"));
        let setting = |name: &str, n: usize| {
            var(&format!("A_{name}_{n}")).or(var(&format!("A_{name}")))
        };
        let f = setting("SIX", n);
        let filter = EnvFilter::try_from_default_env();
        // std::env::var("IN_A_COMMENT")
        let g = my_var("NOT_A_READ");
        let h = var("lowercase");
        let i = format!("SK{}", id);
    "#;
    assert_eq!(
        rust_reads(rust),
        set(&[
            "A_FIVE_<n>",
            "A_FOUR",
            "A_ONE",
            "A_SIX",
            "A_SIX_<n>",
            "A_THREE",
            "A_TWO",
            "A_WHOLE",
            "RUST_LOG"
        ])
    );
    let shell = r#"
        calls=${CALLS:-4000}
        [ "$${DIALTONE_SWITCH:-1}" = 0 ]
        echo "$DIALTONE_BARE ${DIALTONE_BRACED} $DATABASE_URL"
        echo "$work $BASE ${TOKEN:+-H x} ${1:-} $HOME ${HOME:-/root}"
        # ${DIALTONE_IN_A_COMMENT:-x}
        rows = int(os.environ.get("DECK_ROWS", "100000"))
    "#;
    assert_eq!(
        shell_reads(shell),
        set(&[
            "CALLS",
            "DATABASE_URL",
            "DECK_ROWS",
            "DIALTONE_BARE",
            "DIALTONE_BRACED",
            "DIALTONE_SWITCH"
        ])
    );
    let js = r#"
        const p = process.env.CHROMIUM_PATH ?? 'x';
        const q = process.env['W_ONE'];
        spawn(x, { env: { ...process.env } });
    "#;
    assert_eq!(javascript_reads(js), set(&["CHROMIUM_PATH", "W_ONE"]));
    let doc = r#"
        | variable | default |
        |---|---|
        | `A_ONE` | `B_NOT` |
        | `A_<n>`, `A_TWO` | x |
        prose `C_NOT`
    "#;
    assert_eq!(documented_variables(doc), set(&["A_<n>", "A_ONE", "A_TWO"]));
}
