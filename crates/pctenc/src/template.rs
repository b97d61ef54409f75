//! RFC 6570 URI Templates, all four levels: [`Template::parse`] checks a template against
//! the grammar once, [`Template::expand`] fills it from [`Vars`].
//!
//! Expansion percent-encodes with two profiles: simple, label, path, parameter and query
//! expressions use `U` ([`OAUTH1`], alias `uri-template`: everything but unreserved), and
//! reserved (`{+var}`) and fragment (`{#var}`) expressions use `U+R`
//! ([`URI_TEMPLATE_RESERVED`]: reserved characters and existing escapes stay).
//!
//! ```
//! use pctenc::template::{Template, Value, Vars};
//! let t = Template::parse("/search{?q,lang}{#frag}").unwrap();
//! let mut vars = Vars::new();
//! vars.insert("q".into(), Value::from("a b&c"));
//! vars.insert("frag".into(), Value::from("x/y"));
//! assert_eq!(t.expand(&vars).unwrap(), "/search?q=a%20b%26c#x/y");
//! assert_eq!(Template::parse("{var:0}").unwrap_err().offset(), 5);
//! ```
//!
//! Errors name the byte offset in the template. A template is rejected where the grammar of
//! RFC 6570 §2 rejects it (an unclosed `{`, a stray `}`, an operator reserved for future use,
//! a bad variable name or prefix length, a literal such as a space that may not appear); an
//! expansion fails where §2.4.1 says prefixes do not apply (a list or associative value).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::profile::protocols::{OAUTH1, URI_TEMPLATE_RESERVED};
use crate::profile::Profile;

/// A variable's value (RFC 6570 §2.3): a string, a list of strings, or an associative
/// array of (name, value) pairs in order. An empty list or array is undefined, as an absent
/// variable is; an empty string is defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string value.
    String(String),
    /// A list of values.
    List(Vec<String>),
    /// Name/value pairs, expanded in this order.
    Assoc(Vec<(String, String)>),
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(v: Vec<String>) -> Value {
        Value::List(v)
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(v: Vec<(String, String)>) -> Value {
        Value::Assoc(v)
    }
}

/// The variables of an expansion, by name.
pub type Vars = BTreeMap<String, Value>;

/// What is wrong with a template, or with expanding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A `{` without its `}`.
    UnclosedExpression,
    /// A `}` outside an expression.
    StrayCloseBrace,
    /// A character that may not appear in a literal (space, `"`, `<`, `>`, `\`, `^`,
    /// `` ` ``, `|`, a control, or a `%` that does not start an escape).
    InvalidLiteral,
    /// An operator RFC 6570 reserves for future extensions (`=`, `,`, `!`, `@`, `|`).
    ReservedOperator,
    /// A variable name that is empty or has a character not allowed in names.
    InvalidVarname,
    /// A prefix length (`:n`) that is not 1 to 9999.
    InvalidPrefix,
    /// After a variable and its modifier, something other than `,` or `}` (two modifiers,
    /// a space...).
    ExpectedCommaOrBrace,
    /// A prefix modifier on a list or associative value (§2.4.1).
    PrefixOnComposite,
}

/// A template error at a byte offset of the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TemplateError {
    /// Byte offset in the template.
    pub offset: usize,
    /// What is wrong.
    pub kind: TemplateErrorKind,
}

impl TemplateError {
    /// The byte offset in the template.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            TemplateErrorKind::UnclosedExpression => "unclosed expression: '{' without '}'",
            TemplateErrorKind::StrayCloseBrace => "'}' outside an expression",
            TemplateErrorKind::InvalidLiteral => "character not allowed in a template literal",
            TemplateErrorKind::ReservedOperator => "operator reserved for future extensions",
            TemplateErrorKind::InvalidVarname => "invalid variable name",
            TemplateErrorKind::InvalidPrefix => "prefix length must be 1 to 9999",
            TemplateErrorKind::ExpectedCommaOrBrace => "expected ',' or '}' after a variable",
            TemplateErrorKind::PrefixOnComposite => {
                "a prefix modifier does not apply to a list or associative value"
            }
        };
        write!(f, "{what} at byte {}", self.offset)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TemplateError {}

/// An expression's operator (RFC 6570 §3.2.1, the table of Appendix A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Simple,
    Reserved,
    Fragment,
    Label,
    Path,
    Param,
    Query,
    Continuation,
}

impl Op {
    /// `(first, sep, named, ifemp, reserved)` of Appendix A.
    const fn rules(self) -> (&'static str, &'static str, bool, &'static str, bool) {
        match self {
            Op::Simple => ("", ",", false, "", false),
            Op::Reserved => ("", ",", false, "", true),
            Op::Fragment => ("#", ",", false, "", true),
            Op::Label => (".", ".", false, "", false),
            Op::Path => ("/", "/", false, "", false),
            Op::Param => (";", ";", true, "", false),
            Op::Query => ("?", "&", true, "=", false),
            Op::Continuation => ("&", "&", true, "=", false),
        }
    }
}

/// A variable in an expression, with its modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
struct VarSpec {
    name: String,
    /// `:n`: at most `n` characters of a string value.
    prefix: Option<usize>,
    /// `*`: explode a list or associative value.
    explode: bool,
    /// Offset of the name in the template, for errors.
    offset: usize,
}

/// One piece of a parsed template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// A literal, already encoded for output.
    Literal(String),
    /// An expression.
    Expr { op: Op, vars: Vec<VarSpec> },
}

/// A parsed RFC 6570 URI Template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    parts: Vec<Part>,
}

impl Template {
    /// Parses `template` (levels 1 to 4).
    ///
    /// # Errors
    /// [`TemplateError`] with the byte offset of the first problem.
    pub fn parse(template: &str) -> Result<Template, TemplateError> {
        let bytes = template.as_bytes();
        let err = |offset, kind| TemplateError { offset, kind };
        let mut parts = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'{' {
                let close = memchr::memchr(b'}', &bytes[i..])
                    .map(|k| i + k)
                    .ok_or(err(i, TemplateErrorKind::UnclosedExpression))?;
                if let Some(k) = memchr::memchr(b'{', &bytes[i + 1..close]) {
                    return Err(err(i + 1 + k, TemplateErrorKind::UnclosedExpression));
                }
                parts.push(parse_expression(template, i + 1, close)?);
                i = close + 1;
                continue;
            }
            let end = bytes[i..].iter().position(|&b| b == b'{').map_or(bytes.len(), |k| i + k);
            check_literal(&bytes[i..end], i)?;
            parts.push(Part::Literal(URI_TEMPLATE_RESERVED.encode(&template[i..end]).into_owned()));
            i = end;
        }
        Ok(Template { parts })
    }

    /// The names of the variables the template uses, in order of appearance.
    pub fn variables(&self) -> impl Iterator<Item = &str> {
        self.parts
            .iter()
            .flat_map(|p| match p {
                Part::Expr { vars, .. } => vars.as_slice(),
                Part::Literal(_) => &[],
            })
            .map(|v| v.name.as_str())
    }

    /// Expands the template with `vars` (RFC 6570 §3). Variables that are absent, or are
    /// empty lists or arrays, are undefined and left out.
    ///
    /// # Errors
    /// [`TemplateErrorKind::PrefixOnComposite`] where `{var:n}` meets a list or associative
    /// value, with the offset of the variable's name.
    pub fn expand(&self, vars: &Vars) -> Result<String, TemplateError> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Literal(s) => out.push_str(s),
                Part::Expr { op, vars: specs } => expand_expression(*op, specs, vars, &mut out)?,
            }
        }
        Ok(out)
    }
}

/// Checks a literal run against `literals` (§2.1); `base` is its offset in the template.
fn check_literal(lit: &[u8], base: usize) -> Result<(), TemplateError> {
    let mut k = 0;
    while k < lit.len() {
        let b = lit[k];
        let bad = match b {
            b'%' => {
                !(lit.get(k + 1).is_some_and(u8::is_ascii_hexdigit)
                    && lit.get(k + 2).is_some_and(u8::is_ascii_hexdigit))
            }
            0x00..=0x20 | 0x7F => true,
            // `'` is missing from the RFC's `literals` ABNF, but it is a sub-delim, §2.1's own
            // example (`'{count}'`) uses it, and the uritemplate-test suite expects it.
            b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'|' | b'}' => true,
            _ => false,
        };
        if bad {
            let kind = if b == b'}' {
                TemplateErrorKind::StrayCloseBrace
            } else {
                TemplateErrorKind::InvalidLiteral
            };
            return Err(TemplateError { offset: base + k, kind });
        }
        k += 1;
    }
    Ok(())
}

/// Parses the expression `template[start..end]` (between the braces).
fn parse_expression(template: &str, start: usize, end: usize) -> Result<Part, TemplateError> {
    let bytes = template.as_bytes();
    let err = |offset, kind| TemplateError { offset, kind };
    let (op, mut i) = match bytes.get(start) {
        Some(b'+') => (Op::Reserved, start + 1),
        Some(b'#') => (Op::Fragment, start + 1),
        Some(b'.') => (Op::Label, start + 1),
        Some(b'/') => (Op::Path, start + 1),
        Some(b';') => (Op::Param, start + 1),
        Some(b'?') => (Op::Query, start + 1),
        Some(b'&') => (Op::Continuation, start + 1),
        Some(b'=' | b',' | b'!' | b'@' | b'|') => {
            return Err(err(start, TemplateErrorKind::ReservedOperator))
        }
        _ => (Op::Simple, start),
    };
    let mut vars = Vec::new();
    loop {
        let name_start = i;
        i = varname_end(bytes, i, end)?;
        if i == name_start {
            return Err(err(i, TemplateErrorKind::InvalidVarname));
        }
        let mut spec = VarSpec {
            name: template[name_start..i].into(),
            prefix: None,
            explode: false,
            offset: name_start,
        };
        match bytes.get(i) {
            Some(b'*') if i < end => {
                spec.explode = true;
                i += 1;
            }
            Some(b':') if i < end => {
                let digits = i + 1;
                let mut j = digits;
                while j < end && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let n = &template[digits..j];
                if n.is_empty() || n.len() > 4 || n.starts_with('0') {
                    return Err(err(digits, TemplateErrorKind::InvalidPrefix));
                }
                spec.prefix = n.parse().ok();
                i = j;
            }
            _ => {}
        }
        vars.push(spec);
        match bytes.get(i) {
            _ if i == end => break,
            Some(b',') => i += 1,
            _ => return Err(err(i, TemplateErrorKind::ExpectedCommaOrBrace)),
        }
    }
    Ok(Part::Expr { op, vars })
}

/// The end of the variable name starting at `i`: `varchar *( ["."] varchar )`, where
/// `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
fn varname_end(bytes: &[u8], mut i: usize, end: usize) -> Result<usize, TemplateError> {
    let start = i;
    while i < end {
        match bytes[i] {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' => i += 1,
            b'%' => {
                let ok = i + 2 < end
                    && bytes[i + 1].is_ascii_hexdigit()
                    && bytes[i + 2].is_ascii_hexdigit();
                if !ok {
                    return Err(TemplateError {
                        offset: i,
                        kind: TemplateErrorKind::InvalidVarname,
                    });
                }
                i += 3;
            }
            b'.' => {
                // A dot joins two varchars: not first, not last, not doubled.
                let next_ok = i + 1 < end
                    && matches!(bytes[i + 1], b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'%');
                if i == start || !next_ok {
                    return Err(TemplateError {
                        offset: i,
                        kind: TemplateErrorKind::InvalidVarname,
                    });
                }
                i += 1;
            }
            _ => break,
        }
    }
    Ok(i)
}

/// Expands one expression into `out` (RFC 6570 Appendix A).
fn expand_expression(
    op: Op,
    specs: &[VarSpec],
    vars: &Vars,
    out: &mut String,
) -> Result<(), TemplateError> {
    let (first, sep, named, ifemp, reserved) = op.rules();
    let profile: &Profile = if reserved { URI_TEMPLATE_RESERVED } else { OAUTH1 };
    let enc = |s: &str, out: &mut String| profile.encode_append(s, out);
    let mut first_done = false;
    for spec in specs {
        let value = match vars.get(&spec.name) {
            None => continue,
            Some(Value::List(l)) if l.is_empty() => continue,
            Some(Value::Assoc(a)) if a.is_empty() => continue,
            Some(v) => v,
        };
        out.push_str(if first_done { sep } else { first });
        first_done = true;
        if spec.prefix.is_some() && !matches!(value, Value::String(_)) {
            return Err(TemplateError {
                offset: spec.offset,
                kind: TemplateErrorKind::PrefixOnComposite,
            });
        }
        match value {
            Value::String(s) => {
                if named {
                    out.push_str(&spec.name);
                    if s.is_empty() {
                        out.push_str(ifemp);
                        continue;
                    }
                    out.push('=');
                }
                let s = match spec.prefix {
                    Some(n) => s.char_indices().nth(n).map_or(s.as_str(), |(k, _)| &s[..k]),
                    None => s.as_str(),
                };
                enc(s, out);
            }
            Value::List(items) if !spec.explode => {
                if named {
                    out.push_str(&spec.name);
                    out.push('=');
                }
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    enc(item, out);
                }
            }
            Value::Assoc(pairs) if !spec.explode => {
                if named {
                    out.push_str(&spec.name);
                    out.push('=');
                }
                for (k, (name, v)) in pairs.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    enc(name, out);
                    out.push(',');
                    enc(v, out);
                }
            }
            Value::List(items) => {
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(sep);
                    }
                    if named {
                        out.push_str(&spec.name);
                        if item.is_empty() {
                            out.push_str(ifemp);
                            continue;
                        }
                        out.push('=');
                    }
                    enc(item, out);
                }
            }
            Value::Assoc(pairs) => {
                for (k, (name, v)) in pairs.iter().enumerate() {
                    if k > 0 {
                        out.push_str(sep);
                    }
                    enc(name, out);
                    if named && v.is_empty() {
                        out.push_str(ifemp);
                        continue;
                    }
                    out.push('=');
                    enc(v, out);
                }
            }
        }
    }
    Ok(())
}
