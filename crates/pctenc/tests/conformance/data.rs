//! Reading the shared test data, and mapping JavaScript strings onto byte input.
//!
//! The data lives outside the repository, in `../shared/testdata` relative to the workspace
//! root; it is read in place, never copied.
//!
//! JavaScript strings are UTF-16 and may hold lone surrogates, which the data gives as
//! `*_utf16` arrays of code units. The library reads bytes, so such a string maps to its
//! WTF-8 form (UTF-8 generalized to surrogate code points): the one byte string that carries
//! exactly the same code units, and that is not UTF-8 precisely where the JS string is not
//! well-formed UTF-16.

use serde_json::Value;

/// Parses `../shared/testdata/<rel>`.
pub fn load(rel: &str) -> Value {
    let path = format!("{}/../../../shared/testdata/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The WTF-8 bytes of a sequence of UTF-16 code units: pairs as their scalar value, lone
/// surrogates as the three-byte form of their code point.
pub fn wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(e) => {
                let v = e.unpaired_surrogate();
                out.extend_from_slice(&[
                    0xE0 | (v >> 12) as u8,
                    0x80 | (v >> 6 & 0x3F) as u8,
                    0x80 | (v & 0x3F) as u8,
                ]);
            }
        }
    }
    out
}

/// The byte offset, in [`wtf8`]'s output, of the first lone surrogate (if any).
pub fn first_lone_surrogate(units: &[u16]) -> Option<usize> {
    let mut at = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => at += c.len_utf8(),
            Err(_) => return Some(at),
        }
    }
    None
}

/// The code units of a JSON array of numbers.
pub fn units(v: &Value) -> Vec<u16> {
    v.as_array()
        .expect("an array of UTF-16 code units")
        .iter()
        .map(|u| u16::try_from(u.as_u64().expect("a code unit")).expect("a 16-bit code unit"))
        .collect()
}

/// A JSON string field, or panic naming the field.
pub fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} is not a string in {v}"))
}

/// Bytes from lower- or upper-case hex.
pub fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits"))
        .collect()
}

/// A byte string for messages: UTF-8 shown as text, other bytes as `\xNN`.
pub fn show(bytes: &[u8]) -> String {
    bytes.utf8_chunks().fold(String::new(), |mut s, chunk| {
        s.push_str(&chunk.valid().escape_debug().to_string());
        for b in chunk.invalid() {
            s.push_str(&format!("\\x{b:02X}"));
        }
        s
    })
}

#[test]
fn wtf8_matches_utf8_for_well_formed_strings() {
    let s = "a€😀";
    let units: Vec<u16> = s.encode_utf16().collect();
    assert_eq!(wtf8(&units), s.as_bytes());
    assert_eq!(first_lone_surrogate(&units), None);
    assert_eq!(wtf8(&[0x61, 0xD800]), b"a\xED\xA0\x80");
    assert_eq!(first_lone_surrogate(&[0x61, 0xDC00, 0x62]), Some(1));
}
