//! docs/configuration.md lists every environment variable the code reads, and only
//! those. This test collects the names the code reads (the server, its tests and tools,
//! the scripts, the Makefile, the switch's start script, the SDK tests and the app's
//! browser-test harness) and compares them with the names in the tables of that page.

mod readers;

use readers::{is_variable, javascript_reads, python_reads, rust_reads, shell_reads};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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
            if rel.starts_with("server/src/configuration_docs/") {
                continue; // these files spell the patterns out
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
