//! No function in the server's or core's source is over 80 lines, from its `fn` line
//! to its closing brace: a longer one is doing several things, and each wants a name.
//! rustfmt closes a function with a brace at the indentation of its `fn`, which is how
//! its end is found here without parsing Rust.

use crate::layers::rust_files;
use std::path::Path;

const LIMIT: usize = 80;

/// The name of the function a line opens, with the line's indentation.
fn opens_fn(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let mut words = body.split_whitespace().peekable();
    while let Some(word) = words.next() {
        match word {
            "fn" => {
                let name = words.next()?;
                let end = name.find(['(', '<']).unwrap_or(name.len());
                return Some((indent, &name[..end]));
            }
            w if w.starts_with("pub") || ["async", "const", "unsafe"].contains(&w) => {}
            _ => return None,
        }
    }
    None
}

/// Each function of `text` over the limit, as (name, first line, lines).
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some((indent, name)) = opens_fn(line) else {
            continue;
        };
        // A declaration without a body (a trait's) ends in `;` before any `{`.
        let Some(open) = lines[start..].iter().position(|l| {
            let l = l.trim_end();
            l.ends_with('{') || l.ends_with(';') || l.ends_with('}')
        }) else {
            continue;
        };
        if !lines[start + open].trim_end().ends_with('{') {
            continue;
        }
        let close = format!("{indent}}}");
        let Some(end) = lines[start + open..].iter().position(|l| *l == close) else {
            continue;
        };
        let length = open + end + 1;
        if length > LIMIT {
            long.push((name.to_string(), start + 1, length));
        }
    }
    long
}

#[test]
fn no_function_is_over_eighty_lines() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&manifest.join("src"), &mut files);
    rust_files(&manifest.join("../core/src"), &mut files);
    let mut over = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (name, line, length) in long_functions(&text) {
            over.push(format!("{}:{line} {name} ({length} lines)", file.display()));
        }
    }
    assert!(over.is_empty(), "functions over {LIMIT} lines: {over:#?}");
}

#[test]
fn a_function_is_measured_from_its_fn_line_to_its_closing_brace() {
    let body = "    let x = 1;\n".repeat(LIMIT - 1);
    let just = format!("pub async fn just(\n) {{\n{}}}\n", &body[30..]);
    assert!(long_functions(&just).is_empty());
    let over = format!("fn over() {{\n{body}}}\n\nfn next() {{}}\n");
    assert_eq!(
        long_functions(&over),
        vec![("over".to_string(), 1, LIMIT + 1)]
    );
    let in_impl = format!("impl A {{\n    pub(crate) fn method<T>(&self) {{\n{body}    }}\n}}\n");
    assert_eq!(
        long_functions(&in_impl),
        vec![("method".to_string(), 2, LIMIT + 1)]
    );
    assert!(long_functions("trait T {\n    fn f(&self);\n}\n").is_empty());
}
