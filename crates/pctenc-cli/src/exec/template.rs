//! `pctenc template`: RFC 6570 expansion with [`pctenc::template`].
//!
//! Variables come from `-i FILE` (a JSON object) and then `name=value` arguments, which win.
//! A value that parses as a JSON array or object is a list or an associative array; any other
//! argument value is a string. In JSON, numbers and booleans are strings as JSON writes them,
//! and `null` is undefined (as an absent variable).
//!
//! A template error, or a variable that does not fit (a prefix on a list), exits 1 with the
//! library's message and a caret under the offending byte:
//!
//! ```text
//! pctenc: invalid variable name at byte 5
//!   {var:0}
//!        ^
//! ```

use std::io::{Read, Write};

use anyhow::Context;
use pctenc::template::{Template, Value, Vars};
use serde_json::Value as Json;

use super::Outcome;
use crate::args::TemplateArgs;

/// Expands `args.template` and writes the result and `\n` to `out`.
pub fn run(args: &TemplateArgs, mut out: impl Write) -> anyhow::Result<Outcome> {
    let mut vars = Vars::new();
    if let Some(path) = &args.input {
        let (text, name) = if path.as_os_str() == "-" {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).context("cannot read stdin")?;
            (s, "stdin".to_string())
        } else {
            let s = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read '{}'", path.display()))?;
            (s, format!("'{}'", path.display()))
        };
        match json_vars(&text) {
            Ok(v) => vars.extend(v),
            Err(why) => return rejected(&format!("{name}: {why}")),
        }
    }
    for arg in &args.vars {
        let Some((name, value)) = arg.split_once('=') else {
            return Err(crate::plan::UsageError(format!(
                "'{arg}' is not a variable: expected NAME=VALUE"
            ))
            .into());
        };
        match arg_value(value) {
            Ok(Some(v)) => vars.insert(name.to_string(), v),
            Ok(None) => vars.remove(name),
            Err(why) => return rejected(&format!("variable {name}: {why}")),
        };
    }
    let expanded = Template::parse(&args.template).and_then(|t| t.expand(&vars));
    match expanded {
        Ok(s) => {
            writeln!(out, "{s}").and_then(|()| out.flush()).context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
        Err(e) => rejected(&format!("{e}\n{}", caret(&args.template, e.offset()))),
    }
}

fn rejected(message: &str) -> anyhow::Result<Outcome> {
    let _ = writeln!(std::io::stderr(), "pctenc: {message}");
    Ok(Outcome::Rejected)
}

/// An argument's value: a JSON array or object if it parses as one, else the string.
fn arg_value(value: &str) -> Result<Option<Value>, String> {
    let trimmed = value.trim_start();
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        if let Ok(json) = serde_json::from_str::<Json>(value) {
            return json_value(&json);
        }
    }
    Ok(Some(Value::String(value.to_string())))
}

/// The variables of a JSON object.
fn json_vars(text: &str) -> Result<Vars, String> {
    let json: Json = serde_json::from_str(text).map_err(|e| {
        let full = e.to_string();
        let why = full.rsplit_once(" at line ").map_or(full.as_str(), |(w, _)| w).to_string();
        format!("line {}, column {}: invalid JSON: {why}", e.line(), e.column())
    })?;
    let Json::Object(o) = json else {
        return Err("expected a JSON object of variables".into());
    };
    let mut vars = Vars::new();
    for (name, v) in &o {
        if let Some(v) = json_value(v).map_err(|why| format!("variable {name}: {why}"))? {
            vars.insert(name.clone(), v);
        }
    }
    Ok(vars)
}

/// A JSON value as a template value; `None` for null (undefined).
fn json_value(v: &Json) -> Result<Option<Value>, String> {
    let scalar = |v: &Json| match v {
        Json::String(s) => Ok(s.clone()),
        Json::Number(n) => Ok(n.to_string()),
        Json::Bool(b) => Ok(b.to_string()),
        _ => Err("list and associative array members must be strings, numbers or booleans"),
    };
    Ok(Some(match v {
        Json::Null => return Ok(None),
        Json::Array(items) => Value::List(items.iter().map(scalar).collect::<Result<_, _>>()?),
        Json::Object(o) => Value::Assoc(
            o.iter().map(|(k, v)| Ok((k.clone(), scalar(v)?))).collect::<Result<_, &str>>()?,
        ),
        other => Value::String(scalar(other)?),
    }))
}

/// The template, shown safely (controls as `\xNN`), and a caret under byte `offset`.
fn caret(template: &str, offset: usize) -> String {
    let (mut shown, mut column) = (String::new(), None);
    for (i, c) in template.char_indices() {
        if i >= offset && column.is_none() {
            column = Some(shown.chars().count());
        }
        if c.is_control() {
            shown.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            shown.push(c);
        }
    }
    let column = column.unwrap_or_else(|| shown.chars().count());
    format!("  {shown}\n  {}^", " ".repeat(column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_points_at_the_byte() {
        assert_eq!(caret("{var:0}", 5), "  {var:0}\n       ^");
        assert_eq!(caret("ab{x", 4), "  ab{x\n      ^");
        assert_eq!(caret("é{\u{1}", 3), "  é{\\x01\n    ^");
    }

    #[test]
    fn argument_values() {
        assert_eq!(arg_value("a b").unwrap(), Some(Value::String("a b".into())));
        assert_eq!(
            arg_value(r#"["a",1]"#).unwrap(),
            Some(Value::List(vec!["a".into(), "1".into()]))
        );
        assert_eq!(
            arg_value(r#"{"k":"v"}"#).unwrap(),
            Some(Value::Assoc(vec![("k".into(), "v".into())]))
        );
        // Not JSON: a string, brackets and all.
        assert_eq!(arg_value("[a").unwrap(), Some(Value::String("[a".into())));
        assert!(arg_value(r#"[["nested"]]"#).is_err());
    }
}
