//! The npm package's hot path, driven natively as JavaScript drives it: the input written
//! into the vector `pctenc_in` lends, the `pctenc_encode` / `pctenc_decode` exports called
//! with a profile id, knob bits and a charset id, the result read back through `pctenc_out`,
//! `pctenc_out_len`, `pctenc_error_offset` and `pctenc_utf16`. Each result is checked against
//! the library called directly with the profile the knobs describe.
//!
//! One source, two drivers: the property test `tests/raw_props.rs` and the cargo-fuzz target
//! `wasm_raw` (`fuzz/`), which includes this file.
#![allow(dead_code)]

use pctenc::charset::{for_label, Invalid};
use pctenc::profile::ALL;
use pctenc::{Profile, Utf8};
use pctenc_wasm::raw::{self, Knobs, ASCII, AUTO_CHARSET, FAILED, NO_CHARSET};
use pctenc_wasm::request::Utf8Knob;

/// Labels a caller may name (aliases of one encoding included, so that ids are reused).
const LABELS: [&str; 8] =
    ["shift_jis", "sjis", "euc-kr", "gbk", "windows-1251", "latin1", "iso-2022-jp", "utf-8"];

/// Copies `bytes` into the module's input vector, as `TextEncoder.encodeInto` does.
fn write_in(bytes: &[u8]) -> u32 {
    let at = raw::pctenc_in(bytes.len() as u32);
    // SAFETY: `pctenc_in(n)` returns the start of a vector of at least `n` bytes that this
    // thread's module owns and nothing else borrows until the next export call.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, bytes.len()) };
    bytes.len() as u32
}

/// The module's output vector, as JavaScript reads it after a call.
fn read_out() -> Vec<u8> {
    let (at, len) = (raw::pctenc_out(), raw::pctenc_out_len() as usize);
    if len == 0 {
        return Vec::new();
    }
    // SAFETY: `pctenc_out` is the start of the output vector, whose length is
    // `pctenc_out_len`; it stays unchanged until the next export call.
    unsafe { std::slice::from_raw_parts(at, len) }.to_vec()
}

/// The UTF-16LE text `pctenc_utf16` wrote, `units` code units long.
fn read_out16(units: usize) -> Vec<u8> {
    if units == 0 {
        return Vec::new();
    }
    // SAFETY: `pctenc_utf16` returned `units`, the number of UTF-16 code units it wrote into
    // the vector at `pctenc_out16` (two bytes each), unchanged until the next export call.
    unsafe { std::slice::from_raw_parts(raw::pctenc_out16(), 2 * units) }.to_vec()
}

/// What the library says: the output bytes, or (offset, code, message).
type Want = Result<Vec<u8>, (usize, String, String)>;

fn decode_error(e: pctenc::DecodeError) -> (usize, String, String) {
    (e.offset(), e.code().into(), e.to_string())
}

/// The library's result for one call, from the profile the knobs describe.
fn library(input: &[u8], base: &Profile, knobs: u32, cs: Option<Charset>, encode: bool) -> Want {
    let p = Knobs(knobs).apply(*base);
    let bad = |why: &str| Err((0, "bad-request".to_string(), why.to_string()));
    match (encode, cs) {
        (true, None) => p
            .try_encode(input)
            .map(|s| s.into_owned().into_bytes())
            .map_err(|e| (e.offset, "invalid-input-utf8".into(), e.to_string())),
        (true, Some(Charset::Auto)) => {
            bad("charset 'auto' is for decode; name the charset to encode")
        }
        (true, Some(Charset::Label(label))) => match std::str::from_utf8(input) {
            Ok(text) => Ok(p.encode_with(text, for_label(label).unwrap()).into_owned().into()),
            Err(e) => {
                let e = pctenc::EncodeError { offset: e.valid_up_to() };
                Err((e.offset, "invalid-input-utf8".into(), e.to_string()))
            }
        },
        (false, None) => {
            // Text: a profile that keeps bytes gives U+FFFD instead (`decode_str`'s rule).
            let p = if knobs & Knobs::TEXT != 0 && p.decoding().utf8 == Utf8::Bytes {
                p.with_output_utf8(Utf8::Lossy)
            } else {
                p
            };
            p.decode(input).map(|c| c.into_owned()).map_err(decode_error)
        }
        (false, Some(cs)) => {
            let invalid = match Knobs(knobs).utf8() {
                None | Some(Utf8Knob::Strict) => Invalid::Error,
                Some(Utf8Knob::Lossy) => Invalid::Replace,
                Some(Utf8Knob::Bytes) => {
                    return bad("utf8 'bytes' does not apply with a charset");
                }
            };
            let text = match cs {
                Charset::Auto => p.decode_auto(input, invalid).map(|d| d.text),
                Charset::Label(label) => p.decode_with(input, for_label(label).unwrap(), invalid),
            };
            text.map(|t| t.into_owned().into_bytes()).map_err(decode_error)
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Charset {
    Auto,
    Label(&'static str),
}

/// One export call from the first five bytes: a profile id (a few past the last profile, to
/// be refused), knob bits (10 meaningful bits, the rest garbage the module must ignore), a
/// charset (none, `auto`, or a label registered through `pctenc_charset`), and the verb.
pub fn raw(data: &[u8]) {
    let mut head = [0u8; 5];
    let n = data.len().min(5);
    head[..n].copy_from_slice(&data[..n]);
    let input = &data[n..];
    let id = head[0] as u32 % (ALL.len() as u32 + 2);
    let mut knobs = u32::from(u16::from_le_bytes([head[1], head[2]]));
    if std::str::from_utf8(input).is_err() {
        knobs &= !Knobs::VALID; // the caller's promise that the input is UTF-8
    }
    let cs = match head[3] % 10 {
        0..=3 => None,
        4 => Some(Charset::Auto),
        k => Some(Charset::Label(LABELS[(k as usize - 5 + head[3] as usize / 10) % LABELS.len()])),
    };
    let encode = head[4] & 1 == 0;
    let cs_id = match cs {
        None => NO_CHARSET,
        Some(Charset::Auto) => AUTO_CHARSET,
        Some(Charset::Label(label)) => {
            let len = write_in(label.as_bytes());
            let id = raw::pctenc_charset(len);
            assert!(id >= 2, "charset id of {label}: {id}");
            id as u32
        }
    };
    let why = || format!("id {id} knobs {knobs:#x} {cs:?} encode {encode} on {input:x?}");

    let Some(base) = ALL.get(id as usize) else {
        let len = write_in(input);
        let got = if encode {
            raw::pctenc_encode(len, id, knobs, cs_id)
        } else {
            raw::pctenc_decode(len, id, knobs, cs_id)
        };
        assert_eq!(got, FAILED, "{}", why());
        assert!(read_out().starts_with(b"bad-request\n"), "{}", why());
        return;
    };
    let len = write_in(base.name().as_bytes());
    assert_eq!(raw::pctenc_profile(len), id as i32, "{}", why());

    let want = library(input, base, knobs, cs, encode);
    let len = write_in(input);
    let got = if encode {
        raw::pctenc_encode(len, id, knobs, cs_id)
    } else {
        raw::pctenc_decode(len, id, knobs, cs_id)
    };
    match want {
        Ok(bytes) => {
            assert_eq!((got, read_out()), (bytes.len() as u32, bytes.clone()), "{}", why());
            if encode && cs.is_none() && raw::pctenc_encodes_ascii(id) == 1 {
                assert!(bytes.is_ascii(), "{}", why());
            }
            // Text as JavaScript reads it: Latin-1 when ASCII, else the UTF-16 units.
            let form = raw::pctenc_utf16();
            let text = String::from_utf8_lossy(&bytes);
            assert_eq!(form == ASCII, bytes.is_ascii(), "{}", why());
            if form != ASCII {
                let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
                assert_eq!(form as usize, units.len() / 2, "{}", why());
                assert_eq!(read_out16(form as usize), units, "{}", why());
            }
        }
        Err((offset, code, message)) => {
            assert_eq!(got, FAILED, "{}", why());
            assert_eq!(read_out(), format!("{code}\n{message}").into_bytes(), "{}", why());
            assert_eq!(raw::pctenc_error_offset() as usize, offset, "{}", why());
            assert!(offset <= input.len(), "{}", why());
        }
    }
}
