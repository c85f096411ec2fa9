//! SMPP over TLS (DIALTONE_SMPP_TLS=1): rusmppc connects with rustls (ring, as the
//! rest of the server). The SMSC's certificate is checked against DIALTONE_SMPP_TLS_CA
//! when set (a carrier's private CA, or a test's own), else against the webpki roots
//! rusmppc carries.

use super::Link;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use std::sync::Arc;

/// The rustls configuration of a TLS link with its own CA; None for a plain link or
/// one that trusts the usual roots (rusmppc's default).
pub fn config(link: &Link) -> anyhow::Result<Option<rustls::ClientConfig>> {
    let (true, Some(ca)) = (link.tls, &link.tls_ca) else {
        return Ok(None);
    };
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_file_iter(ca)
        .map_err(|e| anyhow::anyhow!("DIALTONE_SMPP_TLS_CA {}: {e}", ca.display()))?
    {
        let cert = cert.map_err(|e| anyhow::anyhow!("DIALTONE_SMPP_TLS_CA: {e}"))?;
        roots.add(cert)?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Some(config))
}
