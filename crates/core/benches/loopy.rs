//! Loopy games (issue 12): sums and comparisons of stoppers, the degree (a sum that is not a
//! stopper, sidled), and Bach's carousel tripled (a general sided sum, 152 vertices and about
//! 46 000 comparison states), and the loopy rulesets' `GameValue`. Each iteration starts from
//! a fresh session.

mod common;

use common::evaluate;
use criterion::{Criterion, criterion_group, criterion_main};

const STOPPERS: [&str; 4] = [
    "a{0||||0|||a|*||*}",
    "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
    "{-1/4+*|pass}",
    "a{0|{0||||0,*2|||a|0||0}||0}",
];

fn stoppers(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_stoppers");
    group.sample_size(10);
    let sum = STOPPERS.join(" + ");
    group.bench_function("sum_of_four", |b| b.iter(|| evaluate(&sum)));
    let compare = format!("({}) <= ({})", STOPPERS[0], STOPPERS[1]);
    group.bench_function("comparison", |b| b.iter(|| evaluate(&compare)));
    let degree = format!("({}).Degree", STOPPERS[1]);
    group.bench_function("degree", |b| b.iter(|| evaluate(&degree)));
    group.finish();
}

fn carousel(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_sided");
    group.sample_size(10);
    let src = "3 * a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    group.bench_function("carousel_times_3", |b| b.iter(|| evaluate(src)));
    group.finish();
}

/// Loopy rulesets (issue 12): `GameValue` of a 10-cell Backsliding Toads and Frogs position
/// (three levels of 120 positions, each pruned once and simplified from every position its
/// jumps reach) and of the Ceylonese Fox and Geese position of CGSuite's tests.
fn rulesets(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_rulesets");
    group.sample_size(10);
    let toads = "game.strip.BackslidingToadsAndFrogs(\"t.......ff\").GameValue";
    group.bench_function("backsliding_toads_10_cells", |b| b.iter(|| evaluate(toads)));
    let geese = "game.grid.CeyloneseFoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue";
    group.bench_function("ceylonese_fox_and_geese", |b| b.iter(|| evaluate(geese)));
    group.finish();
}

criterion_group!(benches, stoppers, carousel, rulesets);
criterion_main!(benches);
