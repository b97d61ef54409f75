//! The options of `template`: an RFC 6570 URI Template and its variables.

use std::path::PathBuf;

use clap::Args as ClapArgs;

pub(crate) const TEMPLATE_EXAMPLES: &str = "\
Examples:
  $ pctenc template '/search{?q,lang}' q='a b&c' lang=fr
  /search?q=a%20b%26c&lang=fr
  $ pctenc template '{/path*}{?keys*}' 'path=[\"a\",\"b c\"]' 'keys={\"k\":\"v\"}'
  /a/b%20c?k=v
  $ echo '{\"id\":42,\"tags\":[\"x\",\"y\"]}' | pctenc template '/items/{id}{?tags}' -i -
  /items/42?tags=x,y
  $ pctenc template '{+base}{/segments*}' -i vars.json    (all variables from a file)

A value that parses as a JSON array or object is a list or an associative array; anything
else is a string. Errors in the template exit 1 and point at the offending byte.";

/// Options of `template`.
#[derive(Debug, Clone, ClapArgs)]
pub struct TemplateArgs {
    /// The template (RFC 6570, levels 1 to 4).
    #[arg(value_name = "TEMPLATE")]
    pub template: String,

    /// Variables as `name=value`; a value that parses as a JSON array or object
    /// (`list=["a","b"]`, `keys={"k":"v"}`) is a list or associative array, else a string.
    /// They override variables read with -i.
    #[arg(value_name = "NAME=VALUE")]
    pub vars: Vec<String>,

    /// Read variables from the JSON object in this file ('-' for stdin): strings, numbers
    /// and booleans are strings, arrays lists, objects associative arrays, null undefined.
    /// (`-i`, as every command reads its input; `--json` means JSON output everywhere.)
    #[arg(short = 'i', long = "input", value_name = "FILE")]
    pub input: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};

    #[test]
    fn template_and_variables() {
        let t = match parse(["pctenc", "template", "{x}", "x=1", "y=[1]", "-i", "-"])
            .unwrap()
            .command
        {
            Some(Command::Template(t)) => t,
            other => panic!("{other:?}"),
        };
        assert_eq!((t.template.as_str(), t.vars.len()), ("{x}", 2));
        assert_eq!(t.input.as_deref(), Some(std::path::Path::new("-")));
        assert!(parse(["pctenc", "template"]).is_err());
    }
}
