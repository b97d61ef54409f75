//! `pctenc`: percent-encode and decode from the command line.
//!
//! The program reads as the data flow: [`args`] turns argv into plain data, [`plan`]
//! resolves names and looks at the environment, [`exec`] streams the work. `main` only maps
//! the result to an exit status: 0 ok, 1 input rejected, 2 usage or I/O error; a closed
//! stdout (`| head`) ends quietly with 0.

mod args;
mod exec;
mod plan;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match args::parse(std::env::args_os()) {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match plan::plan(args).map_err(anyhow::Error::from).and_then(exec::run) {
        Ok(exec::Outcome::Done) => ExitCode::SUCCESS,
        Ok(exec::Outcome::Rejected) => ExitCode::from(1),
        Err(e) if exec::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "pctenc: {e:#}");
            ExitCode::from(2)
        }
    }
}
