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
    huge_pages_after_a_second();
    std::process::exit(cli::main());
}

/// Transparent huge pages only once the process has run for a second. A fresh huge page can
/// stall its first touch (the kernel compacting memory for it, or a virtual machine's host
/// providing it), and a short run feels that: on the 2-core VM of the benchmarks, a 0.1 s
/// search right after another program took 160–200 ms with them and 80–115 ms without. A long
/// search repays them in fewer page-table misses (10% less processor time on Konane's 20–60 s
/// row), and its large tables are allocated after the first second. The allocator marks its
/// memory for huge pages; the process-wide switch decides whether the kernel gives them.
#[cfg(target_os = "linux")]
fn huge_pages_after_a_second() {
    // SAFETY: PR_SET_THP_DISABLE reads no memory; it sets or clears one flag of the process.
    let set = |off: libc::c_ulong| unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, off, 0, 0, 0) };
    if set(1) != 0 {
        return;
    }
    let on_time = std::thread::Builder::new()
        .name("cgcalc-huge-pages".into())
        .spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(1));
            set(0);
        });
    if on_time.is_err() {
        set(0);
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages_after_a_second() {}
