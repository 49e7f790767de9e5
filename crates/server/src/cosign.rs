//! Witnesses' cosignatures (`arbiter serve --witness URL`): the server
//! sends each new checkpoint to every witness it was given, as a
//! c2sp.org/tlog-witness `POST /add-checkpoint` with the consistency proof
//! from the last checkpoint that witness cosigned, and adds the
//! cosignatures to the checkpoint it keeps and serves (`GET /checkpoint`,
//! a game's proof). A witness cosigns only a log that grew from what it
//! saw: whoever trusts it need not trust the server.
//!
//! A witness given with its key (`--witness URL=KEY`) has its answer
//! checked: a cosignature that does not verify with that key, on that
//! checkpoint, is refused (logged, not kept). Without a key the server
//! keeps what the witness answers, for those who trust the witness to
//! check; no answer may replace the log's own signature.

use std::time::Duration;

use arbiter_tlog::witness::{AddCheckpoint, parse_cosignatures};
use arbiter_tlog::{Checkpoint, Note, Signature, Verifier};

use crate::config::WitnessConfig;
use crate::store::{Store, StoreError};

/// How often the latest checkpoint is looked at (one is signed at most
/// once a second).
const EVERY: Duration = Duration::from_secs(1);

/// How long a witness is given to answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// A witness, and the size of the tree it last cosigned.
struct Witness {
    config: WitnessConfig,
    cosigned: u64,
}

/// Sends each new checkpoint of `store` to `witnesses`, for as long as
/// `alive` says the server runs.
pub fn start(
    store: Store,
    witnesses: Vec<WitnessConfig>,
    alive: impl Fn() -> bool + Send + 'static,
) {
    let mut witnesses: Vec<Witness> = witnesses
        .into_iter()
        .map(|config| Witness {
            config,
            cosigned: 0,
        })
        .collect();
    let client = match reqwest::Client::builder().timeout(ANSWER_WITHIN).build() {
        Ok(client) => client,
        Err(e) => {
            tracing::error!("cannot ask the witnesses: {e}");
            return;
        }
    };
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(EVERY);
        while alive() {
            interval.tick().await;
            let latest = match store.latest_checkpoint().await {
                Ok(Some(latest)) => latest,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!("the witnesses: {e}");
                    continue;
                }
            };
            for witness in &mut witnesses {
                if witness.cosigned < latest.0
                    && let Err(why) = ask(&client, &store, witness, &latest).await
                {
                    tracing::warn!("witness {}: {why}", witness.config.url);
                }
            }
        }
    });
}

/// Asks `witness` to cosign the checkpoint `(size, note)`, and keeps its
/// cosignatures with it. A witness that has cosigned another size says
/// so (409): it is asked from there next time.
async fn ask(
    client: &reqwest::Client,
    store: &Store,
    witness: &mut Witness,
    (size, note): &(u64, String),
) -> Result<(), String> {
    let proof = store
        .log_proof(&arbiter_tlog::consistency_ranges(witness.cosigned, *size))
        .await
        .map_err(|e| e.to_string())?
        .ok_or("the log lacks the subtrees of the proof")?;
    let body = AddCheckpoint {
        old: witness.cosigned,
        proof,
        checkpoint: note.clone(),
    }
    .to_body();
    let response = client
        .post(format!("{}/add-checkpoint", witness.config.url))
        .body(body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let text = response.text().await.map_err(|e| e.to_string())?;
    match status {
        200 => {
            let lines = parse_cosignatures(&text).map_err(|e| e.to_string())?;
            if let Some(key) = &witness.config.key {
                check_cosignatures(key, note, &lines)?;
            }
            keep(store, *size, &lines)
                .await
                .map_err(|e| e.to_string())?;
            witness.cosigned = *size;
            Ok(())
        }
        409 => {
            witness.cosigned = text
                .trim()
                .parse()
                .map_err(|_| format!("409 without its size: {text:?}"))?;
            Ok(())
        }
        _ => Err(format!("{status}: {}", text.trim())),
    }
}

/// Whether every line a witness answered is its cosignature of `note`
/// (the signed checkpoint sent), by `key`: if not, why none is kept.
fn check_cosignatures(
    key: &arbiter_tlog::VerifierKey,
    note: &str,
    lines: &[Signature],
) -> Result<(), String> {
    let refused = |why: &str| Err(format!("{why}: its answer is refused, not kept"));
    let Ok(sent) = Note::parse(note.as_bytes()) else {
        return refused("the checkpoint sent does not read back");
    };
    if lines.is_empty() {
        return refused("no cosignature");
    }
    for line in lines {
        if (line.name.as_str(), line.key_id) != (key.name(), key.key_id()) {
            return refused(&format!(
                "a line of {} (key id {:08x}), not of its key {key}",
                line.name, line.key_id
            ));
        }
        if !key.verify(sent.text(), &line.bytes) {
            return refused(&format!(
                "its cosignature does not verify with {key} on the checkpoint sent"
            ));
        }
    }
    Ok(())
}

/// Adds `cosignatures` to the checkpoint kept at `size`: never one under
/// the log's own name.
async fn keep(store: &Store, size: u64, cosignatures: &[Signature]) -> Result<(), StoreError> {
    let Some(kept) = store.checkpoint_at(size).await? else {
        return Ok(());
    };
    let corrupt = |e: arbiter_tlog::Problem| StoreError::LogKey(format!("checkpoint {size}: {e}"));
    let mut note = Note::parse(kept.as_bytes()).map_err(corrupt)?;
    let origin = Checkpoint::parse(note.text()).map_err(corrupt)?.origin;
    for line in cosignatures {
        if line.name != origin {
            note.add_signature(line.clone());
        }
    }
    store.replace_checkpoint(size, &note.to_text()).await
}
