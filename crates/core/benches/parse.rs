//! Parsing speed on big inputs: a flat list of 200 000 options, a sum of 10 000 terms, and
//! about 1 MB of nested canonical form (the size of a printed sum of 12 random games).

use cgcalc_core::syntax::parse_statements;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn inputs() -> Vec<(&'static str, String)> {
    let flat = format!("{{{}|}}", vec!["0"; 200_000].join(","));
    let sum = vec!["{1*,1*|^,-2}"; 10_000].join(" + ");
    let mut g = String::from("{0||0,v*|vv}");
    while g.len() < 500_000 {
        g = format!("{{{g},1/2*,^3|||-3/2v*2,{g}||-1|-2}}");
    }
    let pad = vec!["1/2*,-3/2v*2,{0||0,v*|vv},73/16"; (1_000_000 - g.len()) / 32];
    let nested = format!("{{{g}|{}}}", pad.join(","));
    vec![
        ("flat 200k options", flat),
        ("sum of 10k terms", sum),
        ("1 MB canonical form", nested),
    ]
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, text) in inputs() {
        group.bench_function(name, |b| {
            b.iter(|| black_box(parse_statements(&text).is_ok()))
        });
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
