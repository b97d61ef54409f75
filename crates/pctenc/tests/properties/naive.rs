//! The naive oracle: percent-encoding and -decoding written straight from the definitions
//! (RFC 3986 §2.1, URL Standard §1.3 "percent-decode"), one byte at a time, with no tables,
//! no `memchr` and no blocks: short enough to be checked by reading.

/// Output bytes with the input offset of what wrote each, or an error `(kind, offset)`.
pub type Decoded = Result<Vec<(u8, usize)>, (&'static str, usize)>;

/// Encodes: a byte in the set (or >= 0x80) as `%XX`, space as `+` if asked, others as is.
pub fn encode(input: &[u8], escaped: impl Fn(u8) -> bool, plus: bool, upper: bool) -> String {
    let mut out = String::new();
    for &b in input {
        match b {
            b' ' if plus && escaped(b) => out.push('+'),
            _ if escaped(b) && upper => out.push_str(&format!("%{b:02X}")),
            _ if escaped(b) => out.push_str(&format!("%{b:02x}")),
            _ => out.push(char::from(b)),
        }
    }
    out
}

/// Decodes to bytes, each with the input offset of what wrote it. `%` HEXDIG HEXDIG is that
/// byte, unless `keep(byte)`: then the escape stays as written. Any other `%` is literal
/// (lenient) or an error (strict): `truncated-escape` if the input ends while all that follows
/// the `%` is hex, else `invalid-escape`. [`decode_kept_triplets`] is ClickHouse's lenient
/// rule instead.
pub fn decode(input: &[u8], strict: bool, plus: bool, keep: impl Fn(u8) -> bool) -> Decoded {
    decode_as(input, strict, false, plus, keep)
}

/// As [`decode`] leniently, except that a `%` that does not start an escape is written with
/// the two bytes after it (or what is left), none of them read again.
pub fn decode_kept_triplets(input: &[u8], plus: bool, keep: impl Fn(u8) -> bool) -> Decoded {
    decode_as(input, false, true, plus, keep)
}

fn decode_as(
    input: &[u8],
    strict: bool,
    triplets: bool,
    plus: bool,
    keep: impl Fn(u8) -> bool,
) -> Decoded {
    let hex = |j: usize| input.get(j).and_then(|&c| char::from(c).to_digit(16));
    let (mut out, mut i) = (Vec::new(), 0);
    while i < input.len() {
        let b = input[i];
        if b == b'%' {
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                let v = (h * 16 + l) as u8;
                let written = if keep(v) { input[i..i + 3].to_vec() } else { vec![v] };
                out.extend(written.into_iter().map(|x| (x, i)));
                i += 3;
                continue;
            }
            if strict {
                let rest = &input[i + 1..];
                let truncated = rest.len() < 2 && rest.iter().all(u8::is_ascii_hexdigit);
                return Err((if truncated { "truncated-escape" } else { "invalid-escape" }, i));
            }
            if triplets {
                let end = input.len().min(i + 3);
                out.extend((i..end).map(|j| (input[j], j)));
                i = end;
                continue;
            }
        }
        out.push((if plus && b == b'+' { b' ' } else { b }, i));
        i += 1;
    }
    Ok(out)
}
