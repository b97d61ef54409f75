//! The options of `profiles`: the table for people, or JSON for programs.

use clap::Args as ClapArgs;

/// Options of `profiles`.
#[derive(Debug, Clone, ClapArgs)]
#[command(after_help = "\
Examples:
  $ pctenc profiles    (the table: '%' escaped, '.' kept, '+' space written as '+')
  $ pctenc profiles --json | jq '.[] | select(.name == \"form\")'    (one profile, with jq)")]
pub struct ProfilesArgs {
    /// Print a JSON array, one object per profile, instead of the table.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};

    #[test]
    fn json_flag() {
        let json = |argv: &[&str]| match parse(argv).unwrap().command {
            Some(Command::Profiles(p)) => p.json,
            other => panic!("{other:?}"),
        };
        assert!(json(&["pctenc", "profiles", "--json"]));
        assert!(!json(&["pctenc", "profiles"]));
    }
}
