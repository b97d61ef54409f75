//! The request: which verb, and the CLI's knobs, as the page sends them.
//!
//! Knobs that are absent mean "as the profile says", so a request names only what the user
//! changed, exactly like the CLI's flags. Unknown fields are refused rather than ignored: a
//! page that sends a knob this build does not have should hear about it.

use pctenc::{Decoding, HexCase, Malformed, Profile, Space, Utf8};
use serde::Deserialize;

/// One call from the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The verb: `encode`, `decode`, `explain-encode`, `explain-decode`, `profiles`, `version`.
    pub op: String,
    /// The knobs (flattened: `{"op":"decode","profile":"form","malformed":"strict"}`).
    #[serde(flatten)]
    pub knobs: Knobs,
}

/// The CLI's knobs. `None` keeps the profile's own choice.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Knobs {
    /// A profile name or alias, as `pctenc::by_name` finds it; `rfc3986` when absent.
    pub profile: Option<String>,
    /// `--strict` / `--lenient`: what a `%` that starts no escape does when decoding.
    pub malformed: Option<MalformedKnob>,
    /// `--lower` / upper: the hex case the encoder writes.
    pub hex: Option<HexKnob>,
    /// `--utf8`: encoder input that is not UTF-8, or decoded bytes that are not.
    pub utf8: Option<Utf8Knob>,
    /// The `+` rule: `true` writes an escaped space as `+` and decodes `+` as a space (forms);
    /// `false` writes `%20` and keeps `+` as `+`.
    pub plus: Option<bool>,
    /// Records per line (`\n` or `\r\n` ends a record; each result is written followed by
    /// `\n`), instead of the whole input as one record.
    pub lines: bool,
    /// `--context` of `check` and `normalize`: where the input sits in a URL (`path` when
    /// absent).
    pub context: Option<String>,
    /// `--charset`: a WHATWG label (`shift_jis`, `latin1`...) to encode and decode in, or
    /// `auto` to detect it when decoding ([`crate::charset`]).
    pub charset: Option<String>,
    /// `decode --repeat N`: the most passes of `decode-repeat` (capped by the bridge).
    pub passes: Option<usize>,
}

/// `"strict"` or `"lenient"`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MalformedKnob {
    /// A malformed escape is an error naming its offset.
    Strict,
    /// A malformed escape is kept as written.
    Lenient,
}

/// `"upper"` or `"lower"`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HexKnob {
    /// `%C3%A9`.
    Upper,
    /// `%c3%a9`.
    Lower,
}

/// `"strict"`, `"lossy"` or `"bytes"`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Utf8Knob {
    /// Not UTF-8 is an error.
    Strict,
    /// Invalid sequences become U+FFFD.
    Lossy,
    /// Bytes are bytes.
    Bytes,
}

impl Knobs {
    /// The profile these knobs describe, or why there is none.
    ///
    /// ```
    /// use pctenc_wasm::request::Request;
    /// let r: Request = serde_json::from_str(r#"{"op":"encode","profile":"form","hex":"lower"}"#).unwrap();
    /// assert_eq!(r.knobs.profile().unwrap().encode("é "), "%c3%a9+");
    /// ```
    ///
    /// # Errors
    /// The message for an unknown profile name: the library's, with the names it was probably
    /// meant to be ([`pctenc::profile::suggest`]), as every front end says it.
    pub fn profile(&self) -> Result<Profile, String> {
        let name = self.profile.as_deref().unwrap_or("rfc3986");
        let p = *pctenc::profile::suggest::lookup(name).map_err(|e| e.to_string())?;
        Ok(overrides(p, self.malformed, self.hex, self.utf8, self.plus))
    }
}

/// `p` with the knobs that are set applied: the one place that maps a knob to a profile
/// setting, shared by the JSON requests ([`Knobs::profile`]) and the raw exports
/// ([`crate::raw`], which get the knobs as bits).
///
/// ```
/// use pctenc_wasm::request::{overrides, HexKnob, MalformedKnob};
/// let p = overrides(*pctenc::profile::js::COMPONENT, Some(MalformedKnob::Lenient), Some(HexKnob::Lower), None, None);
/// assert_eq!(p.encode("é"), "%c3%a9");
/// assert_eq!(p.decode("%").unwrap(), &b"%"[..]);
/// ```
pub fn overrides(
    mut p: Profile,
    malformed: Option<MalformedKnob>,
    hex: Option<HexKnob>,
    utf8: Option<Utf8Knob>,
    plus: Option<bool>,
) -> Profile {
    if let Some(m) = malformed {
        p = p.with_malformed(match m {
            MalformedKnob::Strict => Malformed::Reject,
            MalformedKnob::Lenient => Malformed::PassThrough,
        });
    }
    if let Some(h) = hex {
        p = p.with_hex(match h {
            HexKnob::Upper => HexCase::Upper,
            HexKnob::Lower => HexCase::Lower,
        });
    }
    if let Some(u) = utf8 {
        let u = match u {
            Utf8Knob::Strict => Utf8::Strict,
            Utf8Knob::Lossy => Utf8::Lossy,
            Utf8Knob::Bytes => Utf8::Bytes,
        };
        // One knob, as the CLI's --utf8: encoding reads it as the input policy, decoding
        // as the output policy; each verb uses only its own.
        p = p.with_input_utf8(u).with_output_utf8(u);
    }
    if let Some(plus) = plus {
        p = p
            .with_space(if plus { Space::Plus } else { Space::Percent })
            .with_decoding(Decoding { plus_as_space: plus, ..p.decoding() });
    }
    p
}

/// Splits `input` into records: the whole input, or its lines without their `\n` / `\r\n`
/// (a final line without terminator is a record too; an empty input has no line). Yields
/// each record with its byte offset, so errors can name offsets in the whole input.
pub fn records(input: &[u8], lines: bool) -> Vec<(usize, &[u8])> {
    if !lines {
        return vec![(0, input)];
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < input.len() {
        let end =
            input[start..].iter().position(|&b| b == b'\n').map_or(input.len(), |i| start + i);
        let mut rec = &input[start..end];
        if end < input.len() {
            rec = rec.strip_suffix(b"\r").unwrap_or(rec);
        }
        out.push((start, rec));
        start = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_drop_terminators_only() {
        let r = records(b"a \r\nb\n\nc", true);
        assert_eq!(r, vec![(0, &b"a "[..]), (4, &b"b"[..]), (6, &b""[..]), (7, &b"c"[..])]);
        assert_eq!(records(b"x\n", true), vec![(0, &b"x"[..])]);
        assert!(records(b"", true).is_empty());
        assert_eq!(records(b"a\nb", false), vec![(0, &b"a\nb"[..])]);
    }

    #[test]
    fn knobs_override_the_profile() {
        let k = Knobs { profile: Some("js-component".into()), ..Knobs::default() };
        assert!(k.profile().unwrap().decode("%").is_err());
        let k = Knobs { malformed: Some(MalformedKnob::Lenient), ..k };
        assert_eq!(k.profile().unwrap().decode("%").unwrap(), &b"%"[..]);
        let k = Knobs { plus: Some(true), ..Knobs::default() };
        assert_eq!(k.profile().unwrap().encode("a b"), "a+b");
        assert_eq!(k.profile().unwrap().decode("a+b").unwrap(), &b"a b"[..]);
        let k = Knobs { profile: Some("form".into()), plus: Some(false), ..Knobs::default() };
        assert_eq!(k.profile().unwrap().encode("a b"), "a%20b");
        assert_eq!(k.profile().unwrap().decode("a+b").unwrap(), &b"a+b"[..]);
        let k = Knobs { profile: Some("nope".into()), ..Knobs::default() };
        assert_eq!(k.profile().unwrap_err(), "unknown profile 'nope'");
    }
}
