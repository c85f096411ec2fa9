//! The OpenAPI document covers every /api route the code registers (and every route of
//! the Twilio-compatible API), and the reference
//! page shows every operation. (schemathesis, run by `make test`, checks that the
//! live server's answers match the document.)

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// Every file below `root` (a folder of the server crate's, or a path from it).
fn files_under(root: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(root)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// Every (METHOD, path) registered with `.route(...)` under src/, read from the source
/// so that a new route without an annotation fails this test. (/api operations are
/// routed by `routes!` from their annotation instead: see `served`.)
fn registered_routes() -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for path in files_under("src") {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // /healthz, /readyz, /metrics and the app's files are not the API; the
        // document itself and its page are described in the document's own text.
        if ["health.rs", "spa.rs"].contains(&name.as_str())
            || path.ends_with("openapi/mod.rs")
            || path.ends_with("telemetry/mod.rs")
        {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        // The Twilio-compatible API lives under its own root, and its final
        // parameter carries the ".json" the router cannot match separately.
        let twilio = path.parent().unwrap().ends_with("twilio");
        for (start, _) in src.match_indices(".route(") {
            let call = balanced(&src[start + ".route".len()..]);
            let path_lit = call.split('"').nth(1).unwrap().to_string();
            for method in ["get", "post", "put", "delete", "post_route"] {
                for (i, _) in call.match_indices(&format!("{method}(")) {
                    let before = call[..i].chars().last().unwrap_or(' ');
                    if before.is_alphanumeric() || before == '_' {
                        continue;
                    }
                    let m = if method == "post_route" {
                        "post"
                    } else {
                        method
                    };
                    let documented = if !twilio {
                        format!("/api{path_lit}")
                    } else if path_lit.ends_with('}') {
                        format!("/2010-04-01/Accounts/{{AccountSid}}{path_lit}.json")
                    } else {
                        format!("/2010-04-01/Accounts/{{AccountSid}}{path_lit}")
                    };
                    routes.insert((m.to_uppercase(), documented));
                }
            }
        }
    }
    routes
}

/// The text of a parenthesised call, from its "(" to the matching ")".
fn balanced(s: &str) -> &str {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &s[..=i];
                }
            }
            _ => {}
        }
    }
    s
}

/// Every documented /api operation that the server routes: asked for without a token
/// (each path parameter as 1), it is answered by its handler or its extractors, not by
/// the API's fallback (404 "No API endpoint at ...") or with 405; one documented as
/// taking the bearer token answers 401.
async fn served(app: &TestApp, doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (method, path) in documented(doc) {
        let Some(rest) = path.strip_prefix("/api/") else {
            continue;
        };
        let concrete: String = rest
            .split('/')
            .map(|part| if part.starts_with('{') { "1" } else { part })
            .collect::<Vec<_>>()
            .join("/");
        let m = axum::http::Method::from_bytes(method.as_bytes()).unwrap();
        let r = app.req(m, &format!("/api/{concrete}")).send().await;
        let fallback = r.body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("No API endpoint"));
        let op = &doc["paths"][&path][method.to_lowercase()];
        if op["security"][0].get("bearer").is_some() {
            assert_eq!(
                r.status,
                StatusCode::UNAUTHORIZED,
                "{method} {path} without a token"
            );
        }
        if r.status != StatusCode::METHOD_NOT_ALLOWED && !fallback {
            ops.insert((method, path));
        }
    }
    ops
}

fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

#[tokio::test]
async fn every_api_route_is_in_the_openapi_document() {
    let app = TestApp::new().await;
    let r = app.get("/api/openapi.json").send().await;
    assert_eq!(r.status, 200);
    assert!(r.body["openapi"].as_str().unwrap().starts_with("3."));
    let mut routes = registered_routes();
    routes.extend(served(&app, &r.body).await);
    assert!(routes.len() > 60, "found only {} routes", routes.len());
    let ops = documented(&r.body);
    let missing: Vec<_> = routes.difference(&ops).collect();
    let extra: Vec<_> = ops.difference(&routes).collect();
    assert!(
        missing.is_empty(),
        "routes without documentation: {missing:?}"
    );
    assert!(extra.is_empty(), "documented but not routed: {extra:?}");

    for (path, item) in r.body["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            assert!(
                responses.keys().any(|s| s.starts_with('2')),
                "{method} {path} documents no success"
            );
            assert!(op["tags"][0].is_string(), "{method} {path} has no tag");
            // Anything that needs a token says which one and documents the 401.
            if op["security"].is_array() {
                assert!(responses.contains_key("401"), "{method} {path} lacks 401");
            }
        }
    }
}

/// Every `#/components/schemas/X` that the document names, wherever it stands.
fn refs(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.insert(r.clone());
            }
            map.values().for_each(|x| refs(x, out));
        }
        Value::Array(items) => items.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_schema_the_document_refers_to_is_defined() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").send().await.body;
    let mut named = BTreeSet::new();
    refs(&doc, &mut named);
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let missing: Vec<_> = named
        .iter()
        .filter(|r| {
            let name = r.trim_start_matches("#/components/schemas/");
            !r.starts_with("#/components/schemas/") || !schemas.contains_key(name)
        })
        .collect();
    assert!(missing.is_empty(), "unresolved references: {missing:?}");
}

#[tokio::test]
async fn the_reference_page_lists_every_operation_from_our_own_origin() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").send().await.body;
    let page = app.get("/api/docs").send().await;
    assert_eq!(page.status, 200);
    assert!(page.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    for (_, path) in documented(&doc) {
        assert!(
            page.text.contains(&format!(">{path}<")),
            "page lacks {path}"
        );
    }
    // No script, stylesheet or font from another host.
    assert!(!page.text.contains("<script"));
    assert!(!page.text.contains("http://") && !page.text.contains("https://"));
}

/// Schemas are named by their Rust type: two types of one name (in two modules) would
/// silently share one schema in the document, and one of them would be described wrong.
#[test]
fn every_schema_name_is_used_by_one_type_only() {
    let mut seen: std::collections::BTreeMap<String, String> = Default::default();
    let mut clashes = Vec::new();
    for root in ["src", "../core/src"] {
        for path in files_under(root) {
            let src = std::fs::read_to_string(&path).unwrap();
            for (at, _) in src.match_indices("ToSchema") {
                let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
                if !src[line_start..at].contains("derive(") {
                    continue;
                }
                let rest = &src[at..];
                let Some(item) = ["pub struct ", "pub enum "]
                    .iter()
                    .filter_map(|k| rest.find(k).map(|i| (i, k.len())))
                    .min()
                else {
                    continue;
                };
                if rest[..item.0].contains("schema(as") {
                    continue;
                }
                let name: String = rest[item.0 + item.1..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let place = path.display().to_string();
                if let Some(other) = seen.insert(name.clone(), place.clone()) {
                    clashes.push(format!("{name}: {other} and {place}"));
                }
            }
        }
    }
    assert!(clashes.is_empty(), "schema names used twice: {clashes:?}");
}
