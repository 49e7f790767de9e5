//! Witness cosignatures (c2sp.org/tlog-cosignature, Ed25519, type `0x04`):
//! a witness signs `cosignature/v1`, the time, and the checkpoint's text,
//! and puts the time before the signature so that anyone can rebuild what
//! was signed.

/// What a witness signs: the header line, the time line, then the whole
/// checkpoint text (extension lines included).
pub fn message(checkpoint_text: &str, time: u64) -> String {
    format!("cosignature/v1\ntime {time}\n{checkpoint_text}")
}

/// A cosignature's bytes (after the key id): the time, in seconds since
/// the epoch as a big-endian `u64` no larger than 2⁶³ − 1, then the 64
/// bytes of Ed25519. `None` if they are not that.
pub fn split(bytes: &[u8]) -> Option<(u64, ed25519_dalek::Signature)> {
    let (time, signature) = bytes.split_at_checked(8)?;
    let time = u64::from_be_bytes(time.try_into().ok()?);
    if time > i64::MAX as u64 {
        return None;
    }
    Some((time, ed25519_dalek::Signature::from_slice(signature).ok()?))
}

/// When a cosignature says it was made, if its bytes are a cosignature's.
pub fn time_of(bytes: &[u8]) -> Option<u64> {
    split(bytes).map(|(time, _)| time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signed_message_is_header_time_and_the_checkpoint() {
        assert_eq!(
            message("example.com/log\n3\nAAAA\n", 1679315147),
            "cosignature/v1\ntime 1679315147\nexample.com/log\n3\nAAAA\n"
        );
    }

    #[test]
    fn a_time_past_the_signed_range_or_a_short_signature_is_not_a_cosignature() {
        let mut bytes = u64::MAX.to_be_bytes().to_vec();
        bytes.extend([0; 64]);
        assert_eq!(time_of(&bytes), None);
        bytes[0] = 0;
        assert!(time_of(&bytes).is_some());
        assert_eq!(time_of(&bytes[..70]), None);
    }
}
