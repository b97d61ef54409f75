//! The hot path: `encode` and `decode` as plain numbers and bytes, no JSON.
//!
//! The JSON bridge ([`crate::abi`]) parses a request and writes metadata on every call, which
//! costs more than encoding a short string. The npm package (`npm/`) calls these exports
//! instead: the profile is a number (its index in [`pctenc::profile::ALL`], looked up once
//! per name with [`pctenc_profile`]), the knobs are bits ([`Knobs`]), and the text crosses as
//! UTF-8 bytes in two vectors this module owns:
//!
//! ```text
//! JS: pctenc_in(cap) ──► address of IN (at least cap bytes; kept while cap suffices)
//!     TextEncoder.encodeInto(text, IN)          (n bytes written)
//!     pctenc_encode(n, profile, bits, charset) ──► length of OUT, or u32::MAX on error
//!     pctenc_out() ──► address of OUT           (TextDecoder, or a copy for bytes)
//! error: OUT holds "code\nmessage" (pctenc_out_len() bytes), pctenc_error_offset() the
//!        byte offset in IN
//! ```
//!
//! As in [`crate::abi`], JavaScript only writes into vectors Rust owns and Rust never follows
//! a pointer it was given, so there is no `unsafe` block. Every result is the library's own
//! ([`Profile::try_encode`], [`Profile::decode_append`], the charset verbs): the package
//! tests compare them with the native build.
//!
//! ```
//! use pctenc_wasm::raw::*;
//! let id = profile_id("encodeURIComponent").unwrap();
//! let n = encode_bytes("a b/é".as_bytes(), id, 0, NO_CHARSET).unwrap();
//! assert_eq!(n, b"a%20b%2F%C3%A9");
//! let e = decode_bytes(b"ok%zz", id, Knobs::TEXT, NO_CHARSET).unwrap_err();
//! assert_eq!((e.0, e.1.as_str()), (2, "invalid-escape"));
//! ```

use std::cell::{Cell, RefCell};

use pctenc::charset::{Encoding, Invalid};
use pctenc::{Profile, Unit, Utf8};

use crate::charset::invalid_policy;
use crate::request::{overrides, HexKnob, MalformedKnob, Utf8Knob};

/// No charset: UTF-8 text, the profile's own rules.
pub const NO_CHARSET: u32 = 0;
/// `charset: "auto"`: detect the encoding of the decoded bytes (decode only).
pub const AUTO_CHARSET: u32 = 1;

/// The knobs as bits: two bits per knob, 0 meaning "as the profile says".
///
/// | bits | knob | 1 | 2 | 3 |
/// |---|---|---|---|---|
/// | 0-1 | hex case | upper | lower | |
/// | 2-3 | malformed | strict | lenient | |
/// | 4-5 | utf8 | strict | lossy | bytes |
/// | 6-7 | `+` rule | on | off | |
/// | 8 | [`Knobs::TEXT`]: decode to text (bytes that are not UTF-8 become U+FFFD unless the policy is strict) | | | |
/// | 9 | [`Knobs::VALID`]: the caller checked that the input is UTF-8 (a well-formed JavaScript string, written by TextEncoder) | | | |
#[derive(Clone, Copy, Debug)]
pub struct Knobs(pub u32);

impl Knobs {
    /// Decode to text: a profile that keeps decoded bytes as bytes replaces the ones that are
    /// not UTF-8 by U+FFFD, as [`Profile::decode_str`] does.
    pub const TEXT: u32 = 1 << 8;
    /// The input is known to be UTF-8 (a well-formed JavaScript string), so encoding and
    /// [`decode_text`] skip the check.
    pub const VALID: u32 = 1 << 9;

    fn field(self, shift: u32) -> u32 {
        (self.0 >> shift) & 3
    }

    /// The `utf8` knob, if set.
    pub fn utf8(self) -> Option<Utf8Knob> {
        match self.field(4) {
            1 => Some(Utf8Knob::Strict),
            2 => Some(Utf8Knob::Lossy),
            3 => Some(Utf8Knob::Bytes),
            _ => None,
        }
    }

    /// `base` with these knobs applied ([`overrides`], as the JSON requests do).
    pub fn apply(self, base: Profile) -> Profile {
        let hex = match self.field(0) {
            1 => Some(HexKnob::Upper),
            2 => Some(HexKnob::Lower),
            _ => None,
        };
        let malformed = match self.field(2) {
            1 => Some(MalformedKnob::Strict),
            2 => Some(MalformedKnob::Lenient),
            _ => None,
        };
        let plus = match self.field(6) {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        };
        overrides(base, malformed, hex, self.utf8(), plus)
    }
}

/// An error: the byte offset in the input, the library's error code, its message.
pub type RawError = (usize, String, String);

thread_local! {
    pub(crate) static IN: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// OUT as UTF-16LE, when [`pctenc_utf16`] made it.
    pub(crate) static OUT16: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static ERROR_OFFSET: Cell<usize> = const { Cell::new(0) };
    /// How the last call's text is handed over, once known ([`pctenc_utf16`]).
    static TEXT_FORM: Cell<Option<TextForm>> = const { Cell::new(None) };
    /// The encodings named so far; charset id `k + 2` is `CHARSETS[k]`.
    static CHARSETS: RefCell<Vec<&'static Encoding>> = const { RefCell::new(Vec::new()) };
}

/// The index in [`pctenc::profile::ALL`] of the profile `name` names (any alias, any case,
/// as [`pctenc::by_name`]).
pub fn profile_id(name: &str) -> Option<u32> {
    let p = pctenc::by_name(name)?;
    // By name: the profiles are consts, so two references to one need not share an address.
    pctenc::profile::ALL.iter().position(|q| q.name() == p.name()).map(|i| i as u32)
}

/// The charset id of a WHATWG label: [`AUTO_CHARSET`] for `auto`, else a number that stays
/// valid for the life of the module.
pub fn charset_id(label: &str) -> Option<u32> {
    if label.trim().eq_ignore_ascii_case("auto") {
        return Some(AUTO_CHARSET);
    }
    let enc = pctenc::charset::for_label(label)?;
    CHARSETS.with(|c| {
        let mut c = c.borrow_mut();
        let k = c.iter().position(|e| *e == enc).unwrap_or_else(|| {
            c.push(enc);
            c.len() - 1
        });
        Some(k as u32 + 2)
    })
}

pub(crate) fn charset(id: u32) -> Option<&'static Encoding> {
    CHARSETS.with(|c| c.borrow().get((id as usize).checked_sub(2)?).copied())
}

/// Which form of a profile a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    /// As the knobs say.
    AsIs,
    /// Decoding to text: a profile that keeps bytes replaces invalid UTF-8 by U+FFFD
    /// ([`Profile::decode_str`]'s rule).
    Text,
    /// Decoding to bytes with no UTF-8 policy: [`decode_text`]'s first try.
    Unchecked,
}

/// Calls `f` with the profile `id` under `knobs`, in `variant`. A profile is about a
/// kilobyte (it carries its encode table), and building one with knobs rebuilds that table,
/// which costs more than encoding a short string: a call without knobs borrows the named
/// constant, and the last profile built is kept for the next call.
fn with_profile<T>(
    id: u32,
    knobs: u32,
    variant: Variant,
    f: impl FnOnce(&Profile) -> Result<T, RawError>,
) -> Result<T, RawError> {
    let base: &'static Profile =
        pctenc::profile::ALL.get(id as usize).ok_or_else(|| bad("unknown profile id"))?;
    let knobs = knobs & 0xFF;
    let variant = match variant {
        Variant::Text if base.decoding().utf8 != Utf8::Bytes && Knobs(knobs).utf8().is_none() => {
            Variant::AsIs
        }
        v => v,
    };
    if knobs == 0 && variant == Variant::AsIs {
        return f(base);
    }
    thread_local! {
        static LAST: RefCell<Option<(u32, u32, Variant, Profile)>> = const { RefCell::new(None) };
    }
    let p = LAST.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((i, k, v, p)) if (*i, *k, *v) == (id, knobs, variant) => *p,
            _ => {
                let mut p = Knobs(knobs).apply(*base);
                match variant {
                    Variant::Text if p.decoding().utf8 == Utf8::Bytes => {
                        p = p.with_output_utf8(Utf8::Lossy);
                    }
                    Variant::Unchecked => p = p.with_output_utf8(Utf8::Bytes),
                    _ => {}
                }
                *last = Some((id, knobs, variant, p));
                p
            }
        }
    });
    f(&p)
}

pub(crate) fn bad(why: &str) -> RawError {
    (0, "bad-request".into(), why.into())
}

fn encode_error(offset: usize) -> RawError {
    (offset, "invalid-input-utf8".into(), pctenc::EncodeError { offset }.to_string())
}

pub(crate) fn decode_error(e: pctenc::DecodeError) -> RawError {
    (e.offset(), e.code().into(), e.to_string())
}

/// Encodes `input` into `out` (cleared first): [`Profile::try_encode`], or
/// [`Profile::encode_with`] in a legacy charset.
///
/// # Errors
/// Input that is not UTF-8 where the profile's input policy is strict (or with a charset);
/// a bad profile or charset id.
pub fn encode_into(
    input: &[u8],
    profile_id: u32,
    knobs: u32,
    charset_id: u32,
    out: &mut Vec<u8>,
) -> Result<(), RawError> {
    out.clear();
    let valid_knob = knobs & Knobs::VALID != 0;
    with_profile(profile_id, knobs, Variant::AsIs, |p| {
        if charset_id != NO_CHARSET {
            let enc = charset(charset_id)
                .ok_or_else(|| bad("charset 'auto' is for decode; name the charset to encode"))?;
            let text = core::str::from_utf8(input).map_err(|e| encode_error(e.valid_up_to()))?;
            let mut s = String::from_utf8(core::mem::take(out)).unwrap_or_default();
            p.encode_with_append(text, enc, &mut s);
            *out = s.into_bytes();
            return Ok(());
        }
        // Where the policy takes any bytes, or the input is UTF-8 and the unit can write every
        // character (all but Latin-1's), try_encode and encode_append_vec write the same; the
        // latter appends to the reused vector.
        let lenient = p.input_utf8() != Utf8::Strict;
        let utf8 = p.unit() != Unit::Latin1 && (valid_knob || core::str::from_utf8(input).is_ok());
        if lenient || utf8 {
            p.encode_append_vec(input, out);
        } else {
            let s = p.try_encode(input).map_err(|e| encode_error(e.offset))?;
            out.extend_from_slice(s.as_bytes());
        }
        Ok(())
    })
}

/// Decodes `input` into `out` (cleared first): [`Profile::decode_append`] (to text under
/// [`Knobs::TEXT`], as [`Profile::decode_str`]), or [`Profile::decode_with`] /
/// [`Profile::decode_auto`] with a charset.
///
/// # Errors
/// The library's decode errors, with their offsets; `utf8: bytes` with a charset; a bad id.
pub fn decode_into(
    input: &[u8],
    profile_id: u32,
    knobs: u32,
    charset_id: u32,
    out: &mut Vec<u8>,
) -> Result<(), RawError> {
    out.clear();
    let text = knobs & Knobs::TEXT != 0 && charset_id == NO_CHARSET;
    with_profile(profile_id, knobs, if text { Variant::Text } else { Variant::AsIs }, |p| {
        if charset_id != NO_CHARSET {
            let invalid: Invalid = invalid_policy(Knobs(knobs).utf8()).map_err(|e| bad(&e))?;
            let text = match charset(charset_id) {
                Some(enc) => p.decode_with(input, enc, invalid),
                None if charset_id == AUTO_CHARSET => p.decode_auto(input, invalid).map(|d| d.text),
                None => return Err(bad("unknown charset id")),
            };
            out.extend_from_slice(text.map_err(decode_error)?.as_bytes());
            return Ok(());
        }
        p.decode_append(input, out).map_err(decode_error)
    })
}

/// How decoded text is handed over: [`ASCII`] (read OUT as Latin-1), or the number of
/// UTF-16 code units written as UTF-16LE.
pub type TextForm = i32;
/// The text is ASCII.
pub const ASCII: TextForm = -1;

/// [`decode_into`] under [`Knobs::TEXT`], also writing the text as UTF-16LE into `out16`
/// ([`crate::utf16`]) unless it is ASCII.
///
/// For the UTF-8 policies that only look at invalid UTF-8 (strict, lossy), and input that is
/// UTF-8 ([`Knobs::VALID`] or checked), it first decodes with no policy and checks the bytes
/// while transcoding them, one pass instead of the library's check and then the
/// transcoding; where that finds invalid UTF-8, or the decoding fails, it runs
/// [`decode_into`] itself, so every result and error is the library's.
///
/// # Errors
/// As [`decode_into`].
pub fn decode_text(
    input: &[u8],
    id: u32,
    knobs: u32,
    charset_id: u32,
    out: &mut Vec<u8>,
    out16: &mut Vec<u8>,
) -> Result<TextForm, RawError> {
    let knobs = knobs | Knobs::TEXT;
    let base = pctenc::profile::ALL.get(id as usize).ok_or_else(|| bad("unknown profile id"))?;
    let policy = match Knobs(knobs).utf8() {
        Some(Utf8Knob::Strict) => Utf8::Strict,
        Some(Utf8Knob::Lossy) => Utf8::Lossy,
        Some(Utf8Knob::Bytes) => Utf8::Bytes,
        None => base.decoding().utf8,
    };
    // A strict policy also rejects raw input bytes that are not UTF-8, even where they
    // complete an escaped sequence (`%C3` then a raw 0xA9): the shortcut needs UTF-8 input.
    let fast = charset_id == NO_CHARSET
        && matches!(policy, Utf8::Strict | Utf8::Lossy | Utf8::LossyJava | Utf8::Bytes)
        && (knobs & Knobs::VALID != 0 || core::str::from_utf8(input).is_ok());
    if fast {
        out.clear();
        let first = with_profile(id, knobs, Variant::Unchecked, |p| {
            p.decode_append(input, out).map_err(decode_error)
        });
        if first.is_ok() {
            if out.is_ascii() {
                return Ok(ASCII);
            }
            if crate::utf16::from_utf8(out, out16) {
                return Ok((out16.len() / 2) as TextForm);
            }
        }
    }
    decode_into(input, id, knobs, charset_id, out)?;
    if out.is_ascii() {
        return Ok(ASCII);
    }
    let text = String::from_utf8_lossy(out);
    crate::utf16::from_utf8(text.as_bytes(), out16);
    Ok((out16.len() / 2) as TextForm)
}

/// [`encode_into`] into a new vector (tests, docs).
///
/// # Errors
/// As [`encode_into`].
pub fn encode_bytes(input: &[u8], id: u32, knobs: u32, cs: u32) -> Result<Vec<u8>, RawError> {
    let mut out = Vec::new();
    encode_into(input, id, knobs, cs, &mut out).map(|()| out)
}

/// [`decode_into`] into a new vector (tests, docs).
///
/// # Errors
/// As [`decode_into`].
pub fn decode_bytes(input: &[u8], id: u32, knobs: u32, cs: u32) -> Result<Vec<u8>, RawError> {
    let mut out = Vec::new();
    decode_into(input, id, knobs, cs, &mut out).map(|()| out)
}

/// The error value of [`pctenc_encode`] and [`pctenc_decode`].
pub const FAILED: u32 = u32::MAX;

/// Runs `verb` on the first `len` bytes of IN into OUT; the length written, or [`FAILED`]
/// with the error in OUT and [`ERROR_OFFSET`].
pub(crate) fn run(len: u32, verb: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<(), RawError>) -> u32 {
    TEXT_FORM.with(|f| f.set(None));
    IN.with(|i| {
        OUT.with(|o| {
            let input = i.borrow();
            let mut out = o.borrow_mut();
            let input = input.get(..len as usize).unwrap_or(&[]);
            match verb(input, &mut out) {
                Ok(()) => out.len() as u32,
                Err((offset, code, message)) => {
                    ERROR_OFFSET.with(|e| e.set(offset));
                    out.clear();
                    out.extend_from_slice(format!("{code}\n{message}").as_bytes());
                    FAILED
                }
            }
        })
    })
}

/// Makes IN at least `cap` bytes long and returns its address. The address stays valid
/// until a call asks for more than the current length.
#[no_mangle]
pub extern "C" fn pctenc_in(cap: u32) -> *mut u8 {
    IN.with(|i| {
        let mut v = i.borrow_mut();
        if v.len() < cap as usize {
            v.resize(cap as usize, 0);
        }
        v.as_mut_ptr()
    })
}

/// The address of OUT (valid until the next call).
#[no_mangle]
pub extern "C" fn pctenc_out() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// The length of OUT: the message's, after an error.
#[no_mangle]
pub extern "C" fn pctenc_out_len() -> u32 {
    OUT.with(|o| o.borrow().len() as u32)
}

/// The byte offset of the last error.
#[no_mangle]
pub extern "C" fn pctenc_error_offset() -> u32 {
    ERROR_OFFSET.with(Cell::get) as u32
}

/// [`encode_into`] on the first `len` bytes of IN.
#[no_mangle]
pub extern "C" fn pctenc_encode(len: u32, profile: u32, knobs: u32, charset: u32) -> u32 {
    run(len, |input, out| encode_into(input, profile, knobs, charset, out))
}

/// [`decode_into`] on the first `len` bytes of IN; under [`Knobs::TEXT`], [`decode_text`].
#[no_mangle]
pub extern "C" fn pctenc_decode(len: u32, profile: u32, knobs: u32, charset: u32) -> u32 {
    if knobs & Knobs::TEXT == 0 {
        return run(len, |input, out| decode_into(input, profile, knobs, charset, out));
    }
    OUT16.with(|o16| {
        let mut o16 = o16.borrow_mut();
        run(len, |input, out| {
            let form = decode_text(input, profile, knobs, charset, out, &mut o16)?;
            TEXT_FORM.with(|f| f.set(Some(form)));
            Ok(())
        })
    })
}

/// [`profile_id`] of the name in the first `len` bytes of IN, or -1 with the library's
/// message for the unknown name in OUT (`unknown profile 'x'; did you mean ...?`, as every
/// front end words it: [`pctenc::profile::suggest`]).
#[no_mangle]
pub extern "C" fn pctenc_profile(len: u32) -> i32 {
    let name = IN.with(|i| {
        String::from_utf8_lossy(i.borrow().get(..len as usize).unwrap_or(&[])).into_owned()
    });
    match profile_id(&name) {
        Some(i) => i as i32,
        None => {
            let why = pctenc::profile::suggest::UnknownProfile::new(&name).to_string();
            OUT.with(|o| *o.borrow_mut() = why.into_bytes());
            -1
        }
    }
}

/// How to read OUT as text: [`ASCII`] (-1: read it as Latin-1), else the number of UTF-16
/// code units of its text written to the vector at [`pctenc_out16`] (bytes that are not
/// UTF-8 become U+FFFD, as TextDecoder would). A text decode has already worked it out;
/// otherwise (encoding with a profile that keeps non-ASCII) it is done here.
#[no_mangle]
pub extern "C" fn pctenc_utf16() -> i32 {
    if let Some(form) = TEXT_FORM.with(Cell::get) {
        return form;
    }
    OUT.with(|o| {
        let out = o.borrow();
        if out.is_ascii() {
            return ASCII;
        }
        OUT16.with(|o16| {
            let mut o16 = o16.borrow_mut();
            crate::utf16::from_utf8(String::from_utf8_lossy(&out).as_bytes(), &mut o16);
            (o16.len() / 2) as TextForm
        })
    })
}

/// The address of the UTF-16LE text [`pctenc_utf16`] wrote.
#[no_mangle]
pub extern "C" fn pctenc_out16() -> *const u8 {
    OUT16.with(|o| o.borrow().as_ptr())
}

/// 1 if encoding with profile `id` always writes ASCII (every profile but those that keep
/// non-ASCII text, as `iri`), so the caller may read the output as Latin-1; else 0.
#[no_mangle]
pub extern "C" fn pctenc_encodes_ascii(id: u32) -> u32 {
    pctenc::profile::ALL.get(id as usize).map_or(0, |p| u32::from(!p.keeps_non_ascii()))
}

/// [`charset_id`] of the label in the first `len` bytes of IN, or -1.
#[no_mangle]
pub extern "C" fn pctenc_charset(len: u32) -> i32 {
    let label = IN.with(|i| {
        String::from_utf8_lossy(i.borrow().get(..len as usize).unwrap_or(&[])).into_owned()
    });
    charset_id(&label).map_or(-1, |i| i as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(bytes: &[u8]) -> u32 {
        pctenc_in(bytes.len() as u32);
        IN.with(|i| i.borrow_mut()[..bytes.len()].copy_from_slice(bytes));
        bytes.len() as u32
    }

    fn out() -> Vec<u8> {
        OUT.with(|o| o.borrow().clone())
    }

    #[test]
    fn exports_round_trip_through_the_vectors() {
        let n = write(b"form");
        let form = pctenc_profile(n) as u32;
        assert_eq!(pctenc::profile::ALL[form as usize].name(), "form");
        let n = write("a b&é".as_bytes());
        assert_eq!(pctenc_encode(n, form, 2, NO_CHARSET), 12);
        assert_eq!(out(), b"a+b%26%c3%a9");
        // a shorter input reuses the longer vector: only the first `len` bytes count
        let n = write(b"100%");
        assert_eq!(pctenc_decode(n, profile_id("rfc3986").unwrap(), 0, 0), FAILED);
        assert_eq!(pctenc_error_offset(), 3);
        let want = pctenc::profile::rfc3986::RFC3986.decode("100%").unwrap_err();
        assert_eq!(out(), format!("{}\n{want}", want.code()).as_bytes());
        assert_eq!(pctenc_decode(n, form, 0, 0), 4);
        let n = write(b"nope");
        assert_eq!(pctenc_profile(n), -1);
        let n = write(b"js-componnet");
        assert_eq!(pctenc_profile(n), -1);
        assert_eq!(out(), b"unknown profile 'js-componnet'; did you mean js-component?");
    }

    #[test]
    fn knobs_and_charsets_match_the_json_requests() {
        let js = profile_id("js-component").unwrap();
        // lenient, lower, plus on
        let bits = 2 | (2 << 2) | (1 << 6);
        assert_eq!(encode_bytes("é ".as_bytes(), js, bits, 0).unwrap(), b"%c3%a9+");
        assert_eq!(decode_bytes(b"%+", js, bits, 0).unwrap(), b"% ");
        let sjis = charset_id("sjis").unwrap();
        assert_eq!(charset_id("shift_jis"), Some(sjis));
        assert_eq!(decode_bytes(b"%82%B1", js, 0, sjis).unwrap(), "こ".as_bytes());
        assert_eq!(decode_bytes(b"%82%B1", js, 0, AUTO_CHARSET).unwrap(), "こ".as_bytes());
        assert!(encode_bytes(b"x", js, 0, AUTO_CHARSET).is_err());
        assert_eq!(decode_bytes(b"%FF", js, 3 << 4, sjis).unwrap_err().1, "bad-request");
        assert_eq!(charset_id("klingon"), None);
    }

    #[test]
    fn decode_text_is_decode_into_then_utf16() {
        let inputs: &[&[u8]] = &[
            b"",
            b"plain",
            b"%C3%A9",
            b"caf%C3%A9+x",
            b"%FF",
            b"a%ED%A0%80",
            b"%C3\xa9",
            b"\xff%41",
            b"%E2%82",
            b"100%",
            b"%zz%C3%A9",
            b"%uD800",
            b"%u00E9%uD83D%uDE00",
            b"%F0%9F%98%80",
            b"%C0%AE",
            b"+%2B",
            b"%EF%BF%BD",
            b"%e2%82%ac%",
            b"\xed\xa0\x80",
        ];
        let (mut out, mut out16) = (Vec::new(), Vec::new());
        for id in 0..pctenc::profile::ALL.len() as u32 {
            for knobs in [0, 1 << 4, 2 << 4, 3 << 4, 2 << 2, 1 << 2 | 2 << 4] {
                for input in inputs {
                    let exact = decode_bytes(input, id, knobs | Knobs::TEXT, 0);
                    let got = decode_text(input, id, knobs, 0, &mut out, &mut out16);
                    let why = format!(
                        "{} {knobs:#x} {input:x?}",
                        pctenc::profile::ALL[id as usize].name()
                    );
                    match (exact, got) {
                        (Ok(want), Ok(form)) => {
                            assert_eq!(out, want, "{why}");
                            let text = String::from_utf8_lossy(&want);
                            if form == ASCII {
                                assert!(want.is_ascii(), "{why}");
                            } else {
                                let units: Vec<u8> =
                                    text.encode_utf16().flat_map(u16::to_le_bytes).collect();
                                assert_eq!(
                                    (out16.clone(), form as usize),
                                    (units.clone(), units.len() / 2),
                                    "{why}"
                                );
                            }
                        }
                        (Err(want), Err(got)) => assert_eq!(got, want, "{why}"),
                        (want, got) => panic!("{why}: exact {want:?}, fast {got:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn text_and_bytes_policies() {
        let rfc = profile_id("rfc3986").unwrap();
        let bytes = 3 << 4;
        assert_eq!(decode_bytes(b"%FF", rfc, bytes, 0).unwrap(), b"\xff");
        assert_eq!(
            decode_bytes(b"%FF", rfc, bytes | Knobs::TEXT, 0).unwrap(),
            "\u{FFFD}".as_bytes()
        );
        let e = decode_bytes(b"a%FF", rfc, 1 << 4, 0).unwrap_err();
        assert_eq!((e.0, e.1.as_str()), (1, "invalid-utf8"));
        let js = profile_id("js-component").unwrap();
        assert_eq!(encode_bytes(b"a\xff", js, 0, 0).unwrap_err().0, 1);
        assert_eq!(encode_bytes(b"a\xff", js, 3 << 4, 0).unwrap(), b"a%FF");
        assert!(encode_bytes(b"a", 9999, 0, 0).is_err());
        // Perl's uri_escape on a decoded string cannot write a character above U+00FF
        let perl = profile_id("perl-uri-escape-decoded").unwrap();
        for knobs in [0, Knobs::VALID] {
            assert_eq!(encode_bytes("a€".as_bytes(), perl, knobs, 0).unwrap_err().0, 1);
        }
    }
}
