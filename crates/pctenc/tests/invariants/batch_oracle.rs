//! The oracle of the batch API: what one row of a column gives under a per-row policy
//! (`on_error`), from the one-row API alone. The batch property tests (`tests/batch.rs`) and
//! the batch invariant (`invariants/batch.rs`, also a fuzz target) both check the batch API
//! against it, so the two cannot disagree on what the batch should give.

use pctenc::batch::{OnError, RowError};
use pctenc::{DecodeError, Decoding, Malformed, Profile, Utf8};

/// The one-row decoding under a decode run's policy.
pub fn one_row(p: &Profile, d: Decoding, row: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let mut v = Vec::new();
    p.with_decoding(d).decode_append(row, &mut v).map(|()| v)
}

/// What one row gives under `policy`, from the one-row API alone: `Ok(None)` for a null,
/// `Err` for a row that stops the batch.
pub fn expected_decode(
    p: &Profile,
    d: Decoding,
    text: bool,
    policy: OnError,
    row: &[u8],
) -> Result<Option<Vec<u8>>, RowError> {
    let mut result = one_row(p, d, row).map_err(RowError::Decode);
    if let Ok(v) = &result {
        if text && std::str::from_utf8(v).is_err() {
            result = Err(RowError::Decode(DecodeError::InvalidUtf8 { offset: 0 }));
        }
    }
    match (result, policy) {
        (Ok(v), _) => Ok(Some(v)),
        (Err(e), OnError::Raise) => Err(e),
        (Err(_), OnError::Null) => Ok(None),
        (Err(_), OnError::Keep) if text => {
            Ok(Some(String::from_utf8_lossy(row).into_owned().into_bytes()))
        }
        (Err(_), OnError::Keep) => Ok(Some(row.to_vec())),
        (Err(_), OnError::Replace) => {
            let utf8 = match d.utf8 {
                Utf8::Bytes if !text => Utf8::Bytes,
                Utf8::LossyJava => Utf8::LossyJava,
                _ => Utf8::Lossy,
            };
            // Replace relaxes a rejecting policy only: a profile that already keeps malformed
            // escapes (ClickHouse keeps the `%` with its two bytes) keeps its own rule.
            let malformed = match d.malformed {
                Malformed::Reject | Malformed::RejectSigned => Malformed::PassThrough,
                kept => kept,
            };
            let lenient = Decoding { malformed, utf8, ..d };
            Ok(Some(
                one_row(p, lenient, row)
                    .unwrap_or_else(|_| String::from_utf8_lossy(row).into_owned().into_bytes()),
            ))
        }
    }
}

/// What one row gives when encoded under `policy`.
pub fn expected_encode(p: &Profile, policy: OnError, row: &[u8]) -> Result<Option<Vec<u8>>, ()> {
    // A profile whose input must be text (js-uri, js-component: a JS string holds no lone
    // byte) fails where `Profile::try_encode` does, as the scalar API; the others write any
    // bytes and fail only where the output would not be text.
    let done = if p.input_utf8() == pctenc::Utf8::Strict {
        p.try_encode(row).ok().map(|s| s.into_owned().into_bytes())
    } else {
        let mut v = Vec::new();
        p.encode_append_vec(row, &mut v);
        std::str::from_utf8(&v).is_ok().then_some(v)
    };
    if let Some(v) = done {
        return Ok(Some(v));
    }
    match policy {
        OnError::Raise => Err(()),
        OnError::Null => Ok(None),
        OnError::Keep | OnError::Replace => {
            Ok(Some(p.encode(String::from_utf8_lossy(row).as_bytes()).into_owned().into_bytes()))
        }
    }
}
