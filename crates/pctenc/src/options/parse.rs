//! Options from text: one `(key, value)` pair at a time ([`Options::set`]), many
//! ([`Options::from_pairs`]), or the compact text form ([`Options::parse`]); and back to the
//! compact text form (`Display`). Every error names the option and, for a misspelt word,
//! the words it was probably meant to be.

use alloc::vec::Vec;
use core::fmt;

use super::error::{OptionError, OptionErrorKind};
use super::resolve::SegmentPreset;
use super::suggest::close;
use super::words::{self, find_word, option_by_key, same_key, Key, OptionInfo};
use super::{Charset, Op, Options};
use crate::batch::OnError;
use crate::lint::{Context, Severity};
use crate::profile::{HexCase, Malformed, Utf8};
use crate::query::Input;

/// The key a front end's `lower` flag uses, shown as given in errors.
const LOWER: &str = words::LOWER_ALIAS;

impl Options {
    /// Parses the compact text form: `key=value` pairs separated by commas (see the
    /// [module docs](super)); the empty string gives every default.
    ///
    /// ```
    /// use pctenc::options::{Op, Options};
    /// let o = Options::parse(Op::Encode, " Profile = FORM ,lower=true").unwrap();
    /// assert_eq!(o.to_string(), "profile=form, hex=lower");
    /// assert_eq!(Options::parse(Op::Encode, "").unwrap(), Options::new(Op::Encode));
    /// assert_eq!(Options::parse(Op::Encode, "lower").unwrap_err().code(), "bad-options-syntax");
    /// ```
    ///
    /// # Errors
    /// [`OptionError`] for the first piece that is not `key=value`, an unknown key or value,
    /// an option the operation does not take, an option given twice, or two that conflict.
    pub fn parse(op: Op, text: &str) -> Result<Options, OptionError> {
        let mut o = Options::new(op);
        o.set_text(text)?;
        o.validate()?;
        Ok(o)
    }

    /// Sets every `key=value` pair of a compact text form, as [`Options::set`] does: how a
    /// front end adds a user's text (the CLI's `--options`) to the options its own flags
    /// set. Conflicts are [`Options::validate`]'s.
    ///
    /// # Errors
    /// As [`Options::parse`], but for conflicts.
    pub fn set_text(&mut self, text: &str) -> Result<(), OptionError> {
        for (key, value) in Options::text_pairs(self.op, text)? {
            self.set(key, value)?;
        }
        Ok(())
    }

    /// The `key=value` pairs of a compact text form, trimmed and in order, not yet read as
    /// options: how a front end that hands a user's options text on (an engine adapter
    /// passing SQL's options argument to a batch call) splits it exactly as
    /// [`Options::set_text`] does.
    ///
    /// ```
    /// use pctenc::options::{Op, Options};
    /// let pairs = Options::text_pairs(Op::Decode, " profile = form ,utf8=lossy").unwrap();
    /// assert_eq!(pairs, [("profile", "form"), ("utf8", "lossy")]);
    /// assert!(Options::text_pairs(Op::Decode, " ").unwrap().is_empty());
    /// let e = Options::text_pairs(Op::Decode, "profile=form,,utf8=lossy").unwrap_err();
    /// assert_eq!(e.code(), "bad-options-syntax");
    /// ```
    ///
    /// # Errors
    /// [`OptionError`] (`bad-options-syntax`) for the first piece that is not `key=value`.
    pub fn text_pairs(op: Op, text: &str) -> Result<Vec<(&str, &str)>, OptionError> {
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        text.split(',')
            .map(|piece| match piece.split_once('=') {
                Some((key, value)) => Ok((key.trim(), value.trim())),
                None => {
                    let kind = OptionErrorKind::Syntax { piece: piece.trim().into() };
                    Err(OptionError::new(op, "", kind, Vec::new(), None))
                }
            })
            .collect()
    }

    /// Options from `(key, value)` pairs: keyword arguments, an options object, flags.
    ///
    /// ```
    /// use pctenc::options::{Op, Options};
    /// let o = Options::from_pairs(Op::Decode, [("profile", "js-component"), ("malformed", "lenient")]).unwrap();
    /// assert_eq!(o.to_string(), "profile=js-component, malformed=lenient");
    /// ```
    ///
    /// # Errors
    /// As [`Options::parse`].
    pub fn from_pairs<'a>(
        op: Op,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Options, OptionError> {
        let mut o = Options::new(op);
        for (key, value) in pairs {
            o.set(key, value)?;
        }
        o.validate()?;
        Ok(o)
    }

    /// Sets the option `key` to `value`, both as text. Conflicts between options are
    /// checked by [`Options::validate`] (which [`Options::parse`], [`Options::from_pairs`]
    /// and [`Options::run`] call), since they depend on all of them.
    ///
    /// ```
    /// use pctenc::options::{Op, Options};
    /// let mut o = Options::new(Op::Decode);
    /// o.set("onError", "null").unwrap();
    /// let e = o.set("on-error", "keep").unwrap_err();
    /// assert_eq!(e.to_string(), "option on_error is given twice");
    /// let e = o.set("utf-9", "lossy").unwrap_err();
    /// assert_eq!(e.close_names(), ["utf8"]);
    /// ```
    ///
    /// # Errors
    /// [`OptionError`] naming the option: unknown key, unknown value (with the close
    /// words), an option this operation does not take, or one already given.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let op = self.op;
        let Some(info) = option_by_key(key) else {
            let keys = words::OPTIONS.iter().map(|o| o.name).chain([LOWER]);
            let kind = OptionErrorKind::UnknownOption;
            return Err(OptionError::new(op, key, kind, close(key, keys), None));
        };
        let shown = if same_key(key, LOWER) { LOWER } else { info.name };
        if !info.applies_to(op) {
            return Err(OptionError::new(
                op,
                shown,
                OptionErrorKind::NotApplicable,
                Vec::new(),
                None,
            ));
        }
        if self.is_set(info.key) {
            return Err(OptionError::new(op, info.name, OptionErrorKind::Twice, Vec::new(), None));
        }
        let bad = |close: Vec<&'static str>| {
            let kind = OptionErrorKind::BadValue { value: value.into() };
            OptionError::new(op, shown, kind, close, Some(info))
        };
        let word = || {
            find_word(info.words(), value).map(|w| w.name).ok_or_else(|| {
                bad(close(
                    value,
                    info.words()
                        .iter()
                        .flat_map(|w| core::iter::once(w.name).chain(w.aliases.iter().copied())),
                ))
            })
        };
        let boolean = || match value {
            v if v.eq_ignore_ascii_case("true") => Ok(true),
            v if v.eq_ignore_ascii_case("false") => Ok(false),
            _ => Err(bad(close(value, ["true", "false"]))),
        };
        let count = || value.parse::<usize>().map_err(|_| bad(Vec::new()));
        match info.key {
            Key::Profile => {
                let p = crate::profile::by_name(value).ok_or_else(|| {
                    bad(close(value, crate::profile::names::names().map(|(n, _)| n)))
                })?;
                self.profile = Some(p);
            }
            Key::Hex if shown == LOWER => {
                self.hex = Some(if boolean()? { HexCase::Lower } else { HexCase::Upper });
            }
            Key::Hex => {
                self.hex = Some(if word()? == "lower" { HexCase::Lower } else { HexCase::Upper });
            }
            Key::Malformed => {
                let strict = word()? == "strict";
                self.malformed =
                    Some(if strict { Malformed::Reject } else { Malformed::PassThrough });
            }
            Key::Utf8 => {
                self.utf8 = Some(match word()? {
                    "strict" => Utf8::Strict,
                    "lossy" => Utf8::Lossy,
                    _ => Utf8::Bytes,
                });
            }
            Key::Plus => self.plus = Some(boolean()?),
            Key::Charset => {
                self.charset = Some(charset(value).ok_or_else(|| bad(close_labels(value)))?)
            }
            Key::Unmappable => self.unmappable_error = Some(word()? == "error"),
            Key::Context => self.context = Context::by_name(word()?),
            Key::Input => self.input = Input::by_name(word()?),
            Key::MaxLen => self.max_len = Some(count()?),
            Key::MaxParams => self.max_params = Some(count()?),
            Key::Policy => self.policy = SegmentPreset::by_name(word()?),
            Key::OnError => self.on_error = OnError::by_name(word()?),
            Key::FailOn => self.fail_on = Severity::by_name(word()?),
        }
        Ok(())
    }

    /// Checks what only the whole set of options can say: every option given applies to
    /// the operation (the typed builder does not check it as it goes), and no two conflict.
    ///
    /// ```
    /// use pctenc::options::{Charset, Op, Options};
    /// use pctenc::Utf8;
    /// let o = Options::new(Op::Decode).with_utf8(Utf8::Bytes).with_charset(Charset::Auto);
    /// assert_eq!(o.validate().unwrap_err().code(), "option-conflict");
    /// ```
    ///
    /// # Errors
    /// [`OptionError`] naming the first option that does not fit.
    pub fn validate(&self) -> Result<(), OptionError> {
        let op = self.op;
        for info in words::OPTIONS {
            if self.is_set(info.key) && !info.applies_to(op) {
                let kind = OptionErrorKind::NotApplicable;
                return Err(OptionError::new(op, info.name, kind, Vec::new(), None));
            }
        }
        let conflict = |option: &str, with: &'static str, why: &'static str| {
            Err(OptionError::new(
                op,
                option,
                OptionErrorKind::Conflict { with, why },
                Vec::new(),
                None,
            ))
        };
        if self.charset == Some(Charset::Auto) && op != Op::Decode && op != Op::TryDecode {
            return conflict(
                "charset",
                op.name(),
                "auto detects the charset of decoded bytes; name the charset",
            );
        }
        if self.charset.is_some() && self.utf8 == Some(Utf8::Bytes) {
            return conflict(
                "utf8",
                "charset",
                "a charset is decoded to text; utf8=bytes does not apply",
            );
        }
        if self.reads_query() && self.utf8 == Some(Utf8::Bytes) {
            return conflict(
                "utf8",
                op.name(),
                "names and values are text: utf8 takes strict or lossy here",
            );
        }
        if op == Op::QueryBuild {
            if let Err(e) = crate::query::Builder::new(&self.profile()) {
                let why = kept_structure(e.byte);
                return conflict("profile", self.base_profile().name(), why);
            }
        }
        if self.unmappable_error.is_some() && self.charset.is_none() {
            return conflict(
                "unmappable",
                "no charset",
                "it says what a character the charset lacks becomes",
            );
        }
        if self.ext_value() {
            for key in [Key::Charset, Key::Malformed, Key::Utf8, Key::Plus] {
                if self.is_set(key) {
                    return conflict(words::info(key).name, "profile rfc8187",
                        "rfc8187 reads and writes whole ext-values (charset'language'value), in their own charset and rules");
                }
            }
        }
        Ok(())
    }
}

/// `auto`, or a WHATWG encoding label.
fn charset(value: &str) -> Option<Charset> {
    if value.trim().eq_ignore_ascii_case("auto") {
        return Some(Charset::Auto);
    }
    #[cfg(feature = "charsets")]
    {
        crate::charset::for_label(value).map(Charset::Encoding)
    }
    #[cfg(not(feature = "charsets"))]
    {
        None
    }
}

/// The encodings' names that look like `value`.
fn close_labels(value: &str) -> Vec<&'static str> {
    #[cfg(feature = "charsets")]
    {
        use crate::charset::encoding_rs as e;
        let all = [
            e::UTF_8,
            e::IBM866,
            e::ISO_8859_2,
            e::ISO_8859_3,
            e::ISO_8859_4,
            e::ISO_8859_5,
            e::ISO_8859_6,
            e::ISO_8859_7,
            e::ISO_8859_8,
            e::ISO_8859_8_I,
            e::ISO_8859_10,
            e::ISO_8859_13,
            e::ISO_8859_14,
            e::ISO_8859_15,
            e::ISO_8859_16,
            e::KOI8_R,
            e::KOI8_U,
            e::MACINTOSH,
            e::WINDOWS_874,
            e::WINDOWS_1250,
            e::WINDOWS_1251,
            e::WINDOWS_1252,
            e::WINDOWS_1253,
            e::WINDOWS_1254,
            e::WINDOWS_1255,
            e::WINDOWS_1256,
            e::WINDOWS_1257,
            e::WINDOWS_1258,
            e::X_MAC_CYRILLIC,
            e::GBK,
            e::GB18030,
            e::BIG5,
            e::EUC_JP,
            e::ISO_2022_JP,
            e::SHIFT_JIS,
            e::EUC_KR,
            e::UTF_16BE,
            e::UTF_16LE,
        ];
        close(value, all.iter().map(|enc| enc.name()))
    }
    #[cfg(not(feature = "charsets"))]
    {
        let _ = value;
        Vec::new()
    }
}

/// Why a profile that keeps `byte` (one of the bytes a query is built of) cannot build a
/// query. No named profile keeps `=` or `#` but escapes `%` and `&` (the bytes checked
/// first); `=` and `#` have their words for a profile that would.
fn kept_structure(byte: u8) -> &'static str {
    match byte {
        b'%' => "it keeps '%', so a query built with it would not read back as its pairs",
        b'&' => "it keeps '&', so a query built with it would not read back as its pairs",
        b'=' => "it keeps '=', so a query built with it would not read back as its pairs",
        b'#' => "it keeps '#', so a query built with it would not read back as its pairs",
        _ => "it keeps '+', so a query built with it would not read back as its pairs",
    }
}

/// The option's value as the compact text form writes it.
fn write_value(o: &Options, info: &OptionInfo, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let word = |f: &mut fmt::Formatter<'_>, i: usize| f.write_str(info.words()[i].name);
    match info.key {
        Key::Profile => f.write_str(o.profile.map_or("", |p| p.name())),
        Key::Hex => word(f, usize::from(o.hex == Some(HexCase::Lower))),
        Key::Malformed => word(f, usize::from(o.malformed != Some(Malformed::Reject))),
        Key::Utf8 => word(
            f,
            match o.utf8 {
                Some(Utf8::Strict) => 0,
                Some(Utf8::Lossy) => 1,
                _ => 2,
            },
        ),
        Key::Plus => write!(f, "{}", o.plus == Some(true)),
        Key::Charset => match o.charset {
            Some(Charset::Auto) | None => f.write_str("auto"),
            #[cfg(feature = "charsets")]
            Some(Charset::Encoding(e)) => f.write_str(e.name()),
        },
        Key::Unmappable => word(f, usize::from(o.unmappable_error == Some(true))),
        Key::Context => f.write_str(o.context.map_or("", |c| c.as_str())),
        Key::Input => f.write_str(o.input.map_or("", |i| i.name())),
        Key::MaxLen => write!(f, "{}", o.max_len.unwrap_or(0)),
        Key::MaxParams => write!(f, "{}", o.max_params.unwrap_or(0)),
        Key::Policy => f.write_str(o.policy.map_or("", |p| p.name())),
        Key::OnError => {
            let i = words::ON_ERROR.iter().position(|w| OnError::by_name(w.name) == o.on_error);
            word(f, i.unwrap_or(0))
        }
        Key::FailOn => f.write_str(o.fail_on.map_or("", |s| s.as_str())),
    }
}

/// The compact text form, canonical: the options given, in [`words::OPTIONS`] order.
impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for info in words::OPTIONS {
            if !self.is_set(info.key) {
                continue;
            }
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{}=", info.name)?;
            write_value(self, info, f)?;
        }
        Ok(())
    }
}

#[cfg(all(test, feature = "std", feature = "charsets"))]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn text_form_round_trips() {
        for text in [
            "profile=form, hex=lower, utf8=lossy, plus=false, on_error=keep",
            "charset=Shift_JIS, unmappable=error",
        ] {
            let o = Options::parse(Op::Encode, text).unwrap();
            assert_eq!(o.to_string(), text);
            assert_eq!(Options::parse(Op::Encode, &o.to_string()).unwrap(), o);
        }
        let o = Options::parse(Op::Check, "context=PATH, max-len=10, maxParams=3, failOn=crit")
            .unwrap();
        assert_eq!(o.to_string(), "context=path, max_len=10, max_params=3, fail_on=critical");
        let o = Options::parse(Op::Decode, "profile=encodeURIComponent,utf8=replace").unwrap();
        assert_eq!(o.to_string(), "profile=js-component, utf8=lossy");
    }

    /// Each word of each option, set alone for each operation that takes it, is written
    /// back as itself (the words are the canonical ones) and reads back as the same options
    /// (`set_text`: conflicts, such as `unmappable` without a charset, are `validate`'s).
    #[test]
    fn every_word_round_trips_alone() {
        let mut seen = 0;
        for op in Op::ALL {
            for info in op.options() {
                for word in info.words() {
                    let text = alloc::format!("{}={}", info.name, word.name);
                    let mut o = Options::new(*op);
                    o.set_text(&text).unwrap();
                    assert_eq!(o.to_string(), text, "{op}");
                    let mut again = Options::new(*op);
                    again.set_text(&o.to_string()).unwrap();
                    assert_eq!(again, o, "{op} {text}");
                    seen += 1;
                }
            }
        }
        assert!(seen > 50, "{seen}");
    }

    /// Each byte a query is built of has its own reason, naming it.
    #[test]
    fn each_kept_structure_byte_is_named() {
        for byte in *b"%&=#+" {
            let quoted = alloc::format!("'{}'", byte as char);
            assert!(kept_structure(byte).contains(&quoted), "{quoted}");
        }
    }

    #[test]
    fn every_misspelt_word_is_named_with_its_close_words() {
        let e = |op, text| Options::parse(op, text).unwrap_err();
        let u = e(Op::Decode, "utf-9=lossy");
        assert_eq!((u.code(), u.option()), ("unknown-option", "utf-9"));
        assert_eq!(u.to_string(), "unknown option 'utf-9'; did you mean utf8? (decode takes profile, malformed, utf8, plus, charset, on_error)");
        let m = e(Op::Decode, "malformed=strcit");
        assert_eq!(
            (m.code(), m.option(), m.close_names()),
            ("bad-option-value", "malformed", &["strict"][..])
        );
        let p = e(Op::Decode, "profile=rfc396");
        assert_eq!(
            p.to_string(),
            crate::profile::suggest::UnknownProfile::new("rfc396").to_string()
        );
        let c = e(Op::Check, "context=pth");
        assert_eq!(c.to_string(), "unknown context 'pth'; did you mean path? (context takes segment|path|query|form|fragment|userinfo|host|url)");
        let l = e(Op::Encode, "lower=yes");
        assert_eq!(l.to_string(), "unknown lower 'yes' (lower takes true|false)");
        let b = e(Op::Encode, "plus=yes");
        assert_eq!(b.to_string(), "unknown plus 'yes' (plus takes true|false)");
        let l = e(Op::Decode, "lower=true");
        assert_eq!(l.to_string(), "decode has no option lower (decode takes profile, malformed, utf8, plus, charset, on_error)");
        let cs = e(Op::Decode, "charset=shift-jiss");
        assert_eq!(
            (cs.option(), cs.close_names().first().copied()),
            ("charset", Some("Shift_JIS"))
        );
        assert_eq!(e(Op::Check, "max_len=-1").code(), "bad-option-value");
        assert_eq!(e(Op::TryDecode, "on_error=keep").code(), "option-not-applicable");
    }

    #[test]
    fn conflicts_name_both_options() {
        let e = Options::parse(Op::Encode, "charset=auto").unwrap_err();
        assert_eq!(
            e.to_string(),
            "charset with encode: auto detects the charset of decoded bytes; name the charset"
        );
        let e = Options::parse(Op::Decode, "charset=gbk, utf8=bytes").unwrap_err();
        assert_eq!((e.code(), e.option()), ("option-conflict", "utf8"));
        let e = Options::parse(Op::Decode, "profile=rfc8187, plus=true").unwrap_err();
        assert!(e.to_string().starts_with("plus with profile rfc8187"), "{e}");
        assert!(Options::parse(Op::Encode, "unmappable=error").is_err());
        assert!(Options::parse(Op::Encode, "hex=lower, lower=true").is_err());
        assert!(Options::new(Op::Encode).with_malformed(Malformed::Reject).validate().is_err());
    }
}
