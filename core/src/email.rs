//! The "basic e-mail pattern" of the spec: something@something.something with no
//! spaces and one @. Hand-written rather than a regex crate so the wasm module stays
//! small; it is the same check as the usual /^[^\s@]+@[^\s@]+\.[^\s@]+$/.

/// What a form says of an address `is_basic_email` refuses.
pub const INVALID_EMAIL_MESSAGE: &str = "Invalid email address";

pub fn is_basic_email(s: &str) -> bool {
    let mut parts = s.split('@');
    let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    if local.is_empty() || s.chars().any(char::is_whitespace) {
        return false;
    }
    match domain.rfind('.') {
        Some(dot) => dot > 0 && dot + 1 < domain.len(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_basic_email;

    #[test]
    fn typical_addresses_pass_and_malformed_ones_fail() {
        assert!(is_basic_email("ada@example.com"));
        assert!(is_basic_email("a.b+c@sub.example.co.uk"));
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "ada@.com",
            "ada@example.",
            "a b@x.io",
            "a@b@c.io",
        ] {
            assert!(!is_basic_email(bad), "{bad:?}");
        }
    }
}
