//! The npm package's hot path, driven natively as JavaScript drives it: the options' compact
//! text written into the vector `pctenc_in` lends and turned into a handle
//! (`pctenc_options`), the input written there too, the `pctenc_encode` / `pctenc_decode`
//! exports called with the handle and the call's flags, the result read back through
//! `pctenc_out`, `pctenc_out_len`, `pctenc_error_offset` and `pctenc_utf16`. Each result is
//! checked against the library's options model ([`Options::run`]) on the same text.
//!
//! The options are drawn from the library's own table ([`Op::options`]), so every option word
//! the model has is reached without a second copy of the words here.
//!
//! One source, two drivers: the property test `tests/raw_props.rs` and the cargo-fuzz target
//! `wasm_raw` (`fuzz/`), which includes this file.
#![allow(dead_code)]

use pctenc::options::{Key, Op, Options, Output, Values};
use pctenc::profile::ALL;
use pctenc_wasm::raw::{self, ASCII, DECODE, ENCODE, FAILED, NULL, VALID};

/// Labels a caller may name (aliases of one encoding included), and `auto` (decoding only).
const CHARSETS: [&str; 9] = [
    "shift_jis",
    "sjis",
    "euc-kr",
    "gbk",
    "windows-1251",
    "latin1",
    "iso-2022-jp",
    "utf-8",
    "auto",
];

/// Bytes of a fuzz input that choose the call; the rest is the input.
pub const HEAD: usize = 6;

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

/// The options text for `op` chosen by `seed`: each option of the operation is left out or
/// set to one of its values (a profile of [`ALL`], a charset label, a word of its table).
pub fn options_text(op: Op, seed: u32) -> String {
    let mut state = u64::from(seed) | 1 << 40;
    let mut next = || {
        // xorshift64: cheap, and the same choices for the same seed.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut parts = Vec::new();
    for o in op.options() {
        let pick = next();
        // Most options stay unset, so that each one's effect is seen on its own too.
        if pick % 4 != 0 && o.key != Key::Profile {
            continue;
        }
        let choose = (pick >> 8) as usize;
        let value = match o.values {
            Values::Words(words) => words[choose % words.len()].name.to_string(),
            Values::Bool => ["true", "false"][choose % 2].to_string(),
            Values::Profile => match ALL.get(choose % (ALL.len() + 1)) {
                Some(p) => p.name().to_string(),
                None => continue, // the operation's default profile
            },
            Values::Charset => CHARSETS[choose % CHARSETS.len()].to_string(),
            Values::Count => (choose % 4).to_string(),
        };
        parts.push(format!("{}={value}", o.name));
    }
    parts.join(", ")
}

/// One call from the first [`HEAD`] bytes: the verb (encode or decode), whether the caller
/// promises UTF-8 input (only when it is), and a seed for the options; then the input.
pub fn raw(data: &[u8]) {
    let mut head = [0u8; HEAD];
    let n = data.len().min(HEAD);
    head[..n].copy_from_slice(&data[..n]);
    let input = &data[n..];
    let (op, code) = if head[0] & 1 == 0 { (Op::Encode, ENCODE) } else { (Op::Decode, DECODE) };
    let valid = head[1] & 1 == 1 && std::str::from_utf8(input).is_ok();
    let seed = u32::from_le_bytes([head[2], head[3], head[4], head[5]]);
    let text = options_text(op, seed);
    call(op, code, &text, input, if valid { VALID } else { 0 });
}

/// Runs `input` through the exports with the options `text`, and checks the result against
/// the library's.
pub fn call(op: Op, code: u32, text: &str, input: &[u8], flags: u32) {
    let why = || format!("{op} [{text}] flags {flags} on {input:x?}");
    let len = write_in(text.as_bytes());
    let h = raw::pctenc_options(code, len);
    let options = match Options::parse(op, text) {
        Ok(o) => o,
        Err(e) => {
            assert_eq!(h, -1, "{}", why());
            let want = format!("{}\n{}\n{e}", e.code(), e.option());
            assert_eq!(read_out(), want.into_bytes(), "{}", why());
            return;
        }
    };
    assert!(h >= 0, "{}: refused: {}", why(), String::from_utf8_lossy(&read_out()));
    let h = h as u32;
    let want = options.run(input);
    let len = write_in(input);
    let got = if op == Op::Encode {
        raw::pctenc_encode(len, h, flags)
    } else {
        raw::pctenc_decode(len, h, flags)
    };
    match want {
        Ok(Output::Bytes(bytes)) => {
            assert_eq!((got, read_out()), (bytes.len() as u32, bytes.clone()), "{}", why());
            if op == Op::Decode && raw::pctenc_options_info(h) & raw::INFO_BYTES == 0 {
                // Text as JavaScript reads it: Latin-1 when ASCII, else the UTF-16 units.
                let form = raw::pctenc_utf16();
                assert_eq!(form == ASCII, bytes.is_ascii(), "{}", why());
                if form != ASCII {
                    let text = String::from_utf8(bytes).expect("a text result is UTF-8");
                    let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
                    assert_eq!(form as usize, units.len() / 2, "{}", why());
                    assert_eq!(read_out16(form as usize), units, "{}", why());
                }
            }
            if op == Op::Encode && raw::pctenc_options_info(h) & raw::INFO_ASCII != 0 {
                assert!(read_out().is_ascii(), "{}", why());
            }
        }
        Ok(Output::Null) => assert_eq!(got, NULL, "{}", why()),
        Ok(other) => panic!("{}: {other:?} from an encode or decode", why()),
        Err(f) => {
            assert_eq!(got, FAILED, "{}", why());
            let want = format!("{}\n{}", f.code, f.message).into_bytes();
            assert_eq!(read_out(), want, "{}", why());
            assert_eq!(raw::pctenc_error_offset() as usize, f.offset, "{}", why());
            assert!(f.offset <= input.len(), "{}", why());
        }
    }
}
