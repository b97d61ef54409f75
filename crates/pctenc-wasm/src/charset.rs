//! Legacy charsets: `--charset LABEL` on encode and decode, and `--charset auto` on decode,
//! through the library's `charset` module (the Encoding Standard's encoders and decoders from
//! `encoding_rs`, Firefox's detector from `chardetng`).
//!
//! The rules are the CLI's: any WHATWG label names an encoding (`sjis`, `latin1`, `gbk`...);
//! `auto` is for decoding only; decoding reports bytes that are not valid in the encoding as
//! an error under the default or `utf8: strict`, replaces them under `utf8: lossy`, and
//! refuses `utf8: bytes` (the output of a charset decode is text). Encoding writes a character
//! the encoding cannot represent as the escaped `&#NNNN;`, as browsers submit forms.
//! The metadata's `charset` names the encoding used; with `auto`, the one detected (each
//! distinct one, in order, when records per line detect differently).
//!
//! ```
//! let req = br#"{"op":"decode","charset":"auto"}"#;
//! let out = pctenc_wasm::ops::run(req, b"%82%B1%82%F1%82%C9%82%BF%82%CD");
//! assert_eq!(out.output, "こんにちは".as_bytes());
//! assert_eq!(out.meta["charset"], "Shift_JIS");
//! ```

use pctenc::charset::{Encoder, Encoding, Invalid};
use pctenc::options::{self as contract, Options};
use pctenc::{Profile, Utf8};
use serde_json::{json, Value};

use crate::outcome::{decode_error, each_record, error, Outcome};

/// What `charset` asked for.
#[derive(Clone, Copy, Debug)]
pub enum Charset {
    /// One encoding, by label.
    Fixed(&'static Encoding),
    /// Detect the encoding of each record's escaped bytes (decode only).
    Auto,
}

/// The charset the options name, if any (the library has refused `auto` on encode and
/// `utf8=bytes` with a charset), and what bytes invalid in it become: an error, or U+FFFD
/// under `utf8=lossy`.
pub fn from_options(o: &Options) -> Option<(Charset, Invalid)> {
    let invalid = if o.utf8() == Some(Utf8::Lossy) { Invalid::Replace } else { Invalid::Error };
    match o.charset()? {
        contract::Charset::Auto => Some((Charset::Auto, invalid)),
        contract::Charset::Encoding(e) => Some((Charset::Fixed(e), invalid)),
    }
}

/// Adds `name` to the list of encodings used, once.
fn note(used: &mut Vec<&'static str>, name: &'static str) {
    if !used.contains(&name) {
        used.push(name);
    }
}

/// `encode` with `charset`: each record through the library's charset [`Encoder`], as the
/// CLI's records go: a charset encodes text, so bytes that are not UTF-8 are `not-text` at
/// their offset (U+FFFD under `utf8=lossy`, `invalid`), and under `unmappable=error` a
/// character the charset lacks is `unmappable`; the first in the record is the error.
pub fn encode(
    profile: &Profile,
    encoding: &'static Encoding,
    unmappable_error: bool,
    invalid: Invalid,
    input: &[u8],
    lines: bool,
) -> Outcome {
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        let mut e = Encoder::new(profile, encoding, unmappable_error).with_invalid(invalid);
        let mut text = String::new();
        e.push(rec, &mut text)
            .and_then(|()| e.finish(&mut text))
            .map_err(|e| error(0, start + e.offset(), e.code(), e.to_string()))?;
        out.extend_from_slice(text.as_bytes());
        Ok(())
    });
    let meta = json!({"ok": errors.is_empty(), "errors": errors, "charset": encoding.name()});
    Outcome { output, meta }
}

/// `decode` with `--charset`: [`Profile::decode_with`], or [`Profile::decode_auto`], per
/// record.
pub fn decode(
    profile: &Profile,
    charset: Charset,
    invalid: Invalid,
    input: &[u8],
    lines: bool,
) -> Outcome {
    let mut used = Vec::new();
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        let text = match charset {
            Charset::Fixed(enc) => {
                note(&mut used, enc.name());
                profile.decode_with(rec, enc, invalid)
            }
            Charset::Auto => profile.decode_auto(rec, invalid).map(|d| {
                note(&mut used, d.encoding.name());
                d.text
            }),
        };
        match text {
            Ok(t) => out.extend_from_slice(t.as_bytes()),
            Err(e) => return Err(decode_error(e.shifted(start))),
        }
        Ok(())
    });
    let name: Value = if used.is_empty() { Value::Null } else { json!(used.join(", ")) };
    Outcome {
        meta: json!({"ok": errors.is_empty(), "errors": errors, "utf8": true, "charset": name,
            "detected": matches!(charset, Charset::Auto)}),
        output,
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::run;

    #[test]
    fn labels_auto_and_the_cli_rules() {
        let o =
            run(br#"{"op":"encode","profile":"form","charset":"latin1"}"#, "café ☕".as_bytes());
        assert_eq!(o.output, b"caf%E9+%26%239749%3B");
        assert_eq!(o.meta["charset"], "windows-1252");
        let o = run(br#"{"op":"decode","charset":"windows-1251"}"#, b"%CF%F0%E8%E2%E5%F2");
        assert_eq!(o.output, "Привет".as_bytes());
        let o = run(br#"{"op":"decode","charset":"sjis"}"#, b"ok%82%B1%82");
        assert_eq!(
            (o.meta["errors"][0]["code"].as_str(), o.meta["errors"][0]["offset"].as_u64()),
            (Some("invalid-charset"), Some(8))
        );
        let o = run(br#"{"op":"decode","charset":"sjis","utf8":"lossy"}"#, b"%82%B1%82");
        assert_eq!(o.output, "こ\u{FFFD}".as_bytes());
        for bad in [
            r#"{"op":"encode","charset":"auto"}"#,
            r#"{"op":"decode","charset":"klingon"}"#,
            r#"{"op":"decode","charset":"gbk","utf8":"bytes"}"#,
        ] {
            assert!(run(bad.as_bytes(), b"").meta["bad_request"].is_string(), "{bad}");
        }
        let o = run(
            br#"{"op":"decode","charset":"auto","lines":true}"#,
            "%C3%A9\n%82%B1%82%F1%82%C9%82%BF%82%CD".as_bytes(),
        );
        assert_eq!(o.output, "é\nこんにちは\n".as_bytes());
        assert_eq!(o.meta["charset"], "UTF-8, Shift_JIS");
    }

    /// A charset encodes text, as in the library and the CLI: bytes that are not UTF-8 are
    /// `not-text` at their offset, U+FFFD with `utf8=lossy`; an unmappable character before
    /// them is the error named under `unmappable=error`.
    #[test]
    fn encoding_in_a_charset_takes_text() {
        let err = |req: &str, input: &[u8]| {
            let o = run(req.as_bytes(), input);
            let e = &o.meta["errors"][0];
            (e["code"].as_str().map(str::to_owned), e["offset"].as_u64())
        };
        let latin1 = r#"{"op":"encode","charset":"latin1"}"#;
        assert_eq!(err(latin1, b"caf\xc3\xa9 \xe9"), (Some("not-text".into()), Some(6)));
        let lossy = run(br#"{"op":"encode","charset":"latin1","utf8":"lossy"}"#, b"a\xe9");
        assert_eq!(lossy.output, b"a%26%2365533%3B");
        let sjis = r#"{"op":"encode","charset":"sjis","unmappable":"error"}"#;
        assert_eq!(err(sjis, b"caf\xc3\xa9 \xe9"), (Some("unmappable".into()), Some(3)));
    }
}
