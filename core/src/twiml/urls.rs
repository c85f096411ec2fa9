//! URLs in a TwiML document may be relative to the document's own URL (RFC 3986's
//! common forms: absolute, scheme-relative, absolute path, query, relative path).

/// `href` read against `base`; None when the result is not an http(s) URL.
pub fn resolve(base: &str, href: &str) -> Option<String> {
    let href = href.trim();
    let lower = href.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Some(href.to_string());
    }
    if href.contains("://") {
        return None;
    }
    let (scheme, rest) = base.split_once("://")?;
    let scheme_ok = matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https");
    if !scheme_ok {
        return None;
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..authority_end]);
    let path_and_query = &rest[authority_end..];
    let no_fragment = path_and_query.split('#').next().unwrap_or("");
    let path = no_fragment.split('?').next().unwrap_or("");
    Some(if let Some(after) = href.strip_prefix("//") {
        format!("{scheme}://{after}")
    } else if href.starts_with('/') {
        format!("{origin}{href}")
    } else if href.starts_with('?') {
        format!("{origin}{path}{href}")
    } else if href.is_empty() {
        format!("{origin}{no_fragment}")
    } else {
        let dir = path.rfind('/').map_or("/", |i| &path[..=i]);
        format!("{origin}{dir}{href}")
    })
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn relative_urls_are_read_against_the_document() {
        let base = "https://app.example.com/voice/answer?step=1#top";
        let cases = [
            ("https://other.example.com/x", "https://other.example.com/x"),
            ("//cdn.example.com/a.wav", "https://cdn.example.com/a.wav"),
            ("/menu", "https://app.example.com/menu"),
            ("?step=2", "https://app.example.com/voice/answer?step=2"),
            ("gather", "https://app.example.com/voice/gather"),
            ("", "https://app.example.com/voice/answer?step=1"),
        ];
        for (href, want) in cases {
            assert_eq!(resolve(base, href).as_deref(), Some(want), "{href}");
        }
        assert_eq!(resolve(base, "ftp://x/y"), None);
        assert_eq!(
            resolve("https://h.example.com", "next").unwrap(),
            "https://h.example.com/next"
        );
        assert_eq!(resolve("not a url", "next"), None);
    }
}
