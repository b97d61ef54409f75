//! The hot path: `encode` and `decode` as plain numbers and bytes, no JSON.
//!
//! The JSON bridge ([`crate::abi`]) parses a request and writes metadata on every call, which
//! costs more than encoding a short string. The npm package (`npm/`) calls these exports
//! instead. Its options object becomes the library's options once per distinct set
//! ([`pctenc_options`]: the compact text form in, a handle out, or the library's message for
//! the word it refuses), and the text crosses as UTF-8 bytes in two vectors this module owns:
//!
//! ```text
//! JS: pctenc_in(cap) ──► address of IN (at least cap bytes; kept while cap suffices)
//!     "profile=form,lower=true" into IN, pctenc_options(ENCODE, n) ──► handle (once)
//!     TextEncoder.encodeInto(text, IN)          (n bytes written)
//!     pctenc_encode(n, handle, flags) ──► length of OUT, u32::MAX on error, u32::MAX - 1 for null
//!     pctenc_out() ──► address of OUT           (TextDecoder, or a copy for bytes)
//! error: OUT holds "code\nmessage" (pctenc_out_len() bytes), pctenc_error_offset() the
//!        byte offset in IN
//! ```
//!
//! As in [`crate::abi`], JavaScript only writes into vectors Rust owns and Rust never follows
//! a pointer it was given, so there is no `unsafe` block. Every result is the library's own:
//! a handle holds [`Options`] and the profile they describe; options the fast path does not
//! cover (a charset, `on_error`, `rfc8187` ext-values) run through [`Options::run`], and the
//! package tests run the conformance table through these exports.
//!
//! ```
//! use pctenc_wasm::raw::*;
//! let h = options_handle(ENCODE, "profile=encodeURIComponent").unwrap();
//! assert_eq!(encode_bytes("a b/é".as_bytes(), h, 0).unwrap(), b"a%20b%2F%C3%A9");
//! let h = options_handle(DECODE, "profile=js-component").unwrap();
//! let e = decode_bytes(b"ok%zz", h, 0).unwrap_err();
//! assert_eq!((e.0, e.1.as_str()), (2, "invalid-escape"));
//! assert_eq!(options_handle(DECODE, "utf8=lossey").unwrap_err(), "bad-option-value\nutf8\nunknown utf8 'lossey'; did you mean lossy? (utf8 takes strict|lossy|bytes)");
//! ```

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use pctenc::options::{Key, Op, Options, Output};
use pctenc::{Profile, Unit, Utf8};

/// [`pctenc_options`]'s operation: `encode`.
pub const ENCODE: u32 = 0;
/// [`pctenc_options`]'s operation: `decode`.
pub const DECODE: u32 = 1;
/// [`pctenc_options`]'s operation: `try-decode` (the npm package's `tryDecode`): its options
/// are checked as `try-decode`'s, and it decodes as `decode`, the caller turning an error into
/// no value.
pub const TRY_DECODE: u32 = 2;
/// [`pctenc_options`]'s operation: `query-parse` (the npm package's `form.parse`).
pub const QUERY_PARSE: u32 = 3;
/// [`pctenc_options`]'s operation: `query-param` (`form.get`).
pub const QUERY_PARAM: u32 = 4;
/// [`pctenc_options`]'s operation: `query-param-all` (`form.getAll`).
pub const QUERY_PARAM_ALL: u32 = 5;
/// [`pctenc_options`]'s operation: `query-build` (`form.serialize`).
pub const QUERY_BUILD: u32 = 6;

/// Flags of a call.
///
/// | bit | flag |
/// |---|---|
/// | 0 | [`VALID`]: the input is UTF-8 (a well-formed JavaScript string, written by TextEncoder) |
/// | 1 | [`STRING`]: the input is a JavaScript string written as WTF-8 (its lone surrogates as the three bytes UTF-8 would give them) |
pub type Flags = u32;
/// The input is known to be UTF-8: encoding and [`decode_text`] skip the check.
pub const VALID: Flags = 1;
/// The input is a JavaScript string with lone surrogates, written as WTF-8. A string is text,
/// so where the input policy would take bytes as they are (`bytes`), a lone surrogate is an
/// error, as under `strict` (`encodeURIComponent` throws URIError). The package writes the
/// lossy policies' strings with TextEncoder instead (one U+FFFD per lone surrogate, as
/// `URLSearchParams`), asking [`pctenc_options_info`] which they are.
pub const STRING: Flags = 2;

/// [`pctenc_options_info`]: decoding gives bytes (`utf8=bytes`).
pub const INFO_BYTES: u32 = 1;
/// [`pctenc_options_info`]: the UTF-8 policy in force is lossy (a lone surrogate of a string
/// becomes U+FFFD).
pub const INFO_LOSSY: u32 = 2;
/// [`pctenc_options_info`]: encoding writes only ASCII.
pub const INFO_ASCII: u32 = 4;

/// An error: the byte offset in the input, the library's error code, its message.
pub type RawError = (usize, String, String);

/// Resolved options: what a handle stands for.
#[derive(Debug)]
struct Handle {
    options: Options,
    /// The profile the options describe, built once (it carries a 1 KiB table).
    profile: Profile,
    /// The options need [`Options::run`]: a charset, `on_error`, or ext-values.
    general: bool,
}

thread_local! {
    pub(crate) static IN: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// OUT as UTF-16LE, when [`pctenc_utf16`] made it.
    pub(crate) static OUT16: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static ERROR_OFFSET: Cell<usize> = const { Cell::new(0) };
    /// How the last call's text is handed over, once known ([`pctenc_utf16`]).
    static TEXT_FORM: Cell<Option<TextForm>> = const { Cell::new(None) };
    static HANDLES: RefCell<Vec<Handle>> = const { RefCell::new(Vec::new()) };
    static BY_TEXT: RefCell<Option<HashMap<(u32, String), u32>>> = const { RefCell::new(None) };
}

/// The handle of the options `text` (the compact text form) for operation `op`
/// ([`ENCODE`], [`DECODE`] or [`TRY_DECODE`]): the same handle for the same text.
///
/// # Errors
/// `"code\noption\nmessage"`: the library's [`pctenc::options::OptionError`], naming the
/// option.
pub fn options_handle(op: u32, text: &str) -> Result<u32, String> {
    let key = (op, text.to_string());
    if let Some(h) = BY_TEXT.with(|m| m.borrow().as_ref().and_then(|m| m.get(&key).copied())) {
        return Ok(h);
    }
    let model_op = match op {
        ENCODE => Op::Encode,
        TRY_DECODE => Op::TryDecode,
        QUERY_PARSE => Op::QueryParse,
        QUERY_PARAM => Op::QueryParam,
        QUERY_PARAM_ALL => Op::QueryParamAll,
        QUERY_BUILD => Op::QueryBuild,
        _ => Op::Decode,
    };
    let refused = |e: pctenc::options::OptionError| format!("{}\n{}\n{e}", e.code(), e.option());
    let mut options = Options::parse(model_op, text).map_err(refused)?;
    if model_op == Op::TryDecode {
        options = Options::parse(Op::Decode, text).map_err(refused)?;
    }
    let general =
        options.charset().is_some() || options.is_set(Key::OnError) || options.ext_value();
    let handle = Handle { profile: options.profile(), options, general };
    let h = HANDLES.with(|hs| {
        let mut hs = hs.borrow_mut();
        hs.push(handle);
        (hs.len() - 1) as u32
    });
    BY_TEXT.with(|m| m.borrow_mut().get_or_insert_with(HashMap::new).insert(key, h));
    Ok(h)
}

/// Calls `f` with handle `h`.
fn with_handle<T>(h: u32, f: impl FnOnce(&Handle) -> Result<T, RawError>) -> Result<T, RawError> {
    HANDLES.with(|hs| match hs.borrow().get(h as usize) {
        Some(handle) => f(handle),
        None => Err(bad("unknown options handle")),
    })
}

/// Calls `f` with the resolved options of handle `h` (the query functions run them).
pub(crate) fn with_options<T>(
    h: u32,
    f: impl FnOnce(&Options) -> Result<T, RawError>,
) -> Result<T, RawError> {
    with_handle(h, |hd| f(&hd.options))
}

/// What the JavaScript side needs to know of handle `h`: [`INFO_BYTES`], [`INFO_LOSSY`],
/// [`INFO_ASCII`].
pub fn options_info(h: u32) -> u32 {
    with_handle(h, |hd| {
        let o = &hd.options;
        let decoding = o.op() != Op::Encode;
        let policy = if decoding { hd.profile.decoding().utf8 } else { hd.profile.input_utf8() };
        let mut info = 0;
        if decoding && !o.decodes_to_text() {
            info |= INFO_BYTES;
        }
        if matches!(policy, Utf8::Lossy | Utf8::LossyJava) {
            info |= INFO_LOSSY;
        }
        if !decoding && !hd.profile.keeps_non_ascii() {
            info |= INFO_ASCII;
        }
        Ok(info)
    })
    .unwrap_or(0)
}

pub(crate) fn bad(why: &str) -> RawError {
    (0, "bad-request".into(), why.into())
}

fn encode_error(offset: usize) -> RawError {
    (offset, pctenc::EncodeError::CODE.into(), pctenc::EncodeError { offset }.to_string())
}

fn decode_error(e: pctenc::DecodeError) -> RawError {
    (e.offset(), e.code().into(), e.to_string())
}

/// What a call gave: a value in OUT, or none (`on_error=null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// OUT holds the result.
    Written,
    /// No value.
    Null,
}

/// [`Options::run`] on `input`, the result into `out`: the options the fast path does not
/// cover.
fn general(o: &Options, input: &[u8], out: &mut Vec<u8>) -> Result<Value, RawError> {
    match o.run(input) {
        Ok(Output::Bytes(b)) => {
            *out = b;
            Ok(Value::Written)
        }
        Ok(Output::Null) => Ok(Value::Null),
        Ok(_) => Err(bad("not an encode or decode handle")),
        Err(f) => Err((f.offset, f.code.into(), f.message)),
    }
}

/// Encodes `input` into `out` (cleared first) with the options of handle `h`: what
/// [`Options::run`] gives (the fast path is [`Profile::try_encode`] with the handle's
/// profile, which is what it gives).
///
/// # Errors
/// The library's errors (`not-text`, `unmappable`...), with their offsets; a bad handle.
pub fn encode_into(
    input: &[u8],
    h: u32,
    flags: Flags,
    out: &mut Vec<u8>,
) -> Result<Value, RawError> {
    out.clear();
    with_handle(h, |hd| {
        // A JavaScript string is text: its lone surrogates are not bytes to escape.
        let string_strict = flags & STRING != 0 && hd.profile.input_utf8() == Utf8::Bytes;
        if string_strict {
            if let Err(e) = core::str::from_utf8(input) {
                return Err(encode_error(e.valid_up_to()));
            }
        }
        if hd.general {
            return general(&hd.options, input, out);
        }
        let p = &hd.profile;
        // Where the policy takes any bytes, or the input is UTF-8 and the unit can write every
        // character (all but Latin-1's), try_encode and encode_append_vec write the same; the
        // latter appends to the reused vector.
        let lenient = p.input_utf8() != Utf8::Strict;
        let utf8 =
            p.unit() != Unit::Latin1 && (flags & VALID != 0 || core::str::from_utf8(input).is_ok());
        if (lenient && !p.keeps_non_ascii()) || utf8 {
            p.encode_append_vec(input, out);
        } else {
            let s = p.try_encode(input).map_err(|e| encode_error(e.offset))?;
            out.extend_from_slice(s.as_bytes());
        }
        Ok(Value::Written)
    })
}

/// Decodes `input` into `out` (cleared first) with the options of handle `h`: what
/// [`Options::run`] gives (the fast path is [`Profile::decode_append`] with the handle's
/// profile, whose UTF-8 policy is the decode's, then the check that a text result is text).
///
/// # Errors
/// The library's decode errors, with their offsets; a bad handle.
pub fn decode_into(input: &[u8], h: u32, out: &mut Vec<u8>) -> Result<Value, RawError> {
    out.clear();
    with_handle(h, |hd| {
        if hd.general {
            return general(&hd.options, input, out);
        }
        hd.profile.decode_append(input, out).map_err(decode_error)?;
        Ok(Value::Written)
    })
}

/// How decoded text is handed over: [`ASCII`] (read OUT as Latin-1), or the number of
/// UTF-16 code units written as UTF-16LE.
pub type TextForm = i32;
/// The text is ASCII.
pub const ASCII: TextForm = -1;

/// [`decode_into`] for a text result, also writing the text as UTF-16LE into `out16`
/// ([`crate::utf16`]) unless it is ASCII.
///
/// For the UTF-8 policies that only look at invalid UTF-8 (strict, lossy), and input that is
/// UTF-8 ([`VALID`] or checked), it first decodes with no policy and checks the bytes while
/// transcoding them, one pass instead of the library's check and then the transcoding; where
/// that finds invalid UTF-8, or the decoding fails, it runs [`decode_into`] itself, so every
/// result and error is the library's.
///
/// # Errors
/// As [`decode_into`].
pub fn decode_text(
    input: &[u8],
    h: u32,
    flags: Flags,
    out: &mut Vec<u8>,
    out16: &mut Vec<u8>,
) -> Result<Option<TextForm>, RawError> {
    let fast = with_handle(h, |hd| {
        // A strict policy also rejects raw input bytes that are not UTF-8, even where they
        // complete an escaped sequence (`%C3` then a raw 0xA9): the shortcut needs UTF-8 input.
        let policy = hd.profile.decoding().utf8;
        let fast = !hd.general
            && matches!(policy, Utf8::Strict | Utf8::Lossy | Utf8::LossyJava)
            && (flags & VALID != 0 || core::str::from_utf8(input).is_ok());
        if fast {
            out.clear();
            let bytes = hd.profile.with_output_utf8(Utf8::Bytes);
            return Ok(bytes.decode_append(input, out).is_ok());
        }
        Ok(false)
    })?;
    if fast {
        if out.is_ascii() {
            return Ok(Some(ASCII));
        }
        if crate::utf16::from_utf8(out, out16) {
            return Ok(Some((out16.len() / 2) as TextForm));
        }
    }
    if decode_into(input, h, out)? == Value::Null {
        return Ok(None);
    }
    if out.is_ascii() {
        return Ok(Some(ASCII));
    }
    // The library's text is UTF-8 (the decode's policy is not `bytes`).
    let text = String::from_utf8_lossy(out);
    crate::utf16::from_utf8(text.as_bytes(), out16);
    Ok(Some((out16.len() / 2) as TextForm))
}

/// [`encode_into`] into a new vector (tests, docs); a null value is empty.
///
/// # Errors
/// As [`encode_into`].
pub fn encode_bytes(input: &[u8], h: u32, flags: Flags) -> Result<Vec<u8>, RawError> {
    let mut out = Vec::new();
    encode_into(input, h, flags, &mut out).map(|_| out)
}

/// [`decode_into`] into a new vector (tests, docs); a null value is empty.
///
/// # Errors
/// As [`decode_into`].
pub fn decode_bytes(input: &[u8], h: u32, _flags: Flags) -> Result<Vec<u8>, RawError> {
    let mut out = Vec::new();
    decode_into(input, h, &mut out).map(|_| out)
}

/// The error value of [`pctenc_encode`] and [`pctenc_decode`].
pub const FAILED: u32 = u32::MAX;
/// The null value of [`pctenc_encode`] and [`pctenc_decode`] (`on_error=null`).
pub const NULL: u32 = u32::MAX - 1;

/// Runs `verb` on the first `len` bytes of IN into OUT; the length written, [`NULL`], or
/// [`FAILED`] with the error in OUT and [`ERROR_OFFSET`].
pub(crate) fn run(
    len: u32,
    verb: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Value, RawError>,
) -> u32 {
    TEXT_FORM.with(|f| f.set(None));
    IN.with(|i| {
        OUT.with(|o| {
            let input = i.borrow();
            let mut out = o.borrow_mut();
            let input = input.get(..len as usize).unwrap_or(&[]);
            match verb(input, &mut out) {
                Ok(Value::Written) => out.len() as u32,
                Ok(Value::Null) => NULL,
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

/// The first `len` bytes of IN as text.
fn in_text(len: u32) -> String {
    IN.with(|i| String::from_utf8_lossy(i.borrow().get(..len as usize).unwrap_or(&[])).into_owned())
}

/// [`options_handle`] of the compact text form in the first `len` bytes of IN for `op`
/// ([`ENCODE`] or [`DECODE`]), or -1 with `"code\noption\nmessage"` in OUT: the library's words for
/// the option it refuses, as every front end says them.
#[no_mangle]
pub extern "C" fn pctenc_options(op: u32, len: u32) -> i32 {
    match options_handle(op, &in_text(len)) {
        Ok(h) => h as i32,
        Err(why) => {
            OUT.with(|o| *o.borrow_mut() = why.into_bytes());
            -1
        }
    }
}

/// [`options_info`] of handle `h`.
#[no_mangle]
pub extern "C" fn pctenc_options_info(h: u32) -> u32 {
    options_info(h)
}

/// The canonical name of the profile of handle `h` into OUT; its length.
#[no_mangle]
pub extern "C" fn pctenc_options_profile(h: u32) -> u32 {
    let name = with_handle(h, |hd| Ok(hd.profile.name())).unwrap_or("");
    OUT.with(|o| *o.borrow_mut() = name.as_bytes().to_vec());
    name.len() as u32
}

/// [`encode_into`] on the first `len` bytes of IN.
#[no_mangle]
pub extern "C" fn pctenc_encode(len: u32, h: u32, flags: u32) -> u32 {
    run(len, |input, out| encode_into(input, h, flags, out))
}

/// [`decode_into`] on the first `len` bytes of IN, or, unless the handle decodes to bytes,
/// [`decode_text`].
#[no_mangle]
pub extern "C" fn pctenc_decode(len: u32, h: u32, flags: u32) -> u32 {
    if options_info(h) & INFO_BYTES != 0 {
        return run(len, |input, out| decode_into(input, h, out));
    }
    OUT16.with(|o16| {
        let mut o16 = o16.borrow_mut();
        run(len, |input, out| {
            let form = decode_text(input, h, flags, out, &mut o16)?;
            TEXT_FORM.with(|f| f.set(form));
            Ok(if form.is_some() { Value::Written } else { Value::Null })
        })
    })
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

/// The canonical name of the profile called the name in the first `len` bytes of IN (any
/// alias, any case) into OUT, and its length; or -1 with the library's message for the
/// unknown name in OUT (`unknown profile 'x'; did you mean ...?`, as every front end words
/// it: [`pctenc::profile::suggest`]).
#[no_mangle]
pub extern "C" fn pctenc_profile(len: u32) -> i32 {
    let name = in_text(len);
    let answer = match pctenc::profile::suggest::lookup(&name) {
        Ok(p) => Ok(p.name().to_string()),
        Err(e) => Err(e.to_string()),
    };
    let (bytes, code) = match answer {
        Ok(n) => (n.len() as i32, n),
        Err(why) => (-1, why),
    };
    OUT.with(|o| *o.borrow_mut() = code.into_bytes());
    bytes
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
        let n = write(b"profile=form, lower=true");
        let form = pctenc_options(ENCODE, n) as u32;
        assert_eq!(pctenc_options(ENCODE, n) as u32, form, "the same text, the same handle");
        let n = write("a b&é".as_bytes());
        assert_eq!(pctenc_encode(n, form, 0), 12);
        assert_eq!(out(), b"a+b%26%c3%a9");
        let rfc = options_handle(DECODE, "").unwrap();
        let n = write(b"100%");
        assert_eq!(pctenc_decode(n, rfc, VALID), FAILED);
        assert_eq!(pctenc_error_offset(), 3);
        let want = pctenc::profile::rfc3986::RFC3986.decode("100%").unwrap_err();
        assert_eq!(out(), format!("{}\n{want}", want.code()).as_bytes());
        let form = options_handle(DECODE, "profile=form").unwrap();
        assert_eq!(pctenc_decode(n, form, VALID), 4);
        let n = write(b"profile=js-componnet");
        assert_eq!(pctenc_options(DECODE, n), -1);
        assert_eq!(out(), b"bad-option-value\nprofile\nunknown profile 'js-componnet'; did you mean js-component?");
        let n = write(b"encodeURIComponent");
        assert_eq!(pctenc_profile(n), 12);
        assert_eq!(out(), b"js-component");
    }

    #[test]
    fn general_options_run_through_the_library() {
        let sjis = options_handle(DECODE, "charset=sjis").unwrap();
        assert_eq!(decode_bytes(b"%82%B1", sjis, 0).unwrap(), "こ".as_bytes());
        let null = options_handle(DECODE, "on_error=null").unwrap();
        let n = write(b"%zz");
        assert_eq!(pctenc_decode(n, null, VALID), NULL);
        let ext = options_handle(ENCODE, "profile=rfc8187").unwrap();
        assert_eq!(encode_bytes("naïve".as_bytes(), ext, VALID).unwrap(), b"UTF-8''na%C3%AFve");
        assert_eq!(options_info(options_handle(DECODE, "utf8=bytes").unwrap()), INFO_BYTES);
        assert_eq!(
            options_info(options_handle(ENCODE, "profile=form").unwrap()),
            INFO_LOSSY | INFO_ASCII
        );
    }

    #[test]
    fn a_string_s_lone_surrogate_is_not_bytes() {
        let wtf8 = b"a\xed\xb0\x80b"; // 'a\uDC00b'
        let rfc = options_handle(ENCODE, "").unwrap();
        assert_eq!(encode_bytes(wtf8, rfc, STRING).unwrap_err().0, 1);
        // The same bytes from a Uint8Array are bytes, which rfc3986 escapes as they are.
        assert_eq!(encode_bytes(wtf8, rfc, 0).unwrap(), b"a%ED%B0%80b");
        let js = options_handle(ENCODE, "profile=js-component").unwrap();
        assert_eq!(encode_bytes(wtf8, js, STRING).unwrap_err().1, "not-text");
    }

    #[test]
    fn decode_text_is_the_library_s_decode() {
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
        for p in pctenc::profile::ALL {
            for opts in [
                "",
                ", utf8=strict",
                ", utf8=lossy",
                ", malformed=lenient",
                ", malformed=strict, utf8=lossy",
            ] {
                let text = format!("profile={}{opts}", p.name());
                let Ok(h) = options_handle(DECODE, &text) else { continue }; // rfc8187 + utf8
                let o = Options::parse(Op::Decode, &text).unwrap();
                for input in inputs {
                    let want = o.run(input);
                    let got = decode_text(input, h, 0, &mut out, &mut out16);
                    let why = format!("{text} {input:x?}");
                    match (want, got) {
                        (Ok(Output::Bytes(want)), Ok(Some(form))) => {
                            assert_eq!(out, want, "{why}");
                            let text = String::from_utf8(want.clone()).expect("text");
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
                        (Err(f), Err(got)) => {
                            assert_eq!((got.0, got.1.as_str()), (f.offset, f.code), "{why}")
                        }
                        (want, got) => panic!("{why}: library {want:?}, fast {got:?}"),
                    }
                }
            }
        }
    }
}
