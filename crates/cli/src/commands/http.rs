//! The HTTP client of the commands that reach other servers (`fairplay
//! --event`, `broadcast push`, `witness --log`): plain http, and https
//! through rustls, with no OpenSSL to build against.
//!
//! It trusts the certificate authorities the machine trusts (its native
//! store), not a list compiled into the binary: an arbiter whose club
//! or federation serves its events under an authority of its own has
//! that authority installed on his machine, or names it with
//! `SSL_CERT_FILE=FILE` (a PEM file; it then replaces the machine's
//! store), and the binary follows his machine's updates of the store.
//! A server whose certificate is refused is named in the catalogue's
//! words, with the way to trust it.

use std::time::Duration;

use anyhow::Context;
use arbiter_messages::Catalogue;

// `KEYS` and `ARGUMENTS` serve the catalogue test only.
#[allow(dead_code)]
mod refusal {
    arbiter_messages::messages! {
        /// Why a server could not be read.
        #[derive(Debug)]
        pub enum Unreachable {
            /// Its certificate is not one the machine trusts.
            Untrusted {
                /// The address asked for.
                url: String,
                /// rustls's reason.
                reason: String,
            } = "cli-https-untrusted",
        }
    }
}

use refusal::Unreachable;

/// A client whose requests give up after `patience`.
pub fn client(patience: Duration) -> anyhow::Result<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(patience)
        .build()
        .context("cannot make an HTTP client")
}

/// The error of a request to `url` that got no answer: in `language`'s
/// words when the server's certificate was refused, else reqwest's with
/// the address.
pub fn unreachable(error: reqwest::Error, url: &str, language: &Catalogue) -> anyhow::Error {
    match refused_certificate(&error) {
        Some(reason) => anyhow::anyhow!(
            "{}",
            language.render(&Unreachable::Untrusted {
                url: url.to_string(),
                reason,
            })
        ),
        None => anyhow::Error::new(error).context(format!("cannot reach {url}")),
    }
}

/// rustls's reason when `error` comes of a refused certificate. rustls's
/// error travels inside I/O errors (one in another), whose `source`
/// skips the error they carry: those links are opened instead.
fn refused_certificate(error: &reqwest::Error) -> Option<String> {
    let mut link: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(cause) = link {
        if let Some(tls @ rustls::Error::InvalidCertificate(_)) = cause.downcast_ref() {
            return Some(tls.to_string());
        }
        link = match cause.downcast_ref::<std::io::Error>() {
            Some(io) => io.get_ref().map(|inner| inner as _),
            None => cause.source(),
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::Unreachable;

    #[test]
    fn a_refused_certificate_is_told_with_its_address_and_the_way_to_trust_it() {
        let refusal = Unreachable::Untrusted {
            url: "https://arbiter.club.example/api/swiss/x/games".into(),
            reason: "invalid peer certificate: UnknownIssuer".into(),
        };
        for catalogue in arbiter_messages::catalogues() {
            let text = catalogue.render(&refusal);
            for part in [
                "https://arbiter.club.example/api/swiss/x/games",
                "UnknownIssuer",
                "SSL_CERT_FILE",
            ] {
                assert!(text.contains(part), "{}: {text}", catalogue.language());
            }
        }
    }
}
