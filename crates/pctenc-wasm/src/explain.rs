//! The per-character view: what each character became, and why.
//!
//! Encoding: each character of the input with its UTF-8 bytes, what the profile writes for it
//! (by calling the library's encoder on that character alone, which is exact because every
//! profile encodes character by character), and the rule that escaped it: the narrowest named
//! set of the same family that holds the character and that the profile's set includes
//! ("`#` is in the url-query set (URL Standard §1.3 …), which url-component includes"), the
//! space rule of forms, or the non-ASCII rule. Runs of characters kept as they are form one
//! item.
//!
//! Decoding: each escape, or run of escapes that makes one UTF-8 character, with the bytes
//! and the character it stands for; escapes a profile keeps as written (`decodeURI`'s `%2F`);
//! bytes that are not UTF-8 and what the profile's UTF-8 policy does with them; `+` in forms;
//! and `%` signs that start no escape. What each item decodes to comes from the library.
//!
//! Only the first [`MAX_ITEMS`] items are listed (`truncated` says when there were more), so
//! a pasted megabyte does not build a megabyte of DOM.

use pctenc::{profile::ALL, AsciiSet, Decoding, Malformed, Profile, Space, Unit, Utf8};
use serde_json::{json, Value};

/// The most items one explanation lists.
pub const MAX_ITEMS: usize = 2000;

/// Collects items, merging adjacent runs of plain text.
struct Items {
    items: Vec<Value>,
    truncated: bool,
}

impl Items {
    fn new() -> Items {
        Items { items: Vec::new(), truncated: false }
    }

    /// Adds an item; a `plain` item right after another plain one is merged into it.
    fn push(&mut self, item: Value) {
        if self.truncated {
            return;
        }
        if item["kind"] == "plain" {
            if let Some(last) = self.items.last_mut().filter(|l| l["kind"] == "plain") {
                for key in ["src", "out"] {
                    let joined = format!(
                        "{}{}",
                        last[key].as_str().unwrap_or(""),
                        item[key].as_str().unwrap_or("")
                    );
                    last[key] = json!(joined);
                }
                return;
            }
        }
        if self.items.len() == MAX_ITEMS {
            self.truncated = true;
            return;
        }
        self.items.push(item);
    }

    fn finish(self) -> Value {
        json!({"ok": true, "items": self.items, "truncated": self.truncated})
    }
}

fn hex_bytes(bytes: &[u8]) -> Vec<String> {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// How a character is named in a reason: `` `#` `` when printable, its code point otherwise.
fn shown(c: char) -> String {
    if c == ' ' {
        "space".into()
    } else if c.is_control() {
        format!("{} (control)", code_point(c))
    } else {
        format!("`{c}`")
    }
}

/// The family of a profile: the first word of its source ("URL", "RFC", "ECMA-262").
fn family(p: &Profile) -> &'static str {
    p.source().split(' ').next().unwrap_or("")
}

fn count(set: AsciiSet) -> usize {
    (0u8..0x80).filter(|&b| set.contains(b)).count()
}

/// Why `p` escapes the ASCII byte `b`.
fn ascii_reason(p: &Profile, b: u8) -> String {
    let c = shown(char::from(b));
    if b == b' ' && p.space() == Space::Plus {
        return match pctenc::by_name(p.name()) {
            Some(own) if own.space() == Space::Plus => {
                format!("space is written `+` by {} ({})", p.name(), p.source())
            }
            _ => "space is written `+`: the form rule, chosen as an option".into(),
        };
    }
    let set = p.set();
    let origin = ALL
        .iter()
        .filter(|q| family(q) == family(p) && q.set().contains(b) && q.set().union(set) == set)
        .min_by_key(|q| count(q.set()));
    match origin {
        Some(q) if q.name() != p.name() => {
            format!("{c} is in the {} set ({}), which {} includes", q.name(), q.source(), p.name())
        }
        _ => format!("{c} is in the {} set ({})", p.name(), p.source()),
    }
}

/// Why `p` escapes the non-ASCII character `c`.
fn non_ascii_reason(p: &Profile, c: char) -> String {
    let cp = code_point(c);
    match p.unit() {
        Unit::Utf16 | Unit::Latin1 if (c as u32) < 0x100 => format!(
            "{cp} is not ASCII: {} writes `%XX` of its Latin-1 value ({})",
            p.name(),
            p.source()
        ),
        Unit::Utf16 => format!(
            "{cp} is above U+00FF: {} writes `%uXXXX` per UTF-16 code unit ({})",
            p.name(),
            p.source()
        ),
        Unit::Latin1 => format!(
            "{cp} is above U+00FF, outside Latin-1: {} escapes its UTF-8 bytes ({})",
            p.name(),
            p.source()
        ),
        _ => format!("{cp} is not ASCII: every profile escapes each byte of its UTF-8 encoding"),
    }
}

/// The per-character view of encoding `input` with `p`.
pub fn encode(p: &Profile, input: &[u8]) -> Value {
    let mut items = Items::new();
    let mut at = 0;
    let mut buf = [0u8; 4];
    for chunk in input.utf8_chunks() {
        if items.truncated {
            break; // the work stays bounded by MAX_ITEMS, whatever the input's size
        }
        for (i, c) in chunk.valid().char_indices() {
            if items.truncated {
                break;
            }
            let src = c.encode_utf8(&mut buf);
            let out = p.encode(src.as_bytes());
            let escaped = out != *src;
            let reason = match (escaped, u8::try_from(c as u32)) {
                (false, _) => format!("not escaped by {}", p.name()),
                (true, Ok(b)) if b < 0x80 => ascii_reason(p, b),
                (true, _) => non_ascii_reason(p, c),
            };
            let kind = if escaped { "escaped" } else { "plain" };
            items.push(json!({
                "kind": kind, "at": at + i, "src": src, "out": out,
                "bytes": hex_bytes(src.as_bytes()), "cp": code_point(c), "reason": reason,
            }));
        }
        at += chunk.valid().len();
        let bad = chunk.invalid();
        if !bad.is_empty() {
            let what = match p.input_utf8() {
                Utf8::Lossy => "read as U+FFFD, as a browser string would hold it",
                Utf8::Strict => "an error for this profile's encoder (it encodes text)",
                Utf8::Bytes => "each byte escaped as it is",
                // The decode-only policies read encoder input lossily.
                _ => "read as U+FFFD",
            };
            items.push(json!({
                "kind": "invalid", "at": at, "src": "\u{FFFD}", "out": p.encode(bad),
                "bytes": hex_bytes(bad), "cp": null,
                "reason": format!("not UTF-8: {what}"),
            }));
            at += bad.len();
        }
    }
    items.finish()
}

/// Whether `input[i..]` starts with `%` and two hex digits.
fn is_escape(input: &[u8], i: usize) -> bool {
    matches!(input.get(i..i + 3), Some([b'%', h, l]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit())
}

/// Whether `input[i..]` is `%`, a sign and one hex digit (`%+1`), which Java reads as a number.
fn signed_escape(input: &[u8], i: usize) -> bool {
    matches!(input.get(i..i + 3), Some([b'%', b'+' | b'-', l]) if l.is_ascii_hexdigit())
}

/// The UTF-16 code unit of a `%uXXXX` escape at `input[i..]`.
fn u_escape(input: &[u8], i: usize) -> Option<u16> {
    let s = input.get(i..i + 6)?;
    if &s[..2] != b"%u" || !s[2..].iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u16::from_str_radix(core::str::from_utf8(&s[2..]).ok()?, 16).ok()
}

/// What `p` writes for one item's source, by the library (errors shown as the item's note).
fn decoded(p: &Profile, src: &[u8]) -> String {
    match p.with_malformed(Malformed::PassThrough).decode_str(src) {
        Ok(s) => s.into_owned(),
        Err(e) => format!("error: {}", e.code()),
    }
}

/// The per-character view of decoding `input` with `p`.
pub fn decode(p: &Profile, input: &[u8]) -> Value {
    let d = p.decoding();
    let mut items = Items::new();
    let mut i = 0;
    while i < input.len() && !items.truncated {
        let reads_u = matches!(p.unit(), Unit::Utf16 | Unit::ByteOrU16);
        if reads_u && input.get(i + 1) == Some(&b'u') {
            if let Some(unit) = u_escape(input, i) {
                let pair = (0xD800..0xDC00).contains(&unit)
                    && u_escape(input, i + 6).is_some_and(|lo| (0xDC00..0xE000).contains(&lo));
                let end = if pair { i + 12 } else { i + 6 };
                utf16_item(p, &mut items, input, i, end);
                i = end;
                continue;
            }
        }
        if is_escape(input, i) {
            if p.unit() == Unit::Utf16 {
                utf16_item(p, &mut items, input, i, i + 3);
                i += 3;
                continue;
            }
            let mut end = i;
            while is_escape(input, end) {
                end += 3;
            }
            escape_run(p, &mut items, input, i, end);
            i = end;
        } else if signed_escape(input, i) && d.malformed == Malformed::RejectSigned {
            let src = &input[i..i + 3];
            let why = format!(
                "`{}` is read as a signed number by {} ({}): Integer.parseInt accepts a sign",
                String::from_utf8_lossy(src),
                p.name(),
                p.source()
            );
            // Decoded by the profile itself: lenient decoding would not read the sign.
            let out = match p.decode_str(src) {
                Ok(s) => s.into_owned(),
                Err(e) => format!("error: {}", e.code()),
            };
            items.push(json!({"kind": "escape", "at": i, "src": String::from_utf8_lossy(src), "out": out,
                "bytes": hex_bytes(out.as_bytes()), "cp": out.chars().next().map(code_point), "reason": why}));
            i += 3;
        } else if input[i] == b'%' {
            let note = if d.malformed != Malformed::PassThrough {
                "`%` is not followed by two hex digits: an error when decoding strictly"
            } else {
                "`%` is not followed by two hex digits: kept as a literal `%` (lenient)"
            };
            items.push(
                json!({"kind": "malformed", "at": i, "src": "%", "out": "%", "reason": note}),
            );
            i += 1;
        } else if input[i] == b'+' && d.plus_as_space {
            let why = match pctenc::by_name(p.name()) {
                Some(own) if own.decoding().plus_as_space => {
                    format!("`+` is a space in {} ({})", p.name(), p.source())
                }
                _ => "`+` is a space: the form rule, chosen as an option".into(),
            };
            items.push(json!({"kind": "plus", "at": i, "src": "+", "out": " ", "bytes": ["20"], "cp": "U+0020", "reason": why}));
            i += 1;
        } else {
            let end = input[i..]
                .iter()
                .position(|&b| b == b'%' || (b == b'+' && d.plus_as_space))
                .map_or(input.len(), |n| i + n);
            let text = String::from_utf8_lossy(&input[i..end]);
            items.push(
                json!({"kind": "plain", "at": i, "src": text, "out": decoded(p, &input[i..end])}),
            );
            i = end;
        }
    }
    items.finish()
}

/// A run of `%XX` escapes (byte unit), split into the UTF-8 characters its bytes form.
fn escape_run(p: &Profile, items: &mut Items, input: &[u8], start: usize, end: usize) {
    const RAW: Profile = Profile::new(AsciiSet::EMPTY).with_decoding(Decoding::LENIENT);
    let bytes = RAW.decode(&input[start..end]).map(|b| b.into_owned()).unwrap_or_default();
    let d = p.decoding();
    let mut k = 0; // index into bytes == index of the escape in the run
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            let n = c.len_utf8();
            let at = start + 3 * k;
            let src = &input[at..at + 3 * n];
            let out = decoded(p, src);
            let kept = out.as_bytes() == src;
            let reason = if kept {
                format!(
                    "kept as written: {} does not decode escapes of {} ({})",
                    p.name(),
                    shown(c),
                    p.source()
                )
            } else if n == 1 {
                format!("byte {:02X} is {} {}", bytes[k], code_point(c), shown(c))
            } else {
                format!(
                    "bytes {} are the UTF-8 encoding of {} {}",
                    hex_bytes(&bytes[k..k + n]).join(" "),
                    code_point(c),
                    shown(c)
                )
            };
            items.push(json!({
                "kind": if kept { "kept" } else { "escape" }, "at": at,
                "src": String::from_utf8_lossy(src), "out": out,
                "bytes": hex_bytes(&bytes[k..k + n]), "cp": code_point(c), "char": c.to_string(),
                "reason": reason,
            }));
            k += n;
        }
        let bad = chunk.invalid();
        if !bad.is_empty() {
            let at = start + 3 * k;
            let src = &input[at..at + 3 * bad.len()];
            let what = match d.utf8 {
                Utf8::Strict => format!("an error for {} (its decoder yields text)", p.name()),
                Utf8::Lossy => "replaced by U+FFFD".into(),
                Utf8::Bytes => "kept as raw bytes (the output is bytes, not text)".into(),
                Utf8::LossyJava => "replaced by U+FFFD (one per encoded surrogate, as Java)".into(),
                Utf8::KeepEscaped | Utf8::Iri => "kept escaped, as written".into(),
            };
            items.push(json!({
                "kind": "invalid", "at": at, "src": String::from_utf8_lossy(src), "out": decoded(p, src),
                "bytes": hex_bytes(bad), "cp": null,
                "reason": format!("not UTF-8: {what}"),
            }));
            k += bad.len();
        }
    }
}

/// One escape of `js-escape` (`%XX` = U+00XX, `%uXXXX` = a UTF-16 code unit, or a pair).
fn utf16_item(p: &Profile, items: &mut Items, input: &[u8], start: usize, end: usize) {
    let src = &input[start..end];
    let out =
        p.with_output_utf8(Utf8::Lossy).decode_str(src).map(|s| s.into_owned()).unwrap_or_default();
    let c = out.chars().next().unwrap_or('\u{FFFD}');
    let reason = if src.len() == 3 {
        format!("`%XX` is the code point U+00XX in {} ({})", p.name(), p.source())
    } else if c == '\u{FFFD}' && !src.ends_with(b"FFFD") && !src.ends_with(b"fffd") {
        format!("a lone surrogate: {} writes it as U+FFFD", p.name())
    } else {
        format!("UTF-16 code unit(s) of {} {}", code_point(c), shown(c))
    };
    items.push(json!({
        "kind": "escape", "at": start, "src": String::from_utf8_lossy(src), "out": out,
        "bytes": hex_bytes(out.as_bytes()), "cp": code_point(c), "char": c.to_string(), "reason": reason,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use pctenc::profile::{js, whatwg};

    #[test]
    fn encode_names_the_rule_and_its_origin() {
        let v = encode(whatwg::QUERY, b"a#b");
        assert_eq!(
            v["items"][1]["reason"],
            "`#` is in the url-query set (URL Standard §1.3 query percent-encode set)"
        );
        let v = encode(whatwg::COMPONENT, b"#\t");
        let r = v["items"][0]["reason"].as_str().unwrap();
        assert!(
            r.starts_with("`#` is in the url-query set")
                && r.ends_with("which url-component includes"),
            "{r}"
        );
        assert!(v["items"][1]["reason"].as_str().unwrap().contains("url-c0 set"));
        let v = encode(whatwg::FORM, " ".as_bytes());
        assert_eq!(v["items"][0]["out"], "+");
        assert!(v["items"][0]["reason"].as_str().unwrap().contains("by form (URL Standard §5"));
        let plus = whatwg::QUERY.with_space(Space::Plus);
        assert_eq!(
            encode(&plus, b" ")["items"][0]["reason"],
            "space is written `+`: the form rule, chosen as an option"
        );
    }

    #[test]
    fn encode_merges_plain_runs_and_shows_bytes() {
        let v = encode(whatwg::QUERY, "ab€".as_bytes());
        assert_eq!(v["items"][0]["src"], "ab");
        assert_eq!(v["items"][1]["bytes"], json!(["E2", "82", "AC"]));
        assert_eq!(v["items"][1]["out"], "%E2%82%AC");
    }

    #[test]
    fn decode_groups_escapes_into_characters() {
        let v = decode(whatwg::FORM, b"%E2%82%AC+%zz%FF");
        let it = &v["items"];
        assert_eq!((it[0]["char"].as_str(), it[0]["src"].as_str()), (Some("€"), Some("%E2%82%AC")));
        assert_eq!(it[1]["kind"], "plus");
        assert_eq!(it[2]["kind"], "malformed");
        assert_eq!(it[3]["kind"], "plain");
        assert_eq!(it[4]["kind"], "invalid");
        assert_eq!(it[4]["out"], "\u{FFFD}");
    }

    #[test]
    fn decode_shows_kept_escapes_and_utf16_units() {
        let v = decode(js::URI, b"%2F%20");
        assert_eq!(v["items"][0]["kind"], "kept");
        assert_eq!(v["items"][1]["out"], " ");
        let v = decode(js::ESCAPE, b"%uD83D%uDE00%E9");
        assert_eq!(v["items"][0]["char"], "😀");
        assert_eq!(v["items"][1]["char"], "é");
    }

    #[test]
    fn every_unit_and_signed_escapes_have_their_own_reason() {
        let perl = pctenc::by_name("perl-uri-escape-decoded").unwrap();
        let v = encode(perl, "é€".as_bytes());
        assert_eq!(v["items"][0]["out"], "%E9");
        assert!(v["items"][0]["reason"].as_str().unwrap().contains("Latin-1 value"));
        assert!(v["items"][1]["reason"].as_str().unwrap().contains("outside Latin-1"));
        let dotnet = pctenc::by_name("dotnet-httputility").unwrap();
        let v = decode(dotnet, b"%u20AC%C3%A9");
        assert_eq!(
            (v["items"][0]["char"].as_str(), v["items"][0]["src"].as_str()),
            (Some("€"), Some("%u20AC"))
        );
        assert_eq!(v["items"][1]["char"], "é");
        let java = pctenc::by_name("java-urlencoder").unwrap();
        let v = decode(java, b"%+1%-1");
        assert_eq!(
            (v["items"][0]["kind"].as_str(), v["items"][0]["out"].as_str()),
            (Some("escape"), Some("\u{1}"))
        );
        assert_eq!(v["items"][1]["kind"], "escape");
        assert!(v["items"][1]["out"].as_str().unwrap().starts_with("error"), "{v}");
    }

    #[test]
    fn long_input_is_truncated() {
        let v = encode(whatwg::QUERY, " a".repeat(MAX_ITEMS).as_bytes());
        assert_eq!(v["truncated"], true);
        assert_eq!(v["items"].as_array().unwrap().len(), MAX_ITEMS);
    }
}
