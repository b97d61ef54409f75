//! The kernel differential tests' cases, shared by `tests/kernels.rs` (every kernel this
//! CPU has against the scalar one) and `crates/pctenc-emu` (the AVX-512 kernel under an
//! emulator against the scalar kernel run natively): what one profile produces for one
//! input through every API that reaches a kernel ([`run`]), and the seed inputs.
//! `no_std` with `alloc`, so that the emulator's freestanding guest compiles it too.

use alloc::string::String;
use alloc::vec::Vec;
use alloc::{format, vec};

use pctenc::stream::Decoder;
use pctenc::{Malformed, Profile};

/// Everything a profile produces for one input, under the current kernel.
#[derive(Debug, PartialEq)]
pub struct Outputs {
    pub encode: String,
    pub try_encode: Result<String, pctenc::EncodeError>,
    pub encode_into: Vec<u8>,
    pub decode: Result<Vec<u8>, pctenc::DecodeError>,
    pub decode_strict: Result<Vec<u8>, pctenc::DecodeError>,
    pub decode_lenient: Result<Vec<u8>, pctenc::DecodeError>,
    pub decode_into: Result<Vec<u8>, pctenc::DecodeSliceError>,
    /// `decode_append` after bytes already there, lenient and as the profile says: short
    /// values take the kernels' one-step path there.
    pub appended: [Result<Vec<u8>, pctenc::DecodeError>; 2],
    pub streamed: Result<Vec<u8>, pctenc::DecodeError>,
}

/// What `p` produces for `input` under the current kernel; the stream decoder takes the
/// input in two pieces, cut at `split`.
pub fn run(p: &Profile, input: &[u8], split: usize) -> Outputs {
    // 9 bytes per input byte: a lossy profile writes U+FFFD (%EF%BF%BD) for one bad byte.
    let mut buf = vec![0u8; 9 * input.len()];
    let n = p.encode_into(input, &mut buf).expect("9n is enough");
    buf.truncate(n);
    let mut dec = vec![0u8; input.len() * 3 + 8];
    let decode_into = p.decode_into(input, &mut dec).map(|n| dec[..n].to_vec());
    let split = split.min(input.len());
    let mut d = Decoder::new(p);
    let mut streamed = Vec::new();
    let streamed = d
        .push(&input[..split], &mut streamed)
        .and_then(|()| d.push(&input[split..], &mut streamed))
        .and_then(|()| d.finish(&mut streamed))
        .map(|()| streamed);
    let append = |p: &Profile| {
        let mut v = b"kept".to_vec();
        p.decode_append(input, &mut v).map(|()| v)
    };
    Outputs {
        appended: [append(p), append(&p.with_malformed(Malformed::PassThrough))],
        encode: p.encode(input).into_owned(),
        try_encode: p.try_encode(input).map(|c| c.into_owned()),
        encode_into: buf,
        decode: p.decode(input).map(|c| c.into_owned()),
        decode_strict: p.with_malformed(Malformed::Reject).decode(input).map(|c| c.into_owned()),
        decode_lenient: p
            .with_malformed(Malformed::PassThrough)
            .decode(input)
            .map(|c| c.into_owned()),
        decode_into,
        streamed,
    }
}

/// Seeds: escapes valid and not, cut short, `+`, `%u`, UTF-8 and not, dense and sparse.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut s: Vec<Vec<u8>> = [
        &b""[..],
        b"%",
        b"%4",
        b"%41",
        b"%%41",
        b"%4%41",
        b"%zz",
        b"%G1%4z%",
        b"100% ",
        b"a b+c",
        b"+%2B%2b+",
        b"%20%2F%2f%25%7E%7e",
        b"%E2%82%AC%C3%A9",
        b"%E2%82",
        b"%FF%fe%80",
        b"%u00e9%uD83D%uDE00%uD83D",
        b"\xc3\xa9\xe2\x82\xac\xff\x80 \x00\x7f",
        b"\x00\x01\x1f !\"#$&'()*,/:;<=>?@[\\]^`{|}",
        b"#%23?%3F&%26=%3D",
        // Java's signed hex (`java-urlencoder`): `%+1` is U+0001, `%-0` is 0, `%-1` an error.
        b"%+1%-0%41%-1%+g%+",
    ]
    .iter()
    .map(|x| x.to_vec())
    .collect();
    // Dense runs of escapes, of lengths around one and two blocks, in both hex cases.
    for len in [10usize, 11, 21, 22, 23, 33] {
        let dense: Vec<u8> =
            (0..len).flat_map(|i| format!("%{:02X}", (i * 37 + 5) % 256).into_bytes()).collect();
        s.push(dense.to_ascii_lowercase());
        s.push(dense);
    }
    // Every byte value, raw.
    s.push((0..=255u8).collect());
    // Runs of `%` about a block long: a short step that cuts a value before a `%` finds no
    // place to cut (65 bytes of `%` alone is the tightest case).
    s.push(vec![b'%'; 65]);
    s.push([&[b'%'; 63][..], b"41"].concat());
    s
}
