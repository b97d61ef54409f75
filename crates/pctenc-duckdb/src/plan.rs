//! What one SQL call asks for: the function, the profile and the options, resolved through
//! the core's options model ([`pctenc::options`]) into a [`Plan`] that runs on whole vectors.
//!
//! The SQL arguments map onto the options model and add nothing of their own:
//!
//! - `pct_decode(value, profile, options)`: `profile` is any profile name or alias, `options`
//!   the options model's compact text (`'on_error=null, utf8=lossy'`);
//! - `pct_decode(value, text)`: `text` is the compact text when it holds a `=`
//!   (`'profile=form, malformed=strict'`), else a profile name (`'form'`);
//! - `pct_decode(value)`: no options.
//!
//! Every word, default, alias, "did you mean" and error message is the core's. The one
//! choice of this front end is its default profile, [`DEFAULT_PROFILE`] (`duckdb`), so that
//! `pct_decode(s)` is DuckDB's `url_decode(s)` with errors that say where, as `pctenc.spark`
//! defaults to `spark`. `pct_try_decode` is the options model's `try-decode`. Decoding gives
//! text, as everywhere, also into a BLOB (`pct_decode` of a BLOB: `%FF` is `invalid-utf8`
//! unless `utf8=bytes`), except in the `_blob` decoders, whose purpose is bytes: they default
//! to `utf8=bytes`.
//!
//! When the arguments are constants (the usual case) the plan is made once per bound
//! function, at bind time, and a bad word fails the query before a row is read; when they
//! come from columns, a plan is made per run of equal arguments.

use pctenc::batch::OnError;
use pctenc::options::{Op as OptionsOp, Options};
use pctenc::{Profile, Utf8};

/// What the function does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `pct_encode`: value to text.
    Encode,
    /// `pct_decode` / `pct_try_decode`: text (or bytes) to text (or bytes).
    Decode,
    /// `pct_identity` (feature `bench-identity`): each row as it is.
    Identity,
}

/// The type of the values in and out of one overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// VARCHAR: valid UTF-8, checked by DuckDB on the way in and by us on the way out.
    Text,
    /// BLOB: any bytes.
    Bytes,
}

/// One SQL function overload: the name it answers to and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// The SQL name (`pct_decode`).
    pub name: &'static str,
    /// Encode or decode.
    pub op: Op,
    /// The input column's type.
    pub input: Kind,
    /// The result's type.
    pub output: Kind,
    /// [`OnError::Null`] for the `try` functions (the options model's `try-decode`).
    pub on_error: OnError,
    /// The `_blob` decoders: bytes out unless the options say otherwise (`utf8=bytes`).
    /// Every other function keeps the options model's default, text.
    pub raw: bool,
}

/// A resolved call: everything the vector loop needs, no strings left.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The function called.
    pub function: Function,
    /// The options, as the core resolved them.
    pub options: Options,
    /// The profile with the options' knobs applied (`Options::profile`).
    pub profile: Profile,
    /// What a bad row does.
    pub on_error: OnError,
    /// Whether rows go one by one through `Options::run` (a legacy `charset`, or `rfc8187`'s
    /// whole ext-values), which the batch API does not do.
    pub per_row: bool,
}

/// The profile when the call names none: DuckDB's own dialect, so that `pct_decode(s)` is
/// `url_decode(s)` with errors that say where.
pub const DEFAULT_PROFILE: &str = "duckdb";

/// The options of one call of the SQL function `f` (operation `op`) from its second and third
/// arguments (`None`: not given): `second` is the compact options text when it holds a `=`
/// and no third argument follows, else a profile name; `third` is the options text. The
/// profile is `default_profile` when neither names one (`None`: the core's default for `op`).
/// Not yet validated: the caller may still set options of its own.
///
/// # Errors
/// The core's message for an unknown or misapplied word, prefixed with `f`.
pub fn resolve(
    f: &str,
    op: OptionsOp,
    second: Option<&str>,
    third: Option<&str>,
    default_profile: Option<&str>,
) -> Result<Options, String> {
    let err = |e: pctenc::options::OptionError| format!("{f}: {e}");
    let (profile, text) = match (second, third) {
        (Some(s), None) if s.contains('=') => (None, s),
        (p, t) => (p, t.unwrap_or("")),
    };
    let mut options = Options::parse(op, text).map_err(err)?;
    if let Some(name) = profile {
        if options.is_set(pctenc::options::Key::Profile) {
            return Err(format!(
                "{f}: the profile is given twice, as an argument and as profile= in the options"
            ));
        }
        options.set("profile", name.trim()).map_err(err)?;
    }
    if let Some(default) =
        default_profile.filter(|_| !options.is_set(pctenc::options::Key::Profile))
    {
        options.set("profile", default).map_err(err)?;
    }
    Ok(options)
}

impl Plan {
    /// Resolves the second and third SQL arguments (`None`: not given) for `function`.
    ///
    /// # Errors
    /// The core's message for an unknown or misapplied option word (with the nearest
    /// names), prefixed with the function's name.
    pub fn new(
        function: Function,
        second: Option<&str>,
        third: Option<&str>,
    ) -> Result<Plan, String> {
        let f = function.name;
        let err = |e: pctenc::options::OptionError| format!("{f}: {e}");
        let op = match (function.op, function.on_error) {
            (Op::Decode, OnError::Null) => OptionsOp::TryDecode,
            (Op::Decode | Op::Identity, _) => OptionsOp::Decode,
            (Op::Encode, _) => OptionsOp::Encode,
        };
        let mut options = resolve(f, op, second, third, Some(DEFAULT_PROFILE))?;
        if function.raw && options.utf8().is_none() {
            // What the `_blob` decoders are for: bytes that need not be text.
            options = options.with_utf8(Utf8::Bytes);
        }
        options.validate().map_err(err)?;
        if function.output == Kind::Text && function.op == Op::Decode && !options.decodes_to_text()
        {
            return Err(format!(
                "{f}: utf8=bytes gives bytes, which a VARCHAR cannot hold: decode to a BLOB \
                 with {f}_blob(s, ...), or call {f} on a BLOB (encode(s) is its bytes)"
            ));
        }
        let per_row = options.charset().is_some() || options.ext_value();
        Ok(Plan {
            function,
            profile: options.profile(),
            on_error: options.on_error(),
            options,
            per_row,
        })
    }

    /// The decode run this plan makes (the core's batch API), for text or bytes out.
    pub fn decoder(&self) -> pctenc::batch::Decode<'_> {
        let d = pctenc::batch::Decode::new(&self.profile);
        if self.options.decodes_to_text() {
            d.text()
        } else {
            d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECODE: Function = Function {
        name: "pct_decode",
        op: Op::Decode,
        input: Kind::Text,
        output: Kind::Text,
        on_error: OnError::Raise,
        raw: false,
    };
    const ENCODE: Function = Function { name: "pct_encode", op: Op::Encode, ..DECODE };
    const DECODE_BLOB: Function =
        Function { name: "pct_decode_blob", output: Kind::Bytes, raw: true, ..DECODE };
    const DECODE_BYTES: Function = Function { input: Kind::Bytes, output: Kind::Bytes, ..DECODE };

    #[test]
    fn profile_defaults_to_duckdb_and_aliases_resolve() {
        assert_eq!(Plan::new(DECODE, None, None).unwrap().profile.name(), "duckdb");
        assert!(Plan::new(DECODE, Some(""), Some("")).unwrap_err().contains("profile"));
        let p = Plan::new(DECODE, Some("encodeURIComponent"), None).unwrap();
        assert_eq!(p.profile.name(), "js-component");
        let p = Plan::new(DECODE, Some("profile=form, malformed=strict"), None).unwrap();
        assert_eq!((p.profile.name(), p.on_error), ("form", OnError::Raise));
        assert!(p.profile.decode("%zz").is_err());
    }

    #[test]
    fn unknown_words_get_the_cores_did_you_mean() {
        let e = Plan::new(DECODE, Some("sprak"), None).unwrap_err();
        assert_eq!(e, "pct_decode: unknown profile 'sprak'; did you mean spark?");
        let e = Plan::new(DECODE, Some("form"), Some("utf8=lossey")).unwrap_err();
        assert!(e.starts_with("pct_decode: unknown utf8 'lossey'; did you mean lossy?"), "{e}");
        let e = Plan::new(DECODE, Some("form"), Some("profile=form")).unwrap_err();
        assert!(e.contains("given twice"), "{e}");
    }

    #[test]
    fn options_follow_the_core() {
        let p = Plan::new(DECODE, Some("form"), Some("on_error=null")).unwrap();
        assert_eq!(p.on_error, OnError::Null);
        let p = Plan::new(ENCODE, Some("rfc3986"), Some("lower=true")).unwrap();
        assert_eq!(p.profile.encode("é"), "%c3%a9");
        let e = Plan::new(ENCODE, None, Some("malformed=strict")).unwrap_err();
        assert!(e.contains("encode has no option malformed"), "{e}");
        let e = Plan::new(DECODE, None, Some("utf8=bytes")).unwrap_err();
        assert!(e.contains("BLOB"), "{e}");
        let p = Plan::new(DECODE_BLOB, Some("rfc3986"), None).unwrap();
        assert_eq!(p.profile.decode("%FF").unwrap().as_ref(), b"\xff");
        let p = Plan::new(DECODE, Some("rfc3986"), None).unwrap();
        assert!(p.profile.decode("%FF").is_err(), "decoding gives text");
        let p = Plan::new(DECODE_BYTES, Some("rfc3986"), None).unwrap();
        assert!(p.profile.decode("%FF").is_err(), "also into a BLOB");
        assert!(Plan::new(DECODE, None, Some("charset=gbk")).unwrap().per_row);
    }
}
