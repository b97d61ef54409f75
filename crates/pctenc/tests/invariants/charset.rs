//! Legacy charsets: encoding, decoding and detection against the Encoding Standard's own
//! encoders and decoders (`encoding_rs`) and `detect`, one-shot against streaming.

use pctenc::charset::encoding_rs::{self, Encoding};
use pctenc::charset::{detect, Decoder, Detector, Encoder, Invalid};
use pctenc::profile::ALL;
use pctenc::{DecodeError, Profile};

use super::{chunked, show, Picks};

/// Every kind of encoding: single-byte, multi-byte, stateful ISO-2022-JP, GB18030's
/// four-byte sequences, UTF-16 and `replacement` (whose output encoding is UTF-8), and
/// x-user-defined.
const ENCODINGS: [&Encoding; 16] = [
    encoding_rs::UTF_8,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::ISO_2022_JP,
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_KR,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1252,
    encoding_rs::ISO_8859_8_I,
    encoding_rs::KOI8_U,
    encoding_rs::UTF_16LE,
    encoding_rs::UTF_16BE,
    encoding_rs::REPLACEMENT,
    encoding_rs::X_USER_DEFINED,
];

/// Percent-encode after encoding: `encode_with` is `try_encode_with` where that succeeds and
/// both equal the streaming encoder in any chunking; an unmappable character is named at
/// its offset, is unmappable alone and everything before it encodes; in UTF-8 it is the
/// profile's own `encode`; in a legacy encoding, where the profile round-trips, decoding the escapes in the output encoding gives the text as the Encoding
/// Standard carries it, and encoding that again gives the same escapes.
fn encode(p: &Profile, enc: &'static Encoding, sizes: [usize; 2], data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let why = || format!("{} in {} on {:?}", p.name(), enc.name(), show(data));
    let lossy = p.encode_with(&text, enc);
    let strict = p.try_encode_with(&text, enc);
    for (strict_stream, want) in
        [(false, Ok(lossy.to_string())), (true, strict.clone().map(|s| s.into_owned()))]
    {
        let mut e = Encoder::new(p, enc, strict_stream);
        let mut out = String::new();
        let parts = chunked(text.as_bytes(), sizes);
        let got =
            parts.iter().try_for_each(|c| e.push(c, &mut out)).and_then(|()| e.finish(&mut out));
        assert_eq!(got.map(|()| out), want.map_err(Into::into), "stream {sizes:?}: {}", why());
    }
    let out = enc.output_encoding();
    match strict {
        Ok(s) => {
            assert_eq!(s, lossy, "{}", why());
            // UTF-8 is each profile's own encoding (JavaScript's `escape` writes `%uXXXX`).
            if out == encoding_rs::UTF_8 {
                assert_eq!(s, p.encode(&*text), "{}", why());
                return;
            }
            if !p.round_trips() {
                return;
            }
            let back = p.decode_with(s.as_bytes(), out, Invalid::Error);
            let carried = out.decode_without_bom_handling(&out.encode(&text).0).0.into_owned();
            assert_eq!(back.as_deref(), Ok(&carried[..]), "decode {s:?}: {}", why());
            assert_eq!(p.try_encode_with(&carried, enc).as_deref(), Ok(&s[..]), "{}", why());
        }
        Err(u) => {
            assert!(text[u.offset..].starts_with(u.ch), "{u:?}: {}", why());
            assert!(out.encode(u.ch.encode_utf8(&mut [0; 4])).2, "{u:?} is mappable: {}", why());
            assert!(p.try_encode_with(&text[..u.offset], enc).is_ok(), "{u:?}: {}", why());
        }
    }
}

/// Decoding with an encoding: what is accepted under `Invalid::Error` is the same under
/// `Replace`, which is the Encoding Standard's decoder over the profile's bytes; an error
/// points inside the input; the streaming decoder equals the one-shot one in any chunking.
fn decode(p: &Profile, enc: &'static Encoding, sizes: [usize; 2], data: &[u8]) {
    let why = || format!("{} in {} on {:?}", p.name(), enc.name(), show(data));
    let strict = p.decode_with(data, enc, Invalid::Error);
    let lenient = p.decode_with(data, enc, Invalid::Replace);
    match p.with_unit(pctenc::Unit::Byte).with_output_utf8(pctenc::Utf8::Bytes).decode(data) {
        Ok(bytes) => {
            let standard = enc.decode_without_bom_handling(&bytes).0;
            assert_eq!(lenient.as_deref(), Ok(&standard[..]), "{}", why());
            let valid = enc.decode_without_bom_handling_and_without_replacement(&bytes);
            assert_eq!(strict.as_deref().ok(), valid.as_deref(), "{}", why());
        }
        Err(e) => assert_eq!(lenient, Err(e), "{}", why()),
    }
    if let Err(e) = &strict {
        assert!(e.offset() < data.len(), "{e:?}: {}", why());
    }
    for (invalid, want) in [(Invalid::Error, strict), (Invalid::Replace, lenient)] {
        let mut d = Decoder::new(p, enc, invalid);
        let mut out = String::new();
        let parts = chunked(data, sizes);
        let got: Result<(), DecodeError> =
            parts.iter().try_for_each(|c| d.push(c, &mut out)).and_then(|()| d.finish(&mut out));
        assert_eq!(got.map(|()| out), want.map(|w| w.into_owned()), "stream {sizes:?}: {}", why());
    }
}

/// Detection: `decode_auto` decodes with what `detect` says of the profile's bytes, and the
/// streaming `Detector` says the same whatever the chunking.
fn detection(p: &Profile, sizes: [usize; 2], data: &[u8]) {
    let why = || format!("{} on {:?}", p.name(), show(data));
    let bytes = p.with_unit(pctenc::Unit::Byte).with_output_utf8(pctenc::Utf8::Bytes).decode(data);
    let auto = p.decode_auto(data, Invalid::Replace);
    let Ok(bytes) = bytes else {
        assert!(auto.is_err(), "{}", why());
        return;
    };
    let guess = detect(&bytes);
    let d = auto.unwrap_or_else(|e| panic!("{e:?}: {}", why()));
    assert_eq!(d.encoding, guess, "{}", why());
    let text = p.decode_with(data, guess, Invalid::Replace);
    assert_eq!(text.as_deref(), Ok(&d.text[..]), "{}", why());
    if std::str::from_utf8(&bytes).is_ok() && !bytes.contains(&0x1B) {
        assert_eq!(guess, encoding_rs::UTF_8, "{}", why());
    }
    let mut detector = Detector::new();
    chunked(&bytes, sizes).into_iter().for_each(|c| detector.feed(c));
    assert_eq!(detector.finish(), guess, "chunks {sizes:?}: {}", why());
}

/// Legacy charsets: an encoding, a profile, a verb (encode, decode, detect) and chunk sizes
/// from the first four bytes.
pub fn charset(data: &[u8]) {
    let mut picks = Picks::new(data);
    let enc = picks.pick(&ENCODINGS);
    let p: &Profile = picks.pick(ALL);
    let (verb, sizes) = (picks.byte(), picks.byte());
    let sizes = [(sizes & 15) as usize, (sizes >> 4) as usize + 1];
    let data = picks.rest();
    match verb % 3 {
        0 => encode(p, enc, sizes, data),
        1 => decode(p, enc, sizes, data),
        _ => detection(p, sizes, data),
    }
}
