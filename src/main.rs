//! The `cgcalc` binary: the shell around `cgcalc-core`. [`cli`] reads the arguments and picks a
//! mode; [`repl`] is the interactive prompt; [`shell`] renders answers as text or JSON and runs
//! scripts for both. Layers, lowest first: `shell`, then `repl`, then `cli`; the calculator
//! itself is the core crate, reached through its public API only.

mod cli;
mod repl;
mod shell;

/// Every allocation is counted, so that the session's memory ceiling (`CGCALC_MAX_MEMORY_MB`)
/// covers all that a computation builds.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn main() {
    std::process::exit(cli::main());
}
