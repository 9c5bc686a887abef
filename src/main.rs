fn main() {
    std::process::exit(cgcalc::cli::main());
}
