//! Access tokens (short-lived signed JWTs) and opaque random tokens, which we store
//! only as SHA-256 hashes.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Access tokens live 15 minutes; the refresh cookie renews them.
pub const ACCESS_TTL_SECS: i64 = 15 * 60;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: i64,
    pub role: String,
    /// The user's session version when issued: bumping it ends every access token.
    pub sv: i64,
    /// The session (refresh-token family) this token belongs to.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl JwtKeys {
    pub fn new(secret: &[u8]) -> JwtKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    pub fn issue(&self, user_id: i64, role: &str, session_version: i64, session: &str) -> String {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: user_id,
            role: role.into(),
            sv: session_version,
            sid: session.into(),
            iat: now,
            exp: now + ACCESS_TTL_SECS,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing cannot fail")
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|d| d.claims)
    }
}

pub use crate::security::random_token;

pub fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}
