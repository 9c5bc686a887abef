//! The `cgcalc` binary: everything lives in the library; see [`cgcalc::cli`].

fn main() {
    std::process::exit(cgcalc::cli::main());
}
