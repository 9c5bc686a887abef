//! Simplification of game graphs: the canonical form of a stopper (bypass reversible options,
//! delete dominated ones, fuse equal vertices; loopy.md §3.4) and the one-side pipeline that
//! sidles a general game into its onside or offside (§3.5).

use super::compare::{Mode, Table, survival};
use super::graph::{EMPTY, Graph, Mover};
use crate::engine::{Engine, EngineError, EngineResult, GameId};

/// Edits allowed per vertex scan before giving up: bypassing can append edges, and a bug (or
/// an input outside the theory) must not loop forever.
const MAX_EDITS: usize = 1 << 16;

/// The canonical form of the stopper `graph` from `root` (packed, root 0).
pub fn canonical_stopper(engine: &mut Engine, graph: &Graph, root: u32) -> EngineResult<Graph> {
    let mut p = graph.pack(root);
    // Values never change below, so one table serves every pass; passes repeat until nothing
    // changes, since simplifying a vertex can expose a reversible option of an earlier one.
    let table = survival(engine, &p, &p, Mode::Stopper)?;
    for _ in 0..64 {
        let before = p.clone();
        basic_pass(engine, &mut p, &table, Mode::Stopper, false)?;
        if p == before {
            break;
        }
    }
    fuse(engine, &mut p, Mode::Stopper)?;
    let mut packed = p.pack(0);
    // Fusion can make options equal that were distinct; a last round tidies them up.
    for _ in 0..64 {
        let table = survival(engine, &packed, &packed, Mode::Stopper)?;
        let before = packed.clone();
        basic_pass(engine, &mut packed, &table, Mode::Stopper, false)?;
        fuse(engine, &mut packed, Mode::Stopper)?;
        packed = packed.pack(0);
        if packed == before {
            break;
        }
    }
    Ok(packed)
}

/// One pass of the basic simplifications over every vertex reachable from 0.
/// `side_checks` adds the alternating-path conditions of the side pipeline.
fn basic_pass(
    engine: &mut Engine,
    p: &mut Graph,
    table: &Table,
    mode: Mode,
    side_checks: bool,
) -> EngineResult<()> {
    // Edits only remove what a vertex reaches or add what it already reached, so a vertex
    // unreachable now stays so; one found reachable here and cut off later by an edit is
    // simplified for nothing, harmlessly. (Asking at every vertex took V·E steps.)
    let reach = p.reachable(0);
    // Simplifying keeps every vertex's value, so the short values found now hold all pass.
    let games = engine.short_vertices(p)?;
    for v in 0..p.len() as u32 {
        engine.check_interrupt()?;
        if !reach[v as usize] || is_canonical_short(engine, p, &games, v)? {
            continue;
        }
        bypass(p, table, v, Mover::Left, side_checks)?;
        bypass(p, table, v, Mover::Right, side_checks)?;
        remove_dominated(p, table, v, mode, side_checks);
    }
    Ok(())
}

/// Whether the short vertex v has, one edge each, exactly the canonical options of its value:
/// then none is dominated or reversible, and the pass would only compare them pairwise to
/// change nothing (a graph holding *n spent n³ steps on that).
fn is_canonical_short(
    engine: &mut Engine,
    p: &Graph,
    games: &[Option<GameId>],
    v: u32,
) -> EngineResult<bool> {
    let Some(value) = games[v as usize] else {
        return Ok(false);
    };
    for mover in [Mover::Left, Mover::Right] {
        let Some(mut options) = p
            .targets(v, mover)
            .map(|t| games[t as usize])
            .collect::<Option<Vec<GameId>>>()
        else {
            return Ok(false);
        };
        let edges = options.len();
        options.sort_unstable();
        options.dedup();
        // A nimber's options are not listed unless there are as many edges to match.
        let too_many = engine
            .as_nus(value)
            .is_some_and(|nus| nus.nim > edges as u64 + 2);
        if options.len() != edges || too_many {
            return Ok(false);
        }
        let canonical = match mover {
            Mover::Left => engine.left_options(value)?,
            Mover::Right => engine.right_options(value)?,
        };
        if options != canonical {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Bypass the reversible options of `v` for `mover`. A Left option x is reversible through a
/// Right option y of x with y ≤ v; it is replaced by y's Left options.
fn bypass(
    p: &mut Graph,
    table: &Table,
    v: u32,
    mover: Mover,
    side_checks: bool,
) -> EngineResult<()> {
    let before: Vec<u32> = p.edges(v, mover).to_vec();
    let mut i = 0;
    let mut edits = 0;
    loop {
        let edges = p.edges(v, mover);
        if i >= edges.len() {
            return Ok(());
        }
        let x = edges[i];
        if x == EMPTY {
            i += 1;
            continue;
        }
        let reverse_through = p.targets(x, mover.other()).find(|&y| {
            let reverses = match mover {
                Mover::Left => table.leq(y, v),
                Mover::Right => table.leq(v, y),
            };
            reverses && !(side_checks && p.alternating_reach(y, mover, x, mover.other()))
        });
        let Some(y) = reverse_through else {
            i += 1;
            continue;
        };
        edits += 1;
        if edits > MAX_EDITS {
            return Err(EngineError::InvalidArgument(
                "loopy simplification did not settle (please report this game)".into(),
            ));
        }
        let replacements: Vec<u32> = p.targets(y, mover).collect();
        let list = match mover {
            Mover::Left => &mut p.left[v as usize],
            Mover::Right => &mut p.right[v as usize],
        };
        list.remove(i);
        for z in replacements {
            if !before.contains(&z) && !list.contains(&z) {
                list.push(z);
            }
        }
    }
}

/// Delete the dominated options of `v` on both sides.
fn remove_dominated(p: &mut Graph, table: &Table, v: u32, mode: Mode, side_checks: bool) {
    for mover in [Mover::Left, Mover::Right] {
        let mut list = p.edges(v, mover).to_vec();
        // May option `a` delete another? In the side modes only if no alternating path
        // leads from it back to v with the side's favoured player to move.
        let may_dominate = |a: u32| {
            if !side_checks {
                return true;
            }
            match (mode, mover) {
                (Mode::Off, Mover::Left) => !p.alternating_reach(a, Mover::Right, v, Mover::Left),
                (Mode::On, Mover::Right) => !p.alternating_reach(a, Mover::Left, v, Mover::Right),
                _ => true,
            }
        };
        // `better(a, b)`: a is at least as good as b for the mover.
        let better = |a: u32, b: u32| match mover {
            Mover::Left => table.leq(b, a),
            Mover::Right => table.leq(a, b),
        };
        for i in 0..list.len() {
            if list[i] == EMPTY {
                continue;
            }
            for j in i + 1..list.len() {
                if list[j] == EMPTY {
                    continue;
                }
                // A repeated target, or one dominated by an earlier option.
                if list[i] == list[j] || (better(list[i], list[j]) && may_dominate(list[i])) {
                    list[j] = EMPTY;
                } else if better(list[j], list[i]) && may_dominate(list[j]) {
                    list[i] = EMPTY;
                    break;
                }
            }
        }
        list.retain(|&t| t != EMPTY);
        match mover {
            Mover::Left => p.left[v as usize] = list,
            Mover::Right => p.right[v as usize] = list,
        }
    }
}

/// Map each reachable vertex to the smallest reachable vertex of equal value (in the side
/// modes, only among vertices from which no endless alternating play starts) and redirect
/// every edge through the map.
fn fuse(engine: &mut Engine, p: &mut Graph, mode: Mode) -> EngineResult<()> {
    let table = survival(engine, p, p, Mode::Stopper)?;
    let reach = p.reachable(0);
    let cyclic = if mode == Mode::Stopper {
        vec![false; p.len()]
    } else {
        p.reaches_alternating_cycle()
    };
    let n = p.len() as u32;
    let mut map: Vec<u32> = (0..n).collect();
    for i in 0..n {
        if !reach[i as usize] || cyclic[i as usize] {
            continue;
        }
        for j in 0..i {
            if reach[j as usize] && !cyclic[j as usize] && table.leq(i, j) && table.leq(j, i) {
                map[i as usize] = j;
                break;
            }
        }
    }
    for v in 0..n as usize {
        for t in p.left[v].iter_mut().chain(p.right[v].iter_mut()) {
            if *t != EMPTY {
                *t = map[*t as usize];
            }
        }
    }
    Ok(())
}

/// One side of a general game (from `root`), simplified in `side` mode (`Mode::On` or
/// `Mode::Off`). The result is packed with its root at 0; it is a stopper when the side is.
pub fn simplify_side(
    engine: &mut Engine,
    graph: &Graph,
    root: u32,
    side: Mode,
) -> EngineResult<Graph> {
    // 1.
    let acf = graph.is_stopper_from(root);
    let mut p = graph.pack(root);
    // 2. Obviously irrelevant edges.
    remove_obviously_irrelevant(&mut p, side);
    p = p.pack(0);
    // 3.
    let mut mode = if acf || p.is_stopper_from(0) {
        Mode::Stopper
    } else {
        side
    };
    // 4.
    let table = survival(engine, &p, &p, mode)?;
    basic_pass(engine, &mut p, &table, mode, mode != Mode::Stopper)?;
    if mode != Mode::Stopper {
        // 5a.
        remove_irrelevant_cyclic(engine, &mut p, side, false)?;
        // 5b.
        let unravelled = unravel_fully(engine, &mut p, side)?;
        // 5c.
        let basic_mode = if unravelled { Mode::Stopper } else { side };
        let table = survival(engine, &p, &p, basic_mode)?;
        basic_pass(
            engine,
            &mut p,
            &table,
            basic_mode,
            basic_mode != Mode::Stopper,
        )?;
        // 5d.
        remove_irrelevant_cyclic(engine, &mut p, side, true)?;
        if p.is_stopper_from(0) {
            mode = Mode::Stopper;
        }
    }
    // 6.
    fuse(engine, &mut p, mode)?;
    Ok(p.pack(0))
}

/// A side (`Mode::On` or `Mode::Off`) of every vertex of `graph` at once, made cheaper to
/// simplify from any root: each edge on an alternating cycle is dropped when no vertex's value
/// on this side changes (one survival table compares every vertex with its copy in the
/// trial graph). Loopy rulesets simplify a whole level of positions this way once, then each
/// position from it (theory/loopy.md §5, "globally simplify"). No vertex is renumbered.
pub fn prune_side(engine: &mut Engine, graph: &Graph, side: Mode) -> EngineResult<Graph> {
    let mut p = graph.clone();
    for mover in [Mover::Right, Mover::Left] {
        let mut candidates = Vec::new();
        for v in 0..p.len() as u32 {
            engine.check_interrupt()?;
            for (i, &t) in p.edges(v, mover).iter().enumerate() {
                if t != EMPTY && p.alternating_reach(t, mover.other(), v, mover) {
                    candidates.push((v, i));
                }
            }
        }
        drop_edges(engine, &mut p, mover, &candidates, side)?;
    }
    Ok(p)
}

/// Drop the `mover` edges `slots` of `p` that no vertex's value needs. They are tried in
/// runs whose length grows while runs go and shrinks when one fails (a run is kept or not as a
/// whole), which takes far fewer comparisons than one per edge when most go or most stay.
fn drop_edges(
    engine: &mut Engine,
    p: &mut Graph,
    mover: Mover,
    slots: &[(u32, usize)],
    side: Mode,
) -> EngineResult<()> {
    let mut run = 8usize;
    let mut next = 0;
    while next < slots.len() {
        engine.check_interrupt()?;
        let end = (next + run).min(slots.len());
        let mut q = p.clone();
        for &(v, i) in &slots[next..end] {
            set_edge(&mut q, v, mover, i, EMPTY);
        }
        // Dropping Left edges can only lower values and Right edges only raise them: test
        // the other way, for every vertex.
        let table = match mover {
            Mover::Left => survival(engine, p, &q, side)?,
            Mover::Right => survival(engine, &q, p, side)?,
        };
        if (0..p.len() as u32).all(|u| table.leq(u, u)) {
            *p = q;
            next = end;
            run = run.saturating_mul(2);
        } else if run == 1 {
            next = end;
        } else {
            run = (run / 4).max(1);
        }
    }
    Ok(())
}

/// True if v's raw arrays are exactly `on` = {pass|} (or `off`, `dud`).
fn is_on(p: &Graph, v: u32) -> bool {
    p.left[v as usize] == [v] && p.right[v as usize].is_empty()
}

fn is_off(p: &Graph, v: u32) -> bool {
    p.right[v as usize] == [v] && p.left[v as usize].is_empty()
}

fn is_dud(p: &Graph, v: u32) -> bool {
    p.left[v as usize] == [v] && p.right[v as usize] == [v]
}

/// Step 2: edges to `on`, `off` and `dud`, and (per side) edges straight back, that cannot
/// matter.
fn remove_obviously_irrelevant(p: &mut Graph, side: Mode) {
    let reach = p.reachable(0);
    for v in 0..p.len() as u32 {
        if !reach[v as usize] {
            continue;
        }
        for mover in [Mover::Left, Mover::Right] {
            let len = p.edges(v, mover).len();
            for i in 0..len {
                let t = p.edges(v, mover)[i];
                if t == EMPTY {
                    continue;
                }
                let (best, worst) = match mover {
                    Mover::Left => (is_on(p, t), is_off(p, t)),
                    Mover::Right => (is_off(p, t), is_on(p, t)),
                };
                let dud = is_dud(p, t);
                // On the onside dud is as good as on for Left; on the offside, as off for Right.
                let isolate = best
                    || (dud
                        && matches!(
                            (side, mover),
                            (Mode::On, Mover::Left) | (Mode::Off, Mover::Right)
                        ));
                let delete = worst
                    || (dud
                        && matches!(
                            (side, mover),
                            (Mode::Off, Mover::Left) | (Mode::On, Mover::Right)
                        ))
                    || (matches!(
                        (side, mover),
                        (Mode::Off, Mover::Left) | (Mode::On, Mover::Right)
                    ) && p.edges(t, mover.other()).contains(&v));
                let list = match mover {
                    Mover::Left => &mut p.left[v as usize],
                    Mover::Right => &mut p.right[v as usize],
                };
                if isolate {
                    for (k, slot) in list.iter_mut().enumerate() {
                        if k != i {
                            *slot = EMPTY;
                        }
                    }
                    break;
                } else if delete {
                    list[i] = EMPTY;
                }
            }
        }
    }
}

/// `a ≤ b` from their roots in `side` mode (STOPPER mode when both are stoppers).
fn side_leq(engine: &mut Engine, a: &Graph, b: &Graph, side: Mode) -> EngineResult<bool> {
    let mode = if a.is_stopper_from(0) && b.is_stopper_from(0) {
        Mode::Stopper
    } else {
        side
    };
    Ok(survival(engine, a, b, mode)?.leq(0, 0))
}

/// Step 5a (and 5d with `all`): delete edges on alternating cycles whose removal does not
/// change the root's value on this side.
fn remove_irrelevant_cyclic(
    engine: &mut Engine,
    p: &mut Graph,
    side: Mode,
    all: bool,
) -> EngineResult<()> {
    // Edges are only removed, so a vertex unreachable now stays so (see `basic_pass`).
    let reach = p.reachable(0);
    for v in 0..p.len() as u32 {
        if !reach[v as usize] {
            continue;
        }
        for mover in [Mover::Left, Mover::Right] {
            // With `all`: test every slot of v when some option of v lies on an alternating
            // cycle entered by the opponent's move.
            let test_all = all
                && p.targets(v, mover).any(|t| {
                    p.targets(t, mover.other())
                        .any(|u| p.alternating_reach(u, mover, t, mover.other()))
                });
            let len = p.edges(v, mover).len();
            for i in 0..len {
                engine.check_interrupt()?;
                let t = p.edges(v, mover)[i];
                if t == EMPTY {
                    continue;
                }
                if !test_all && !p.alternating_reach(t, mover.other(), v, mover) {
                    continue;
                }
                let mut q = p.clone();
                match mover {
                    Mover::Left => q.left[v as usize][i] = EMPTY,
                    Mover::Right => q.right[v as usize][i] = EMPTY,
                }
                let same = match mover {
                    Mover::Left => side_leq(engine, p, &q, side)?,
                    Mover::Right => side_leq(engine, &q, p, side)?,
                };
                if same {
                    *p = q;
                }
            }
        }
    }
    Ok(())
}

/// Step 5b: unroll the alternating cycles of the side's unfavoured mover a few times and cut
/// them, keeping each change only if the root's value on this side holds. True on success
/// (no such cycle left).
fn unravel_fully(engine: &mut Engine, p: &mut Graph, side: Mode) -> EngineResult<bool> {
    let mover = if side == Mode::On {
        Mover::Right
    } else {
        Mover::Left
    };
    let original = p.clone();
    let mut rounds = 0;
    'restart: loop {
        rounds += 1;
        if rounds > 64 || p.len() > 4096 {
            *p = original;
            return Ok(false);
        }
        engine.check_interrupt()?;
        let reach = p.reachable(0);
        for v in 0..p.len() as u32 {
            if !reach[v as usize] {
                continue;
            }
            let len = p.edges(v, mover).len();
            for e in 0..len {
                let t = p.edges(v, mover)[e];
                if t == EMPTY || !p.alternating_reach(t, mover.other(), v, mover) {
                    continue;
                }
                for n in 1..=3 {
                    let u = unravel(p, v, e, t, mover, n);
                    let holds = match side {
                        Mode::On => side_leq(engine, &u, p, side)?,
                        _ => side_leq(engine, p, &u, side)?,
                    };
                    if holds {
                        *p = u;
                        continue 'restart;
                    }
                }
                *p = original;
                return Ok(false);
            }
        }
        return Ok(true);
    }
}

/// Unroll the alternating cycle through the `mover` edge `e` (v → t) `n` times and cut it.
fn unravel(p: &Graph, v: u32, e: usize, t: u32, mover: Mover, n: usize) -> Graph {
    let big_n = p.len() as u32;
    // AC vertices: on an alternating path from t (opponent to move) back to v (mover to move).
    let ac: Vec<u32> = (0..big_n)
        .filter(|&u| {
            [Mover::Left, Mover::Right].into_iter().any(|x| {
                p.alternating_reach(u, x, v, mover) && p.alternating_reach(t, mover.other(), u, x)
            })
        })
        .collect();
    let m = ac.len() as u32;
    let rank = |u: u32| ac.iter().position(|&a| a == u).map(|r| r as u32);
    let l_copy = |k: u32, u: u32| rank(u).map(|r| big_n + 2 * k * m + r);
    let r_copy = |k: u32, u: u32| rank(u).map(|r| big_n + (2 * k + 1) * m + r);
    // An edge list with its AC targets moved to their copies (EMPTY stays EMPTY).
    let redirect = |edges: &[u32], copy: &dyn Fn(u32) -> Option<u32>| -> Vec<u32> {
        edges
            .iter()
            .map(|&x| {
                if x == EMPTY {
                    EMPTY
                } else {
                    copy(x).unwrap_or(x)
                }
            })
            .collect()
    };
    let mut out = p.clone();
    for k in 0..n as u32 {
        // Lk(u): Left edges to Rk(target) for AC targets; Right edges unchanged.
        for &u in &ac {
            out.left
                .push(redirect(p.edges(u, Mover::Left), &|x| r_copy(k, x)));
            out.right.push(p.edges(u, Mover::Right).to_vec());
        }
        // Rk(u): Left edges unchanged; Right edges to Lk(target) for AC targets.
        for &u in &ac {
            out.left.push(p.edges(u, Mover::Left).to_vec());
            out.right
                .push(redirect(p.edges(u, Mover::Right), &|x| l_copy(k, x)));
        }
    }
    let level0 = match mover {
        Mover::Left => r_copy(0, t),
        Mover::Right => l_copy(0, t),
    };
    if let Some(target) = level0 {
        set_edge(&mut out, v, mover, e, target);
    }
    for k in 0..n as u32 {
        let own = match mover {
            Mover::Left => l_copy(k, v),
            Mover::Right => r_copy(k, v),
        };
        let Some(own) = own else { continue };
        if k + 1 == n as u32 {
            set_edge(&mut out, own, mover, e, EMPTY);
        } else {
            let next = match mover {
                Mover::Left => r_copy(k + 1, t),
                Mover::Right => l_copy(k + 1, t),
            };
            if let Some(next) = next {
                set_edge(&mut out, own, mover, e, next);
            }
        }
    }
    out
}

fn set_edge(g: &mut Graph, v: u32, mover: Mover, slot: usize, target: u32) {
    let list = match mover {
        Mover::Left => &mut g.left[v as usize],
        Mover::Right => &mut g.right[v as usize],
    };
    if slot < list.len() {
        list[slot] = target;
    }
}
