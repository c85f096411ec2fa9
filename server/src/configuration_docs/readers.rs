//! How each language's code reads an environment variable, and the names it reads:
//! the scanners behind the configuration page's test.

use std::collections::BTreeSet;

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
pub(super) fn is_variable(name: &str) -> bool {
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

pub(super) fn rust_reads(text: &str) -> BTreeSet<String> {
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

pub(super) fn shell_reads(text: &str) -> BTreeSet<String> {
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

pub(super) fn python_reads(text: &str) -> BTreeSet<String> {
    let text = code_lines(text, "#");
    PYTHON_READS
        .iter()
        .flat_map(|call| call_arguments(&text, call))
        .filter(|n| is_variable(n))
        .map(str::to_string)
        .collect()
}

/// `process.env.NAME` and `process.env['NAME']`.
pub(super) fn javascript_reads(text: &str) -> BTreeSet<String> {
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
