//! The API reference page: the OpenAPI document rendered to one static HTML page on
//! the server, so it needs no script, font or stylesheet from anywhere else.

use serde_json::{Map, Value};
use std::fmt::Write;

const STYLE: &str = "body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}\
main{max-width:960px;margin:0 auto;padding:24px}h1{margin:0 0 8px}h2{margin-top:40px;border-bottom:1px solid #d1d5db}\
.op{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}\
.m{display:inline-block;min-width:56px;text-align:center;font-weight:700;border-radius:4px;padding:0 6px;color:#fff;margin-right:8px}\
.get{background:#1d4ed8}.post{background:#047857}.put{background:#92400e}.delete{background:#b91c1c}\
code,.path{font-family:ui-monospace,monospace}.path{font-weight:600}table{border-collapse:collapse;width:100%;margin:6px 0}\
th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f4f6}\
.lock{color:#374151;font-size:13px}a{color:#1d4ed8}nav ul{columns:2}";

pub fn render(doc: &Value) -> String {
    let mut out = String::new();
    let info = &doc["info"];
    let title = text(&info["title"]);
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{t} reference</title><style>{STYLE}</style></head><body><main>\
         <h1>{t}</h1><p>Version {v}. The machine-readable document is \
         <a href=\"/api/openapi.json\">/api/openapi.json</a> (OpenAPI {o}).</p><p>{d}</p>\
         <p>Authenticated operations take <code>Authorization: Bearer &lt;access token&gt;</code>.</p>",
        t = esc(&title),
        v = esc(&text(&info["version"])),
        o = esc(&text(&doc["openapi"])),
        d = prose(&text(&info["description"])),
    );
    let tags: Vec<(String, String)> = doc["tags"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| (text(&t["name"]), text(&t["description"])))
        .collect();
    let ops = operations(doc);
    out.push_str("<nav><h2>Contents</h2><ul>");
    for (tag, desc) in &tags {
        let n = ops.iter().filter(|o| &o.tag == tag).count();
        let _ = write!(
            out,
            "<li><a href=\"#tag-{t}\">{t}</a>: {d} ({n})</li>",
            t = esc(tag),
            d = esc(desc)
        );
    }
    out.push_str("<li><a href=\"#schemas\">Schemas</a></li></ul></nav>");
    for (tag, desc) in &tags {
        let _ = write!(
            out,
            "<h2 id=\"tag-{t}\">{t}</h2><p>{d}</p>",
            t = esc(tag),
            d = esc(desc)
        );
        for op in ops.iter().filter(|o| &o.tag == tag) {
            operation(&mut out, op);
        }
    }
    out.push_str("<h2 id=\"schemas\">Schemas</h2>");
    if let Some(schemas) = doc["components"]["schemas"].as_object() {
        for (name, schema) in schemas {
            let _ = write!(
                out,
                "<div class=\"op\" id=\"schema-{n}\"><span class=\"path\">{n}</span>",
                n = esc(name)
            );
            schema_body(&mut out, schema);
            out.push_str("</div>");
        }
    }
    out.push_str("</main></body></html>");
    out
}

struct Op<'a> {
    method: &'a str,
    path: &'a str,
    tag: String,
    body: &'a Value,
}

fn operations(doc: &Value) -> Vec<Op<'_>> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for (method, body) in item.as_object().into_iter().flatten() {
            let tag = body["tags"][0].as_str().unwrap_or("other").to_string();
            ops.push(Op {
                method,
                path,
                tag,
                body,
            });
        }
    }
    ops
}

fn operation(out: &mut String, op: &Op) {
    let b = op.body;
    let _ = write!(
        out,
        "<div class=\"op\" id=\"{id}\"><span class=\"m {m}\">{M}</span><span class=\"path\">{p}</span>",
        id = esc(&text(&b["operationId"])),
        m = op.method,
        M = op.method.to_uppercase(),
        p = esc(op.path),
    );
    if let Some(schemes) = b["security"].as_array() {
        let names: Vec<String> = schemes
            .iter()
            .filter_map(|s| s.as_object())
            .flat_map(|s| s.keys().cloned())
            .collect();
        if !names.is_empty() {
            let _ = write!(
                out,
                " <span class=\"lock\">(auth: {})</span>",
                esc(&names.join(", "))
            );
        }
    }
    for key in ["summary", "description"] {
        let t = text(&b[key]);
        if !t.is_empty() {
            let _ = write!(out, "<p>{}</p>", prose(&t));
        }
    }
    if let Some(params) = b["parameters"].as_array().filter(|p| !p.is_empty()) {
        out.push_str("<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr>");
        for p in params {
            let _ = write!(
                out,
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&text(&p["name"])),
                esc(&text(&p["in"])),
                type_of(&p["schema"]),
                yes_no(p["required"].as_bool() == Some(true)),
                prose(&text(&p["description"])),
            );
        }
        out.push_str("</table>");
    }
    if let Some(content) = b["requestBody"]["content"].as_object() {
        for (mime, media) in content {
            let _ = write!(
                out,
                "<p>Request body (<code>{}</code>): {}</p>",
                esc(mime),
                type_of(&media["schema"])
            );
        }
    }
    out.push_str("<table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>");
    for (status, resp) in b["responses"].as_object().into_iter().flatten() {
        let body = resp["content"]
            .as_object()
            .and_then(|c| c.iter().next())
            .map(|(mime, media)| {
                format!("{} <code>{}</code>", type_of(&media["schema"]), esc(mime))
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(status),
            prose(&text(&resp["description"])),
            body
        );
    }
    out.push_str("</table></div>");
}

/// A schema's fields as a table, or its type when it has no fields.
fn schema_body(out: &mut String, schema: &Value) {
    let desc = text(&schema["description"]);
    if !desc.is_empty() {
        let _ = write!(out, "<p>{}</p>", prose(&desc));
    }
    let Some(props) = schema["properties"].as_object() else {
        let _ = write!(out, " {}", type_of(schema));
        return;
    };
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_str())
        .collect();
    out.push_str(
        "<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr>",
    );
    for (name, p) in props {
        let _ = write!(
            out,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(name),
            type_of(p),
            yes_no(required.contains(&name.as_str())),
            prose(&text(&p["description"])),
        );
    }
    out.push_str("</table>");
}

/// A short, linked description of a schema's type: `integer`, `array of Call`,
/// `string or null`, a link to a named schema.
fn type_of(s: &Value) -> String {
    if let Some(r) = s["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap_or(r);
        return format!("<a href=\"#schema-{n}\">{n}</a>", n = esc(name));
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(parts) = s[key].as_array() {
            let words: Vec<String> = parts.iter().map(type_of).collect();
            return words.join(if key == "allOf" { " and " } else { " or " });
        }
    }
    let mut words: Vec<String> = match &s["type"] {
        Value::String(t) => vec![one_type(t, s)],
        Value::Array(ts) => ts.iter().map(|t| one_type(&text(t), s)).collect(),
        _ if s.as_object().is_some_and(Map::is_empty) => vec!["any".into()],
        _ => vec!["object".into()],
    };
    if let Some(values) = s["enum"].as_array() {
        let list: Vec<String> = values
            .iter()
            .map(|v| format!("<code>{}</code>", esc(&v.to_string())))
            .collect();
        words.push(format!("one of {}", list.join(", ")));
    }
    words.join(" or ")
}

fn one_type(t: &str, s: &Value) -> String {
    match t {
        "array" => format!("array of {}", type_of(&s["items"])),
        "object" if s["properties"].is_object() => {
            let mut inner = String::new();
            schema_body(&mut inner, s);
            inner
        }
        "object" if s["additionalProperties"].is_object() => {
            format!("map of {}", type_of(&s["additionalProperties"]))
        }
        other => {
            let format = text(&s["format"]);
            if format.is_empty() {
                esc(other)
            } else {
                format!("{} ({})", esc(other), esc(&format))
            }
        }
    }
}

fn yes_no(required: bool) -> &'static str {
    if required {
        "yes"
    } else {
        "no"
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Escaped text with `backticked` words shown as code, as the descriptions use them.
fn prose(s: &str) -> String {
    esc(s)
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_string()
            }
        })
        .collect()
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
