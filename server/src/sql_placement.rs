//! SQL lives in repository modules: a resource's `repo.rs` (or `repo/`), and the
//! few infrastructure files that own their own tables or talk to the database
//! itself. Any other file that writes a query fails this test.

use std::path::Path;

/// Files that may hold SQL although they are not a resource's repository, and why.
const ALLOWED: &[(&str, &str)] = &[
    ("infra/db.rs", "connects and migrates"),
    (
        "infra/db/statements.rs",
        "the statements! macro that repositories declare their statements with",
    ),
    ("infra/db/tests/mod.rs", "migrates both backends and compares their schemas"),
    ("infra/db/tests/schema.rs", "reads each backend's schema from its catalogue"),
    (
        "infra/db/readers.rs",
        "its tests tell its connections apart by a temporary table",
    ),
    (
        "infra/backup.rs",
        "online backup and restore of the whole database",
    ),
    (
        "infra/db/list.rs",
        "counts and pages a repository's list from its clause",
    ),
    (
        "infra/db/claim.rs",
        "runs a repository's claiming statement, and a queue's lease from the parts its repository writes",
    ),
    ("infra/mail.rs", "the mail outbox is the mailer's own table"),
    (
        "infra/db/notify.rs",
        "NOTIFY between the instances on PostgreSQL, a statement of no table",
    ),
    (
        "voice/destination.rs",
        "the destination queries the call path builds into find_party",
    ),
];

fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if text.contains("sqlx::query") || text.contains("statements! {") {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push(rel);
            }
        }
    }
}

#[test]
fn sql_appears_only_in_repository_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    let misplaced: Vec<&String> = files
        .iter()
        .filter(|f| !(f.ends_with("/repo.rs") || f.contains("/repo/")))
        .filter(|f| !ALLOWED.iter().any(|(a, _)| a == f))
        .filter(|f| f.as_str() != "sql_placement.rs")
        .collect();
    assert!(
        misplaced.is_empty(),
        "SQL outside a repository module: {misplaced:?}"
    );
}
