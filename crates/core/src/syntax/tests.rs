//! Parser tests: exact ASTs for every feature, precedence, errors with offsets, deep nesting,
//! speed, the conformance corpus, and a no-panic property test.
//!
//! ASTs are compared with spans erased (built by the small constructors below), and spans are
//! checked separately where they matter.

use num_bigint::BigInt;

use super::ast::*;
use super::*;

// ---------------------------------------------------------------- helpers

/// Erase every span, so trees can be compared with ones built by the constructors below.
fn strip(e: &mut Expr) {
    e.span = Span::default();
    match &mut e.kind {
        ExprKind::Literal(lit) => {
            if let Some(UpCount::Expr { count, .. }) = &mut lit.ups {
                strip(count);
            }
            if let Some(StarPart::Expr(x)) = &mut lit.star {
                strip(x);
            }
        }
        ExprKind::Game { left, right } | ExprKind::ExplicitGame { left, right } => {
            left.iter_mut().chain(right.iter_mut()).for_each(strip)
        }
        ExprKind::Set(items)
        | ExprKind::List(items)
        | ExprKind::Tuple(items)
        | ExprKind::LoopyNimber(items)
        | ExprKind::Begin(items) => items.iter_mut().for_each(strip),
        ExprKind::Map(entries) => entries.iter_mut().for_each(|(k, v)| {
            strip(k);
            strip(v);
        }),
        ExprKind::Range { from, to, step } => {
            strip(from);
            strip(to);
            step.iter_mut().for_each(|s| strip(s));
        }
        ExprKind::Comprehension {
            body,
            value,
            clauses,
            ..
        } => {
            strip(body);
            value.iter_mut().for_each(|v| strip(v));
            strip_clauses(clauses);
        }
        ExprKind::Loop { clauses, body } => {
            strip_clauses(clauses);
            match body {
                LoopBody::Do(s) => s.iter_mut().for_each(strip),
                LoopBody::Yield(parts) => parts.iter_mut().flatten().for_each(strip),
            }
        }
        ExprKind::If {
            branches,
            otherwise,
        } => {
            for (c, b) in branches {
                strip(c);
                b.iter_mut().for_each(strip);
            }
            otherwise.iter_mut().flatten().for_each(strip);
        }
        ExprKind::Assign { value, .. } => strip(value),
        ExprKind::Var { value, .. } => value.iter_mut().for_each(|v| strip(v)),
        ExprKind::Lambda(l) => strip_lambda(std::sync::Arc::make_mut(l)),
        ExprKind::Error(m) => strip(m),
        ExprKind::Is { value, .. } => strip(value),
        ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Name(_) => {}
        ExprKind::Unary { operand, .. } => strip(operand),
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::Compare { lhs, rhs, .. }
        | ExprKind::Logic { lhs, rhs, .. }
        | ExprKind::Infix { lhs, rhs, .. } => {
            strip(lhs);
            strip(rhs);
        }
        ExprKind::Member {
            target,
            args,
            name_span,
            ..
        } => {
            *name_span = Span::default();
            strip(target);
            args.iter_mut().flatten().for_each(|a| strip(&mut a.value));
        }
        ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| strip(&mut a.value)),
        ExprKind::Apply { callee, args } => {
            strip(callee);
            args.iter_mut().for_each(|a| strip(&mut a.value));
        }
        ExprKind::Index { target, args } => {
            strip(target);
            args.iter_mut().for_each(strip);
        }
        ExprKind::Pass => {}
        ExprKind::Labelled { game, .. } => strip(game),
    }
}

fn strip_lambda(l: &mut Lambda) {
    for p in &mut l.params {
        p.span = Span::default();
        p.default.iter_mut().for_each(strip);
    }
    strip(&mut l.body);
}

fn strip_clauses(clauses: &mut [Clause]) {
    for c in clauses {
        match c {
            Clause::For {
                var_span,
                source,
                while_cond,
                where_cond,
                ..
            } => {
                *var_span = Span::default();
                match source {
                    ForSource::In(e) | ForSource::Let(e) => strip(e),
                    ForSource::From { from, to, by } => {
                        strip(from);
                        to.iter_mut().for_each(strip);
                        by.iter_mut().for_each(strip);
                    }
                }
                while_cond.iter_mut().for_each(strip);
                where_cond.iter_mut().for_each(strip);
            }
            Clause::While { cond, where_cond } => {
                strip(cond);
                where_cond.iter_mut().for_each(strip);
            }
        }
    }
}

fn assign(n: &str, value: Expr) -> Expr {
    e(ExprKind::Assign {
        name: n.into(),
        value: Box::new(value),
    })
}

fn param(n: &str) -> Param {
    Param {
        name: n.into(),
        default: None,
        span: Span::default(),
    }
}

fn range(from: Expr, to: Expr, step: Option<Expr>) -> Expr {
    e(ExprKind::Range {
        from: Box::new(from),
        to: Box::new(to),
        step: step.map(Box::new),
    })
}

fn comp(kind: CollectionKind, body: Expr, value: Option<Expr>, clauses: Vec<Clause>) -> Expr {
    e(ExprKind::Comprehension {
        kind,
        body: Box::new(body),
        value: value.map(Box::new),
        clauses,
    })
}

fn for_clause(var: &str, source: ForSource) -> Clause {
    Clause::For {
        var: var.into(),
        var_span: Span::default(),
        source,
        while_cond: None,
        where_cond: None,
    }
}

fn for_in(var: &str, coll: Expr) -> Clause {
    for_clause(var, ForSource::In(coll))
}

fn lambda(params: &[&str], body: Expr) -> Expr {
    e(ExprKind::Lambda(std::sync::Arc::new(Lambda {
        params: params.iter().map(|p| param(p)).collect(),
        body,
    })))
}

fn pow(lhs: Expr, rhs: Expr) -> Expr {
    bin(BinOp::Pow, lhs, rhs)
}

/// Parse one expression statement (spans kept).
fn parse_raw(src: &str) -> Expr {
    let mut stmts = parse_statements(src).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
    assert_eq!(stmts.len(), 1, "{src:?} should be one statement");
    match stmts.remove(0).kind {
        StatementKind::Expr(e) => e,
        other => panic!("{src:?} is not an expression: {other:?}"),
    }
}

/// Parse one expression statement, spans erased.
fn parse(src: &str) -> Expr {
    let mut e = parse_raw(src);
    strip(&mut e);
    e
}

/// Assert that `src` parses to `expected` (spans ignored).
#[track_caller]
fn check(src: &str, expected: Expr) {
    assert_eq!(parse(src), expected, "parsing {src:?}");
}

/// Assert that `a` and `b` parse to the same tree (spans ignored).
#[track_caller]
fn same(a: &str, b: &str) {
    assert_eq!(parse(a), parse(b), "{a:?} vs {b:?}");
}

/// The error for `src`.
#[track_caller]
fn err(src: &str) -> ParseError {
    match parse_statements(src) {
        Err(e) => e,
        Ok(s) => panic!("{src:?} should fail, got {s:?}"),
    }
}

fn e(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

fn big(n: i64) -> BigInt {
    BigInt::from(n)
}

/// A literal from its parts: number `p/q`, ups, star.
fn lit(number: Option<(i64, i64)>, ups: Option<i64>, star: Option<i64>) -> Expr {
    e(ExprKind::Literal(GameLit {
        number: number.map(|(p, q)| NumberLit {
            numerator: big(p),
            denominator: big(q),
        }),
        ups: ups.map(|u| UpCount::Literal(big(u))),
        star: star.map(|s| StarPart::Literal(big(s))),
    }))
}

fn int(n: i64) -> Expr {
    lit(Some((n, 1)), None, None)
}

fn frac(p: i64, q: i64) -> Expr {
    lit(Some((p, q)), None, None)
}

fn nimber(n: i64) -> Expr {
    lit(None, None, Some(n))
}

fn star() -> Expr {
    nimber(1)
}

fn up(n: i64) -> Expr {
    lit(None, Some(n), None)
}

fn name(n: &str) -> Expr {
    e(ExprKind::Name(n.into()))
}

fn string(s: &str) -> Expr {
    e(ExprKind::Str(s.into()))
}

fn bin(op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
    e(ExprKind::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    })
}

fn add(lhs: Expr, rhs: Expr) -> Expr {
    bin(BinOp::Add, lhs, rhs)
}

fn sub(lhs: Expr, rhs: Expr) -> Expr {
    bin(BinOp::Sub, lhs, rhs)
}

fn mul(lhs: Expr, rhs: Expr) -> Expr {
    bin(BinOp::Mul, lhs, rhs)
}

fn cmp(op: CmpOp, lhs: Expr, rhs: Expr) -> Expr {
    e(ExprKind::Compare {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    })
}

fn logic(op: LogicOp, lhs: Expr, rhs: Expr) -> Expr {
    e(ExprKind::Logic {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    })
}

fn unary(op: UnaryOp, operand: Expr) -> Expr {
    e(ExprKind::Unary {
        op,
        operand: Box::new(operand),
    })
}

fn neg(operand: Expr) -> Expr {
    unary(UnaryOp::Neg, operand)
}

fn switch(operand: Expr) -> Expr {
    unary(UnaryOp::Switch, operand)
}

fn infix(n: &str, lhs: Expr, rhs: Expr) -> Expr {
    e(ExprKind::Infix {
        name: n.into(),
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    })
}

fn game(left: Vec<Expr>, right: Vec<Expr>) -> Expr {
    e(ExprKind::Game { left, right })
}

fn explicit(left: Vec<Expr>, right: Vec<Expr>) -> Expr {
    e(ExprKind::ExplicitGame { left, right })
}

fn set(items: Vec<Expr>) -> Expr {
    e(ExprKind::Set(items))
}

fn list(items: Vec<Expr>) -> Expr {
    e(ExprKind::List(items))
}

fn tuple(items: Vec<Expr>) -> Expr {
    e(ExprKind::Tuple(items))
}

fn pos(value: Expr) -> Arg {
    Arg { name: None, value }
}

fn named(n: &str, value: Expr) -> Arg {
    Arg {
        name: Some(n.into()),
        value,
    }
}

fn member(target: Expr, n: &str, args: Option<Vec<Arg>>) -> Expr {
    e(ExprKind::Member {
        target: Box::new(target),
        name: n.into(),
        name_span: Span::default(),
        args,
    })
}

fn call(n: &str, args: Vec<Arg>) -> Expr {
    e(ExprKind::Call {
        name: n.into(),
        args,
    })
}

fn apply(callee: Expr, args: Vec<Arg>) -> Expr {
    e(ExprKind::Apply {
        callee: Box::new(callee),
        args,
    })
}

fn index(target: Expr, args: Vec<Expr>) -> Expr {
    e(ExprKind::Index {
        target: Box::new(target),
        args,
    })
}

fn star_expr(count: Expr) -> Expr {
    e(ExprKind::Literal(GameLit {
        number: None,
        ups: None,
        star: Some(StarPart::Expr(Box::new(count))),
    }))
}

fn ups_expr(negative: bool, count: Expr) -> Expr {
    e(ExprKind::Literal(GameLit {
        number: None,
        ups: Some(UpCount::Expr {
            negative,
            count: Box::new(count),
        }),
        star: None,
    }))
}

/// `^.Pow(n)` / `^.PowTo(n)`, the desugaring of `^<n>` / `^[n]`.
fn up_power(method: &str, n: i64) -> Expr {
    member(up(1), method, Some(vec![pos(int(n))]))
}

/// All statements of `src`, expressions with spans erased.
fn statements(src: &str) -> Vec<Statement> {
    let mut stmts = parse_statements(src).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
    for s in &mut stmts {
        match &mut s.kind {
            StatementKind::Expr(x) => strip(x),
            StatementKind::Def { lambda, .. } => strip_lambda(std::sync::Arc::make_mut(lambda)),
        }
    }
    stmts
}

// ---------------------------------------------------------------- numbers and literals

#[test]
fn integers_and_fractions() {
    check("7", int(7));
    check("0", int(0));
    check("-3", int(-3));
    check("3/8", frac(3, 8));
    check("-1/2", frac(-1, 2));
    check("6/23", frac(6, 23));
    check("10810368/65280", frac(10810368, 65280));
    // `1/2/2` is the literal 1/2 divided by 2.
    check("1/2/2", bin(BinOp::Div, frac(1, 2), int(2)));
    // With spaces it is division.
    check("1 / 2", bin(BinOp::Div, int(1), int(2)));
    let huge = "123456789012345678901234567890123456789";
    let Ok(n) = huge.parse::<BigInt>() else {
        panic!("bad test constant")
    };
    let expected = e(ExprKind::Literal(GameLit {
        number: Some(NumberLit {
            numerator: n,
            denominator: big(1),
        }),
        ups: None,
        star: None,
    }));
    check(huge, expected);
}

#[test]
fn juxtaposed_literals() {
    check("6^*", lit(Some((6, 1)), Some(1), Some(1)));
    check("^*6", lit(None, Some(1), Some(6)));
    check("73/16v9*8", lit(Some((73, 16)), Some(-9), Some(8)));
    check("2*", lit(Some((2, 1)), None, Some(1)));
    check("-1^^", lit(Some((-1, 1)), Some(2), None));
    check("9/8*", lit(Some((9, 8)), None, Some(1)));
    check("3*2", lit(Some((3, 1)), None, Some(2)));
    check("^^*", lit(None, Some(2), Some(1)));
    check("^19*3", lit(None, Some(19), Some(3)));
    check("v3*2", lit(None, Some(-3), Some(2)));
    check("10v10", lit(Some((10, 1)), Some(-10), None));
    check("-1^3", lit(Some((-1, 1)), Some(3), None));
}

#[test]
fn ups_and_downs() {
    check("^", up(1));
    check("^^", up(2));
    check("^^^", up(3));
    check("^3", up(3));
    check("v", up(-1));
    check("vv", up(-2));
    check("vvv*", lit(None, Some(-3), Some(1)));
    check("v3", up(-3));
    check("v1", up(-1));
    check("↑", up(1));
    check("↓", up(-1));
    check("⇑", up(2));
    check("⇓", up(-2));
    check("↑↑", up(2));
    check("↑3", up(3));
    check("^(1+1)", ups_expr(false, add(int(1), int(1))));
    check("v(n)", ups_expr(true, name("n")));
    // The `cgt` crate's printed forms.
    check("^2*", lit(None, Some(2), Some(1)));
    check("v2", up(-2));
    // `^` is never exponentiation: `2^3` is 2 + ↑3.
    check("2^3", lit(Some((2, 1)), Some(3), None));
}

#[test]
fn v_words() {
    check("vvvvx", name("vvvvx"));
    check("val", name("val"));
    check("var1", name("var1"));
    check("vv2", name("vv2"));
    check("v_1", name("v_1"));
    check("x.v", member(name("x"), "v", None));
    // Mixed up and down is not a literal.
    assert!(parse_statements("^v").is_err());
    assert!(parse_statements("v^").is_err());
}

#[test]
fn stars() {
    check("*", star());
    check("*8", nimber(8));
    check("*0", nimber(0));
    check("*(1+1)", star_expr(add(int(1), int(1))));
    check("*(-8)", star_expr(int(-8)));
    check(
        "^*(2)",
        e(ExprKind::Literal(GameLit {
            number: None,
            ups: Some(UpCount::Literal(big(1))),
            star: Some(StarPart::Expr(Box::new(int(2)))),
        })),
    );
}

#[test]
fn misere_star_lists() {
    check("*[0]", star_expr(list(vec![int(0)])));
    check(
        "*[[2],1]",
        star_expr(list(vec![list(vec![int(2)]), int(1)])),
    );
    check(
        "*[2]+*[2]",
        add(star_expr(list(vec![int(2)])), star_expr(list(vec![int(2)]))),
    );
    check(
        "*[[[2]]] Link *[[2]]",
        infix(
            "Link",
            star_expr(list(vec![list(vec![list(vec![int(2)])])])),
            star_expr(list(vec![list(vec![int(2)])])),
        ),
    );
}

#[test]
fn minus_sign_belongs_to_the_literal() {
    check("-1^", lit(Some((-1, 1)), Some(1), None));
    check("-3/2v*", lit(Some((-3, 2)), Some(-1), Some(1)));
    check("-^", neg(up(1)));
    check("-*", neg(star()));
    check("3 - 1^", sub(int(3), lit(Some((1, 1)), Some(1), None)));
    check("1 - 1^", sub(int(1), lit(Some((1, 1)), Some(1), None)));
    check("3-1^", sub(int(3), lit(Some((1, 1)), Some(1), None)));
    // Only a sign written directly before the literal: with a space it is a negation.
    check("- 1^", neg(lit(Some((1, 1)), Some(1), None)));
    check("--1", neg(int(-1)));
    // A method call binds tighter than the sign, as in CGSuite.
    check(
        "-17.Div(4)",
        neg(member(int(17), "Div", Some(vec![pos(int(4))]))),
    );
    check("(-1).Isqrt", member(int(-1), "Isqrt", None));
    check(
        "{-1/2|-1*}",
        game(vec![frac(-1, 2)], vec![lit(Some((-1, 1)), None, Some(1))]),
    );
}

#[test]
fn star_after_a_number_juxtaposed_or_multiplied() {
    // The printed form wins when nothing follows the star ...
    check("3*5", lit(Some((3, 1)), None, Some(5)));
    check("2*", lit(Some((2, 1)), None, Some(1)));
    check(
        "{2*,1|0}",
        game(vec![lit(Some((2, 1)), None, Some(1)), int(1)], vec![int(0)]),
    );
    check(
        "2*:*",
        bin(BinOp::OrdinalSum, lit(Some((2, 1)), None, Some(1)), star()),
    );
    // ... and it multiplies when an operand follows, or with spaces.
    check("3 * 5", mul(int(3), int(5)));
    check("3 *5", mul(int(3), int(5)));
    check("2* 3", mul(int(2), int(3)));
    check(
        "5*{3||2|1}",
        mul(
            int(5),
            game(vec![int(3)], vec![game(vec![int(2)], vec![int(1)])]),
        ),
    );
    check("10*(1+^)", mul(int(10), add(int(1), up(1))));
    check("5*G", mul(int(5), name("G")));
    check("2*-1", mul(int(2), int(-1)));
    check("2**", mul(int(2), star()));
    check("(*+*)*3", mul(add(star(), star()), int(3)));
    check("x*2", mul(name("x"), int(2)));
    check("2^*(3)", mul(lit(Some((2, 1)), Some(1), None), int(3)));
    // A named infix operator after a juxtaposed star.
    check(
        "2* Heat 1",
        infix("Heat", lit(Some((2, 1)), None, Some(1)), int(1)),
    );
}

#[test]
fn methods_on_literals() {
    check("17.Div(4)", member(int(17), "Div", Some(vec![pos(int(4))])));
    check("1.NimInverse", member(int(1), "NimInverse", None));
    check("*3.NimValue", member(nimber(3), "NimValue", None));
    check(
        "*.Subordinate(1)",
        member(star(), "Subordinate", Some(vec![pos(int(1))])),
    );
    check("^.Pow(2)", member(up(1), "Pow", Some(vec![pos(int(2))])));
    check("2.Tiny", member(int(2), "Tiny", None));
    check("(5/4).Floor", member(frac(5, 4), "Floor", None));
    // No decimal literals.
    assert!(parse_statements("1.5").is_err());
}

#[test]
fn up_powers_from_cgsuite_output() {
    check("^<2>", up_power("Pow", 2));
    check("v<3>", neg(up_power("Pow", 3)));
    check("^[4]", up_power("PowTo", 4));
    check("v[2]", neg(up_power("PowTo", 2)));
    check("^<2>*", add(up_power("Pow", 2), star()));
    check("^[4]*", add(up_power("PowTo", 4), star()));
    check("1^<2>*3", add(add(int(1), up_power("Pow", 2)), nimber(3)));
    check("{0|^<2>}", game(vec![int(0)], vec![up_power("Pow", 2)]));
    // Without the closing `>` it is a comparison.
    check("^<2", cmp(CmpOp::Lt, up(1), int(2)));
}

#[test]
fn tiny_and_miny() {
    check("Tiny(3/2)", call("Tiny", vec![pos(frac(3, 2))]));
    check("5Tiny(2)", add(int(5), call("Tiny", vec![pos(int(2))])));
    check("-2Miny(1)", add(int(-2), call("Miny", vec![pos(int(1))])));
    assert!(parse_statements("5Tinyx").is_err());
    assert!(parse_statements("2x").is_err());
}

// ---------------------------------------------------------------- switches

#[test]
fn switches() {
    check("+-1", switch(int(1)));
    check("±1", switch(int(1)));
    check("+-1/2", switch(frac(1, 2)));
    check("+-(1*)", switch(lit(Some((1, 1)), None, Some(1))));
    check(
        "+-{1,1*}",
        switch(set(vec![int(1), lit(Some((1, 1)), None, Some(1))])),
    );
    check("+-^^", switch(up(2)));
    check("+-+-1", switch(switch(int(1))));
    check(
        "+-{10|8||6|4}",
        switch(game(
            vec![game(vec![int(10)], vec![int(8)])],
            vec![game(vec![int(6)], vec![int(4)])],
        )),
    );
}

#[test]
fn binary_plus_minus() {
    check("3+-1", bin(BinOp::PlusMinus, int(3), int(1)));
    check("a +- b", bin(BinOp::PlusMinus, name("a"), name("b")));
    check("3±1", bin(BinOp::PlusMinus, int(3), int(1)));
    check("3 + -1", add(int(3), int(-1)));
    let pm = |a, b| bin(BinOp::PlusMinus, a, b);
    check(
        "3 - 2 +- 6 - 7 +- 8 + 4",
        add(
            pm(sub(pm(sub(int(3), int(2)), int(6)), int(7)), int(8)),
            int(4),
        ),
    );
}

// ---------------------------------------------------------------- games

#[test]
fn brace_games() {
    check("{1|0}", game(vec![int(1)], vec![int(0)]));
    check("{0,*|0}", game(vec![int(0), star()], vec![int(0)]));
    check("{|}", game(vec![], vec![]));
    check("{0|}", game(vec![int(0)], vec![]));
    check("{|0}", game(vec![], vec![int(0)]));
    check("{ 1 , 2 | 3 }", game(vec![int(1), int(2)], vec![int(3)]));
    check(
        "{a, b|c}",
        game(vec![name("a"), name("b")], vec![name("c")]),
    );
    check(
        "{a+1, f(x)|0}",
        game(
            vec![add(name("a"), int(1)), call("f", vec![pos(name("x"))])],
            vec![int(0)],
        ),
    );
    check(
        "{3|{2|1}}",
        game(vec![int(3)], vec![game(vec![int(2)], vec![int(1)])]),
    );
}

#[test]
fn angle_games() {
    check("<0|*>", game(vec![int(0)], vec![star()]));
    check("<0|>", game(vec![int(0)], vec![]));
    check("<|0>", game(vec![], vec![int(0)]));
    check("<|>", game(vec![], vec![]));
    check("<^|v>", game(vec![up(1)], vec![up(-1)]));
    check("<1|0>", game(vec![int(1)], vec![int(0)]));
    check(
        "<<0|>|<|0>>",
        game(
            vec![game(vec![int(0)], vec![])],
            vec![game(vec![], vec![int(0)])],
        ),
    );
    check(
        "<1|0> > 0",
        cmp(CmpOp::Gt, game(vec![int(1)], vec![int(0)]), int(0)),
    );
    check(
        "<2||1|0>",
        game(vec![int(2)], vec![game(vec![int(1)], vec![int(0)])]),
    );
    assert!(parse_statements("<1>").is_err());
    assert!(parse_statements("<>").is_err());
}

#[test]
fn comparisons_outside_games() {
    check("a <| b", cmp(CmpOp::LessOrConfused, name("a"), name("b")));
    check(
        "a |> b",
        cmp(CmpOp::GreaterOrConfused, name("a"), name("b")),
    );
    check("a < b", cmp(CmpOp::Lt, name("a"), name("b")));
    check("a > b", cmp(CmpOp::Gt, name("a"), name("b")));
    check("a <> b", cmp(CmpOp::Confused, name("a"), name("b")));
    check("a <= b", cmp(CmpOp::Le, name("a"), name("b")));
    check("a >= b", cmp(CmpOp::Ge, name("a"), name("b")));
    check("a == b", cmp(CmpOp::Eq, name("a"), name("b")));
    check("a != b", cmp(CmpOp::Ne, name("a"), name("b")));
    check("^^ > *", cmp(CmpOp::Gt, up(2), star()));
    check(
        "3 <> 3+*",
        cmp(CmpOp::Confused, int(3), add(int(3), star())),
    );
    check(
        "{1|0} <| *",
        cmp(
            CmpOp::LessOrConfused,
            game(vec![int(1)], vec![int(0)]),
            star(),
        ),
    );
    check("a<|b", cmp(CmpOp::LessOrConfused, name("a"), name("b")));
    check("*<1", cmp(CmpOp::Lt, star(), int(1)));
    // Brace options are full expressions (language spec §7); `<...>` options are not.
    check(
        "{1 > 0|}",
        game(vec![cmp(CmpOp::Gt, int(1), int(0))], vec![]),
    );
    assert!(parse_statements("<1 > 0|0>").is_err());
    check(
        "{(1 > 0)|}",
        game(vec![cmp(CmpOp::Gt, int(1), int(0))], vec![]),
    );
}

#[test]
fn multi_bar_nesting() {
    let g = |l: Vec<Expr>, r: Vec<Expr>| game(l, r);
    check(
        "{a||b|c}",
        g(vec![name("a")], vec![g(vec![name("b")], vec![name("c")])]),
    );
    check(
        "{a|b||c}",
        g(vec![g(vec![name("a")], vec![name("b")])], vec![name("c")]),
    );
    check(
        "{2||1|0}",
        g(vec![int(2)], vec![g(vec![int(1)], vec![int(0)])]),
    );
    check(
        "{1|0||0}",
        g(vec![g(vec![int(1)], vec![int(0)])], vec![int(0)]),
    );
    check(
        "{a|b||c|d}",
        g(
            vec![g(vec![name("a")], vec![name("b")])],
            vec![g(vec![name("c")], vec![name("d")])],
        ),
    );
    check("{a||}", g(vec![name("a")], vec![]));
    check(
        "{0||0,v*|vv}",
        g(
            vec![int(0)],
            vec![g(vec![int(0), lit(None, Some(-1), Some(1))], vec![up(-2)])],
        ),
    );
    // Four levels: {3|||2||1|0,*||||-1/2} = {{3|{2|{1|0,*}}}|-1/2}.
    check(
        "{3|||2||1|0,*||||-1/2}",
        g(
            vec![g(
                vec![int(3)],
                vec![g(vec![int(2)], vec![g(vec![int(1)], vec![int(0), star()])])],
            )],
            vec![frac(-1, 2)],
        ),
    );
    check(
        "{0|*||*|||*||||*}",
        g(
            vec![g(
                vec![g(vec![g(vec![int(0)], vec![star()])], vec![star()])],
                vec![star()],
            )],
            vec![star()],
        ),
    );
    // Spans of the nested games cover their options.
    let outer = parse_raw("{a||b|c}");
    let ExprKind::Game { right, .. } = &outer.kind else {
        panic!("not a game")
    };
    assert_eq!(right[0].span, Span::new(4, 7));
}

#[test]
fn ambiguous_bars_are_errors() {
    let e = err("{3|2|1}");
    assert!(e.message.contains("ambiguous"), "{e:?}");
    assert_eq!(e.offset, 4);
    let e = err("{a||b||c}");
    assert_eq!(e.offset, 5);
    let e = err("x := {4|3||2|1||0}");
    assert_eq!(e.offset, 14);
}

#[test]
fn bare_bar_is_an_error() {
    let e = err("1|0");
    assert_eq!(e.offset, 1);
    assert!(e.message.contains('|'), "{e:?}");
    assert!(parse_statements("1 || 0").is_err());
}

#[test]
fn explicit_games() {
    check("'{1|0}'", explicit(vec![int(1)], vec![int(0)]));
    check("'{-1|1}'", explicit(vec![int(-1)], vec![int(1)]));
    check(
        "'{a||b|c}'",
        explicit(
            vec![name("a")],
            vec![explicit(vec![name("b")], vec![name("c")])],
        ),
    );
    check("'<1|0>'", explicit(vec![int(1)], vec![int(0)]));
    check(
        "('{-1|1}':1).CanonicalForm",
        member(
            bin(
                BinOp::OrdinalSum,
                explicit(vec![int(-1)], vec![int(1)]),
                int(1),
            ),
            "CanonicalForm",
            None,
        ),
    );
    assert!(parse_statements("'{1}'").is_err());
    assert!(parse_statements("'{1|0}").is_err());
}

#[test]
fn sets() {
    check("{}", set(vec![]));
    check("{a, b}", set(vec![name("a"), name("b")]));
    check("{1}", set(vec![int(1)]));
    check("{[1,2]}", set(vec![list(vec![int(1), int(2)])]));
}

#[test]
fn equivalent_spellings() {
    same("<1|0>", "{1|0}");
    same("{ 1 , 2 | 3 }", "{1,2|3}");
    same("{1, 2|3}", "{1,2|3}");
    same("+-1", "±1");
    same("^^", "⇑");
    same("vvv", "v3");
    same("(1 +\n 2)", "(1 + 2)");
}

// ---------------------------------------------------------------- operators

#[test]
fn precedence() {
    check("4 Max 3+5", infix("Max", int(4), add(int(3), int(5))));
    check("3 Max 5", infix("Max", int(3), int(5)));
    check(
        "3 Max 5 Min 2",
        infix("Min", infix("Max", int(3), int(5)), int(2)),
    );
    check("11 NimSum 3", infix("NimSum", int(11), int(3)));
    check("^ Heat 2", infix("Heat", up(1), int(2)));
    check("*2 Heat 2", infix("Heat", nimber(2), int(2)));
    check(
        "G Heat 2 == H",
        cmp(CmpOp::Eq, infix("Heat", name("G"), int(2)), name("H")),
    );
    check("*4:*5", bin(BinOp::OrdinalSum, nimber(4), nimber(5)));
    check(
        "a:b:c",
        bin(
            BinOp::OrdinalSum,
            bin(BinOp::OrdinalSum, name("a"), name("b")),
            name("c"),
        ),
    );
    check(
        "a:b*c",
        bin(BinOp::OrdinalSum, name("a"), mul(name("b"), name("c"))),
    );
    check(
        "a+b:c",
        add(name("a"), bin(BinOp::OrdinalSum, name("b"), name("c"))),
    );
    check("-a:b", bin(BinOp::OrdinalSum, neg(name("a")), name("b")));
    check("1 + 2 * 3", add(int(1), mul(int(2), int(3))));
    check("1 - 2 - 3", sub(sub(int(1), int(2)), int(3)));
    check(
        "a / b % c",
        bin(BinOp::Mod, bin(BinOp::Div, name("a"), name("b")), name("c")),
    );
    check(
        "1..n+1",
        e(ExprKind::Range {
            from: Box::new(int(1)),
            to: Box::new(add(name("n"), int(1))),
            step: None,
        }),
    );
    check(
        "a or b and not c",
        logic(
            LogicOp::Or,
            name("a"),
            logic(LogicOp::And, name("b"), unary(UnaryOp::Not, name("c"))),
        ),
    );
    check(
        "not a == b",
        unary(UnaryOp::Not, cmp(CmpOp::Eq, name("a"), name("b"))),
    );
    check(
        "not a and b",
        logic(LogicOp::And, unary(UnaryOp::Not, name("a")), name("b")),
    );
    check(
        "not not a",
        unary(UnaryOp::Not, unary(UnaryOp::Not, name("a"))),
    );
    check(
        "a < b and c",
        logic(
            LogicOp::And,
            cmp(CmpOp::Lt, name("a"), name("b")),
            name("c"),
        ),
    );
    check("-x.Mean", neg(member(name("x"), "Mean", None)));
    check("+x", unary(UnaryOp::Plus, name("x")));
    check("-+x", neg(unary(UnaryOp::Plus, name("x"))));
}

#[test]
fn non_associative_operators() {
    let e = err("a < b < c");
    assert_eq!(e.offset, 6);
    assert!(e.message.contains("chained"), "{e:?}");
    assert!(parse_statements("a == b != c").is_err());
    // A second `..` is the step; a third is an error.
    assert!(parse_statements("1..2..3").is_ok());
    let e = err("1..2..3..4");
    assert!(e.message.contains("ranges cannot be chained"), "{e:?}");
    assert_eq!(e.offset, 7);
    assert!(parse_statements("- not x").is_err());
}

#[test]
fn precedence_with_spans() {
    let x = parse_raw("3 + {1|0}");
    assert_eq!(x.span, Span::new(0, 9));
    let ExprKind::Binary { lhs, rhs, .. } = &x.kind else {
        panic!("not binary")
    };
    assert_eq!(lhs.span, Span::new(0, 1));
    assert_eq!(rhs.span, Span::new(4, 9));
    assert_eq!(parse_raw("-1^").span, Span::new(0, 3));
    assert_eq!(parse_raw("(1+2)").span, Span::new(0, 5));
    assert_eq!(parse_raw("f(x).Mean").span, Span::new(0, 9));
}

// ---------------------------------------------------------------- names, calls, collections

#[test]
fn names_members_calls() {
    check("x", name("x"));
    check("Left", name("Left"));
    check(
        "game.heap.Kayles",
        member(member(name("game"), "heap", None), "Kayles", None),
    );
    // On `game.` paths the arguments are applied to the member, as ast.rs documents.
    let heap = || member(name("game"), "heap", None);
    check(
        "game.heap.Kayles(5)",
        apply(member(heap(), "Kayles", None), vec![pos(int(5))]),
    );
    check(
        "G.Cool(1/2)",
        member(name("G"), "Cool", Some(vec![pos(frac(1, 2))])),
    );
    check(
        "game.x.y.f(1).g(2)",
        member(
            apply(
                member(
                    member(member(name("game"), "x", None), "y", None),
                    "f",
                    None,
                ),
                vec![pos(int(1))],
            ),
            "g",
            Some(vec![pos(int(2))]),
        ),
    );
    check("f(x, y)", call("f", vec![pos(name("x")), pos(name("y"))]));
    check("f()", call("f", vec![]));
    check("R(5)", call("R", vec![pos(int(5))]));
    check("R[3,4]", index(name("R"), vec![int(3), int(4)]));
    check(
        "x[1](2)",
        apply(index(name("x"), vec![int(1)]), vec![pos(int(2))]),
    );
    check(
        "f(1)(2)",
        apply(call("f", vec![pos(int(1))]), vec![pos(int(2))]),
    );
    check("(f)(2)", apply(name("f"), vec![pos(int(2))]));
    check(
        "x.Options(Left)",
        member(name("x"), "Options", Some(vec![pos(name("Left"))])),
    );
    check(
        "game.heap.Subtraction([2,3,7], allbut => true)(10).Genus",
        member(
            apply(
                apply(
                    member(heap(), "Subtraction", None),
                    vec![
                        pos(list(vec![int(2), int(3), int(7)])),
                        named("allbut", e(ExprKind::Bool(true))),
                    ],
                ),
                vec![pos(int(10))],
            ),
            "Genus",
            None,
        ),
    );
    check(
        "game.heap.Wythoff((10,11))",
        apply(
            member(heap(), "Wythoff", None),
            vec![pos(tuple(vec![int(10), int(11)]))],
        ),
    );
    // Postfix operators attach without white space.
    assert!(parse_statements("f (x)").is_err());
}

#[test]
fn collections_strings_booleans() {
    check("[1, 2]", list(vec![int(1), int(2)]));
    check("[]", list(vec![]));
    check("(1, 2)", tuple(vec![int(1), int(2)]));
    check("(1)", int(1));
    check("\"0.77\"", string("0.77"));
    check(r#""a\"b\\c\n""#, string("a\"b\\c\n"));
    check("true", e(ExprKind::Bool(true)));
    check("false", e(ExprKind::Bool(false)));
    check("truex", name("truex"));
    check(
        "[S[n] for n in 0..20]",
        comp(
            CollectionKind::List,
            index(name("S"), vec![name("n")]),
            None,
            vec![for_in("n", range(int(0), int(20), None))],
        ),
    );
    assert!(parse_statements("()").is_err());
    assert!(parse_statements("[1,2,]").is_err());
    assert!(parse_statements("(1,)").is_err());
}

// ---------------------------------------------------------------- statements

#[test]
fn assignments_and_definitions() {
    check("x := {1|0}", assign("x", game(vec![int(1)], vec![int(0)])));
    let s = statements("def f(x, y) := x + y");
    assert_eq!(
        s[0].kind,
        StatementKind::Def {
            name: "f".into(),
            lambda: std::sync::Arc::new(Lambda {
                params: vec![param("x"), param("y")],
                body: add(name("x"), name("y"))
            })
        }
    );
    let s = statements("def g() := 1");
    assert_eq!(
        s[0].kind,
        StatementKind::Def {
            name: "g".into(),
            lambda: std::sync::Arc::new(Lambda {
                params: vec![],
                body: int(1)
            })
        }
    );
    check("default := 3", assign("default", int(3)));
    // Assignment is right-associative.
    check("x := y := 3", assign("x", assign("y", int(3))));
    assert!(parse_statements("f(x) := 3").is_err());
}

#[test]
fn lone_equals_is_explained() {
    let e = err("a = 3");
    assert_eq!(e.offset, 2);
    assert!(
        e.message.contains(":=") && e.message.contains("=="),
        "{e:?}"
    );
    let e = err("if a = b");
    assert!(parse_statements("a == b").is_ok());
    assert!(e.offset > 0);
}

#[test]
fn statement_separators() {
    let s = statements("1; 2");
    assert_eq!(s.len(), 2);
    assert!(s[0].silent);
    assert!(!s[1].silent);
    let s = statements("x := 3;\ny := x + 1;\nx + y");
    assert_eq!(s.len(), 3);
    assert_eq!((s[0].silent, s[1].silent, s[2].silent), (true, true, false));
    let s = statements("\n\n  1  \n\n;;\n2 // two\n// only a comment\n");
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].kind, StatementKind::Expr(int(2)));
    assert!(statements("").is_empty());
    assert!(statements("  // nothing\n").is_empty());
}

#[test]
fn statement_spans() {
    let s = parse_statements("  1 + 2 ; x := 3 // c\n{1|\n 0}").unwrap_or_default();
    assert_eq!(s.len(), 3);
    assert_eq!(s[0].span, Span::new(2, 7));
    assert_eq!(s[1].span, Span::new(10, 16));
    assert_eq!(s[2].span, Span::new(22, 29));
    let StatementKind::Expr(x) = &s[2].kind else {
        panic!("not an expression")
    };
    assert_eq!(x.span, Span::new(22, 29));
}

#[test]
fn open_brackets_continue_the_line() {
    let s = statements("{1|\n0}");
    assert_eq!(s.len(), 1);
    assert_eq!(
        s[0].kind,
        StatementKind::Expr(game(vec![int(1)], vec![int(0)]))
    );
    assert_eq!(statements("f(1,\n2)").len(), 1);
    assert_eq!(statements("<0|\n*>").len(), 1);
    assert_eq!(statements("[1,\n // comment {\n 2]\n3").len(), 2);
    // `<` after an operand is a comparison: the line dangles, so it continues.
    assert_eq!(statements("a <\nb").len(), 1);
}

#[test]
fn hash_is_not_a_comment() {
    assert!(parse_statements("1 # 2").is_err());
    assert_eq!(statements("1 // 2").len(), 1);
}

// ---------------------------------------------------------------- errors

#[test]
fn error_messages_and_offsets() {
    let cases: &[(&str, usize, &str)] = &[
        ("{1|", 0, "`{` is never closed"),
        ("f(1,", 1, "`(` is never closed"),
        ("<0|", 0, "`<` is never closed"),
        ("<", 0, "`<` is never closed"),
        ("[1, 2", 0, "`[` is never closed"),
        ("{1|(2", 3, "`(` is never closed"),
        ("}", 0, "unexpected `}`"),
        (")", 0, "unexpected `)`"),
        ("1 + 2)", 5, "unexpected `)`"),
        ("1|0", 1, "unexpected `|`"),
        (":=", 0, "found `:=`"),
        ("..", 0, "found `..`"),
        ("😀", 0, "found `😀`"),
        ("{1|,}", 3, "expected an option, `|` or `}`"),
        ("{1,}", 3, "expected an option"),
        ("1 2", 2, "expected an operator or the end of the statement"),
        ("1 +", 3, "expected an expression"),
        ("\"abc", 0, "unterminated string"),
        ("/* open", 0, "unclosed comment"),
        ("1 /* open\n2", 2, "unclosed comment"),
        ("1\n{1|", 2, "`{` is never closed"),
        ("x := 1\ny := ", 12, "expected an expression"),
        ("3 * * *", 7, "expected an expression at the end"),
        ("{1)", 2, "the `{` before it must be closed first, with `}`"),
        ("1 \"a\"", 2, "expected an operator"),
        ("f (x)", 2, "found `(`"),
        ("L[1] := 2", 5, "only a plain name"),
        ("for 3 from 1 to 5 yield 6 end", 4, "expected a name"),
        ("return 3", 0, "`return` is not supported"),
        ("- not x", 2, "`not` cannot follow a sign"),
        ("<1>", 2, "expected `|`"),
    ];
    for (src, offset, message) in cases {
        let e = err(src);
        assert!(
            e.message.contains(message),
            "{src:?}: {e:?} should say {message:?}"
        );
        assert_eq!(e.offset, *offset, "{src:?}: {e:?}");
    }
}

#[test]
fn habits_from_other_languages_say_what_to_write() {
    let cases: &[(&str, &str)] = &[
        ("true && false", "write `and`"),
        ("!true", "write `not`"),
        ("true || false", "write `or`"),
        ("x += 1", "write `x := x + …`"),
        ("total *= 2", "write `total := total * …`"),
        ("0.5", "`1/2`"),
        ("2.25", "`9/4`"),
        ("1e3", "`1000` or `10 ^ 3`"),
        ("2E5", "`200000` or `2 * 10 ^ 5`"),
        ("3 ** 2", "`a ^ b` (with spaces) or `pow(a, b)`"),
    ];
    for (src, message) in cases {
        let e = err(src);
        assert!(
            e.message.contains(message),
            "{src:?}: {e:?} should say {message:?}"
        );
    }
    // Still read as CGSuite reads them: no hint where the text parses.
    assert!(parse_statements("{1||0}").is_ok());
    assert!(
        parse_statements("3**2").is_ok(),
        "3 * *2, a trap the guide lists"
    );
    assert!(parse_statements("x != y").is_ok());
}

#[test]
fn errors_never_leak_rule_names() {
    let inputs = [
        "{1|",
        "1 2",
        "f(",
        "<1 == 0|0>",
        "1 +",
        "x :=",
        "def f(",
        "[1 for]",
        "a.",
        "*(",
        "^(",
        "1 2 3",
    ];
    for src in inputs {
        let e = err(src);
        for raw in [
            "EOI",
            "op_",
            "opt_",
            "game_lit",
            "operand",
            "infix_name",
            "statement_input",
        ] {
            assert!(!e.message.contains(raw), "{src:?}: {}", e.message);
        }
        assert!(e.offset <= src.len(), "{src:?}: {e:?}");
    }
}

// ---------------------------------------------------------------- nesting and size limits

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let n = 100_000;
    let cases = [
        "{".repeat(n),
        "(".repeat(n),
        "[".repeat(n),
        "<".repeat(n),
        "{(<[".repeat(n / 4),
        format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}|{}", "{".repeat(n), "}".repeat(n)),
        format!("{}1", "-".repeat(n)),
        format!("{}1", "+-".repeat(n / 2)),
        format!("{}1", "±".repeat(n)),
        format!("{}x", "not ".repeat(n)),
        format!("{}1", "-(".repeat(n / 2)),
        format!("{}1", "x*<".repeat(n / 3)),
        format!("{}1", "G Heat <".repeat(n / 8)),
        format!("x := {}1", "*(".repeat(n / 2)),
    ];
    for src in cases {
        let e = err(&src);
        assert!(
            e.message.contains("nesting too deep"),
            "{}...: {e:?}",
            &src[..20]
        );
        assert!(e.offset <= src.len());
    }
    // The offending bracket is the first one past the limit.
    assert_eq!(err(&"{".repeat(n)).offset, MAX_NESTING);
}

#[test]
fn nesting_up_to_the_limit_parses() {
    let n = MAX_NESTING;
    let parens = format!("{}1{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(parse(&parens), int(1));
    let braces = format!("{}|{}", "{".repeat(n), "}".repeat(n));
    assert!(parse_statements(&braces).is_ok());
    let angles = format!("{}{}", "<".repeat(n), "|>".repeat(n));
    assert!(
        parse_statements(&angles).is_ok(),
        "{:?}",
        parse_statements(&angles).err()
    );
    let minus = format!("{}x", "-".repeat(n - 1));
    assert!(parse_statements(&minus).is_ok());
    let too_deep = format!("{}1{}", "(".repeat(n + 1), ")".repeat(n + 1));
    assert!(parse_statements(&too_deep).is_err());
}

/// Every bracketing construct nested right up to the limit parses: the parser thread's
/// stack must be big enough for the deepest recursion of pest and of the tree builder.
#[test]
fn every_construct_nests_up_to_the_limit() {
    let n = MAX_NESTING - 8;
    let nest = |open: &str, inner: &str, close: &str, n: usize| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    let cases = [
        nest("(", "1", ")", n),
        nest("{", "|", "}", n),
        nest("{", "0|", "|}", n),
        nest("<", "", "|>", n),
        nest("[", "1", "]", n),
        nest("f(", "1", ")", n),
        nest("*(", "1", ")", n),
        nest("^(", "1", ")", n),
        nest("v(", "1", ")", n),
        nest("x.f(", "1", ")", n),
        nest("x[", "1", "]", n),
        nest("'{", "", "|}'", n),
        nest("-(", "1", ")", n / 2),
        nest("1Tiny(", "1", ")", n),
        nest("[x for x in ", "1", "]", n),
        nest("f(a => ", "1", ")", n),
        nest("{1,", "1", "}", n),
        nest("*[", "1", "]", n),
    ];
    for src in cases {
        let result = parse_statements(&src);
        assert!(result.is_ok(), "{}...: {:?}", &src[..12], result.err());
    }
}

#[test]
fn many_bar_levels_nest_without_recursion() {
    // {0|1||2|||3||||4...}: each longer run nests everything before it one level deeper.
    let levels = 1000;
    let mut src = String::from("{0");
    for k in 1..=levels {
        src += &"|".repeat(k);
        src += &k.to_string();
    }
    src += "}";
    let mut expr = parse(&src);
    for k in (1..=levels).rev() {
        let ExprKind::Game { mut left, right } = expr.kind else {
            panic!("level {k}: not a game")
        };
        assert_eq!(right, vec![int(k as i64)]);
        expr = left
            .pop()
            .unwrap_or_else(|| panic!("level {k}: no left option"));
    }
    assert_eq!(expr, int(0));
}

#[test]
fn long_operator_chains_are_bounded() {
    // A left-nested chain is one level per operator: allowed up to MAX_DEPTH ...
    let sum = vec!["{1|0}"; 10_000].join(" + ");
    assert!(parse_statements(&sum).is_ok());
    // ... and refused beyond, instead of building a tree too deep to drop.
    let e = err(&vec!["1"; 100_000].join("+"));
    assert!(e.message.contains("too deep"), "{e:?}");
    let e = err(&format!("[{}, 1 < 2 < 3]", vec!["1"; 20_000].join("+")));
    assert!(e.message.contains("too deep"), "{e:?}");
}

#[test]
fn failing_nested_braces_parse_in_linear_time() {
    // Found by the fuzz target (fuzz/): each `{` whose contents failed was parsed a second
    // time by the empty-first-side alternative, so 20 open braces took half a minute and 40
    // would never end. With the fix these take microseconds; the deadline only keeps a
    // regression from hanging the suite.
    let inputs = [
        "{".repeat(40),
        format!("{}}}", "{".repeat(40)),
        format!("{}(*[[[2]]]).amIsTame", "{".repeat(40)),
        format!("{}1|", "{".repeat(40)),
    ];
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let messages: Vec<String> = inputs.iter().map(|s| err(s).message).collect();
        let _ = tx.send(messages);
    });
    let messages = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("parsing 40 unclosed braces took over 10 s: exponential again");
    for m in &messages {
        assert_eq!(m, "`{` is never closed: it needs a matching `}`");
    }
    // The alternative the guard now skips is still taken where it is needed.
    assert!(parse_statements("{|1}").is_ok());
    assert!(parse_statements("{}").is_ok());
    assert!(parse_statements("{||1|2}").is_ok());
}

/// Whether every input fails to parse, on a thread of its own. With the grammar's guards these
/// take microseconds; the 10 s deadline only keeps an exponential regression from hanging the
/// suite.
fn all_fail_in_time(inputs: Vec<String>, what: &str) -> bool {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let failed = inputs.iter().all(|s| parse_statements(s).is_err());
        let _ = tx.send(failed);
    });
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("parsing {what} took over 10 s: exponential again"))
}

#[test]
fn failing_nested_star_counts_parse_in_linear_time() {
    // Found by the fuzz target: `v*(` was tried as the star count `v*(e)` and, when `e`
    // failed, again as `v * (e)`, so each level parsed its contents twice (20 levels: 6 s).
    assert!(all_fail_in_time(
        vec![
            "(v*".repeat(40) + "$",
            "(^*".repeat(40) + "$",
            "[^*(".repeat(40)
        ],
        "nested `(v*`"
    ));
    // The star count and the product both still parse where they are meant.
    assert!(parse_statements("^*(2+1)").is_ok());
    assert!(parse_statements("v*(3)").is_ok());
    assert!(parse_statements("2v*(3)").is_ok());
}

#[test]
fn failing_nested_up_counts_parse_in_linear_time() {
    // Found by the fuzz target: `1^(` was tried as the up count `1^(e)` and, when `e` failed,
    // again as the power `1 ^ (e)` (18 levels: 1 s; 24: 3 minutes).
    assert!(all_fail_in_time(
        vec![
            "1^(".repeat(40) + "1",
            "1^(".repeat(40) + "1 +" + &")".repeat(40),
            "({1^(R1^".repeat(40) + "[",
        ],
        "nested `1^(`"
    ));
    // The up count and the power both still parse where they are meant.
    assert!(parse_statements("2^(3)").is_ok());
    assert!(parse_statements("2^(3)^(2)").is_ok());
    assert!(parse_statements("x^(2)").is_ok());
    assert!(parse_statements("(2)^(1, 2)").is_ok());
}

#[test]
fn big_inputs_parse() {
    // Their speed is measured by `benches/parse.rs`; here only that they parse.
    // A flat list of 200 000 options (about 0.4 MB).
    let flat = format!("{{{}|}}", vec!["0"; 200_000].join(","));
    let parsed = parse_statements(&flat);
    let Ok([stmt]) = parsed.as_deref() else {
        panic!("flat list: {:?}", parsed.err())
    };
    let StatementKind::Expr(Expr {
        kind: ExprKind::Game { left, right },
        ..
    }) = &stmt.kind
    else {
        panic!("flat list is not a game")
    };
    assert_eq!((left.len(), right.len()), (200_000, 0));

    // A sum of 10 000 terms.
    let sum = vec!["{1*,1*|^,-2}"; 10_000].join(" + ");
    let parsed = parse_statements(&sum);
    assert!(parsed.is_ok());

    // About 1 MB of canonical form: deeply nested games with juxtaposed literals, then a
    // long list of small options.
    let mut g = String::from("{0||0,v*|vv}");
    while g.len() < 500_000 {
        g = format!("{{{g},1/2*,^3|||-3/2v*2,{g}||-1|-2}}");
    }
    let pad_len = (1_000_000 - g.len()) / 32;
    let nested = format!(
        "{{{g}|{}}}",
        vec!["1/2*,-3/2v*2,{0||0,v*|vv},73/16"; pad_len].join(",")
    );
    assert!(nested.len() >= 990_000);
    let parsed = parse_statements(&nested);
    assert!(parsed.is_ok());
}

// ---------------------------------------------------------------- needs_more_input

#[test]
fn needs_more_input_cases() {
    for src in [
        "{1|", "<0|", "f(1,", "[1, 2", "{1|\n0", "x := <", "'{1|", "{\"}\"", "{ // }",
    ] {
        assert!(needs_more_input(src), "{src:?}");
    }
    for src in [
        "{1|0}",
        "a < b",
        "1 <| 2",
        "\"{\"",
        "// {",
        "",
        "1)",
        "3 > 2",
        "{1|0} > <1|0>",
        "^<2>",
        // A closer that matches no open bracket cannot be repaired by more lines.
        "(1\n]",
        "{1|[0}\n)",
        "begin\n  (1 ]",
    ] {
        assert!(!needs_more_input(src), "{src:?}");
    }
}

// ---------------------------------------------------------------- conformance corpus

/// Every expression of the public conformance cases parses, except those CGSuite itself
/// rejects as syntax errors.
#[test]
fn conformance_expressions_parse() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/cgsuite-public.tsv"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipping: {path} not found");
        return;
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("id\t") || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(expr), Some(expected)) = (cols.get(3), cols.get(4)) else {
            continue;
        };
        let result = parse_statements(expr);
        if expected.starts_with("!!Syntax") {
            if result.is_ok() {
                failures.push(format!("{expr}: should be a syntax error"));
            }
        } else if let Err(e) = result {
            failures.push(format!("{expr}: {} at {}", e.message, e.offset));
        }
        checked += 1;
    }
    assert!(checked > 500, "only {checked} cases found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// CGSuite's printed game notation in the expected column parses back (apart from notations
/// that are not games: misère forms, genus values, uptimal expansions).
#[test]
fn conformance_outputs_parse_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/cgsuite-public.tsv"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let mut failures = Vec::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(expr), Some(expected)) = (cols.get(3), cols.get(4)) else {
            continue;
        };
        let not_a_game = expected.contains('#')
            || expr.ends_with(".Genus")
            || expr.ends_with(".UptimalExpansion");
        if line.starts_with('#') || expected.starts_with("!!") || not_a_game {
            continue;
        }
        if let Err(e) = parse_statements(expected) {
            failures.push(format!("{expected}: {}", e.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------- properties

/// A literal in printed form from its parts, and the tree it must parse to.
fn printed_literal(num: Option<(i64, i64)>, ups: i64, star: i64) -> String {
    let mut s = String::new();
    if let Some((p, q)) = num {
        s += &if q == 1 {
            p.to_string()
        } else {
            format!("{p}/{q}")
        };
    }
    s += &match ups {
        0 => String::new(),
        1 => "^".into(),
        2 => "^^".into(),
        -1 => "v".into(),
        -2 => "vv".into(),
        n if n > 0 => format!("^{n}"),
        n => format!("v{}", -n),
    };
    s += &match star {
        0 => String::new(),
        1 => "*".into(),
        n => format!("*{n}"),
    };
    s
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// The parser never panics, and error offsets point into the input.
    #[test]
    fn never_panics(src in "[{}<>()\\[\\]|,.:;=+\\-*/%^v0-9a-zA-Z _'\"!±↑↓⇑⇓#\n]{0,40}") {
        match parse_statements(&src) {
            Ok(stmts) => for s in stmts {
                proptest::prop_assert!(s.span.end <= src.len());
            },
            Err(e) => {
                proptest::prop_assert!(e.offset <= src.len());
                proptest::prop_assert!(src.is_char_boundary(e.offset));
                proptest::prop_assert!(!e.message.is_empty());
                proptest::prop_assert!(!e.message.contains("internal"), "{src:?}: {e:?}");
            }
        }
        let _ = needs_more_input(&src);
    }

    /// Nor does arbitrary text.
    #[test]
    fn never_panics_on_any_text(src in proptest::prelude::any::<String>()) {
        if let Err(e) = parse_statements(&src) {
            proptest::prop_assert!(e.offset <= src.len() && src.is_char_boundary(e.offset));
            proptest::prop_assert!(!e.message.contains("internal"), "{src:?}: {e:?}");
        }
        let _ = needs_more_input(&src);
    }

    /// Keywords and structure-heavy input never panic either.
    #[test]
    fn never_panics_on_tokens(tokens in proptest::collection::vec(proptest::sample::select(vec![
        "{", "}", "<", ">", "(", ")", "[", "]", "|", "||", ",", ":=", "=", "==", "<|", "|>", "<>",
        "..", "+-", "-", "+", "*", "/", ":", ".", "^", "v", "vv", "*2", "1", "1/2", "x", "Heat",
        "not", "and", "or", "def", "for", "in", "true", "'", "\"s\"", " ", "\n", ";", "//", "=>",
    ]), 0..30)) {
        let src = tokens.concat();
        if let Err(e) = parse_statements(&src) {
            proptest::prop_assert!(e.offset <= src.len());
            proptest::prop_assert!(!e.message.contains("internal"), "{src:?}: {e:?}");
        }
        let _ = needs_more_input(&src);
    }

    /// Printed literals parse back to their parts.
    #[test]
    fn printed_literals_round_trip(
        num in proptest::option::of((-50i64..50, proptest::sample::select(vec![1i64, 2, 4, 16]))),
        ups in -20i64..20,
        star in 0i64..20,
    ) {
        let src = printed_literal(num, ups, star);
        proptest::prop_assume!(!src.is_empty());
        let expected = lit(num, (ups != 0).then_some(ups), (star != 0).then_some(star));
        proptest::prop_assert_eq!(parse(&src), expected.clone());
        // Also inside a game, next to other options.
        let in_game = format!("{{{src},{src}|{src}}}");
        proptest::prop_assert_eq!(parse(&in_game), game(vec![expected.clone(), expected.clone()], vec![expected]));
    }
}

// ---------------------------------------------------------------- exploration aid

/// `CGCALC_EXPLORE='1+2' cargo test explore -- --ignored --nocapture` prints parses.
#[test]
#[ignore]
fn explore() {
    let input = std::env::var("CGCALC_EXPLORE").unwrap_or_default();
    for line in input.split('\n') {
        match parse_statements(line) {
            Ok(stmts) => {
                let shown: Vec<String> = stmts
                    .iter()
                    .map(|s| match &s.kind {
                        StatementKind::Expr(e) => format!("{e:?}"),
                        StatementKind::Def { name, lambda } => {
                            format!("def {name} = {}", render_lambda(lambda))
                        }
                    } + if s.silent { ";" } else { "" })
                    .collect();
                println!("{line:<30} => {}", shown.join("  ||  "));
            }
            Err(e) => println!("{line:<30} => ERR @{} {}", e.offset, e.message),
        }
    }
}

// ---------------------------------------------------------------- CGScript control forms

fn block_of(items: Vec<Expr>) -> Vec<Expr> {
    items
}

fn if_expr(branches: Vec<(Expr, Vec<Expr>)>, otherwise: Option<Vec<Expr>>) -> Expr {
    e(ExprKind::If {
        branches,
        otherwise,
    })
}

fn loop_expr(clauses: Vec<Clause>, body: LoopBody) -> Expr {
    e(ExprKind::Loop { clauses, body })
}

fn var(n: &str, value: Option<Expr>) -> Expr {
    e(ExprKind::Var {
        name: n.into(),
        value: value.map(Box::new),
    })
}

#[test]
fn if_then_elseif_else() {
    check(
        "if 5 > 4 then 3 end",
        if_expr(vec![(cmp(CmpOp::Gt, int(5), int(4)), vec![int(3)])], None),
    );
    check(
        "if a then 1 elseif b then 2; 3 else 4 end",
        if_expr(
            vec![(name("a"), vec![int(1)]), (name("b"), vec![int(2), int(3)])],
            Some(vec![int(4)]),
        ),
    );
    // An ordinary operand.
    check(
        "1 + if k > 0 then k else 0 end",
        add(
            int(1),
            if_expr(
                vec![(cmp(CmpOp::Gt, name("k"), int(0)), vec![name("k")])],
                Some(vec![int(0)]),
            ),
        ),
    );
    check("if a then end", if_expr(vec![(name("a"), vec![])], None));
    assert!(parse_statements("if a then 1").is_err());
    assert!(parse_statements("if a 1 end").is_err());
    assert!(parse_statements("elseif").is_err());
}

#[test]
fn begin_blocks_and_var() {
    check("begin end", e(ExprKind::Begin(vec![])));
    // A `;` inside a block suppresses nothing, and empty statements vanish.
    check("begin 4; end", e(ExprKind::Begin(vec![int(4)])));
    check(
        "begin var t := 2; t * 5 end",
        e(ExprKind::Begin(block_of(vec![
            var("t", Some(int(2))),
            mul(name("t"), int(5)),
        ]))),
    );
    check("var x", var("x", None));
    check("var f := x -> x", var("f", Some(lambda(&["x"], name("x")))));
    assert!(parse_statements("var a, b").is_err());
    let e = err("var x := y := 1");
    assert!(e.message.contains("var"), "{e:?}");
    assert!(parse_statements("begin var x end").is_ok());
    assert!(parse_statements("1 + var x").is_err());
}

#[test]
fn assignment_is_an_expression() {
    check("[x := 3, 2]", list(vec![assign("x", int(3)), int(2)]));
    check("a := b := 0", assign("a", assign("b", int(0))));
    check("x := 1 + 2", assign("x", add(int(1), int(2))));
    check("f := (x := 3)", assign("f", assign("x", int(3))));
    for src in [
        "L[1] := 2",
        "x.Foo := 1",
        "1 := 2",
        "a + b := 3",
        "x -> y := 3",
    ] {
        assert!(parse_statements(src).is_err(), "{src:?}");
    }
    let e = err("L[1] := 2");
    assert_eq!(e.offset, 5);
    assert!(e.message.contains("Updated"), "{e:?}");
}

#[test]
fn lambdas() {
    check("x -> x + 1", lambda(&["x"], add(name("x"), int(1))));
    check(
        "(x, y) -> (x - y) / 2",
        lambda(
            &["x", "y"],
            bin(BinOp::Div, sub(name("x"), name("y")), int(2)),
        ),
    );
    check("() -> 1", lambda(&[], int(1)));
    // Right-associative; `->` binds more loosely than `or`.
    check(
        "x -> y -> x or y",
        lambda(
            &["x"],
            lambda(&["y"], logic(LogicOp::Or, name("x"), name("y"))),
        ),
    );
    check("f := x -> x", assign("f", lambda(&["x"], name("x"))));
    check("x -> (y := x)", lambda(&["x"], assign("y", name("x"))));
    check("x->y", lambda(&["x"], name("y")));
    check(
        "L.ForAll(x -> x == 7)",
        member(
            name("L"),
            "ForAll",
            Some(vec![pos(lambda(&["x"], cmp(CmpOp::Eq, name("x"), int(7))))]),
        ),
    );
    let mut with_default = param("b");
    with_default.default = Some(int(2));
    check(
        "(a, b ? 2) -> a + b",
        e(ExprKind::Lambda(std::sync::Arc::new(Lambda {
            params: vec![param("a"), with_default],
            body: add(name("a"), name("b")),
        }))),
    );
    // A tuple is still a tuple, and `(x)` still a parenthesised name.
    check("(x, y)", tuple(vec![name("x"), name("y")]));
    check("(x)", name("x"));
    assert!(parse_statements("(1, 2) -> 3").is_err());
    assert!(parse_statements("x ->").is_err());
    assert!(parse_statements("-x -> 1").is_err());
    check("-(x -> 1)", neg(lambda(&["x"], int(1))));
    check("not x -> y", unary(UnaryOp::Not, lambda(&["x"], name("y"))));
}

#[test]
fn definitions_with_blocks_and_defaults() {
    let s = statements("def u(x) begin y := x + 4; y; end");
    let StatementKind::Def { name: n, lambda: l } = &s[0].kind else {
        panic!("not a def")
    };
    assert_eq!(n, "u");
    assert_eq!(
        l.body,
        e(ExprKind::Begin(vec![
            assign("y", add(name("x"), int(4))),
            name("y")
        ]))
    );
    let s = statements("def f(a, b ? 1) := a + b");
    let StatementKind::Def { lambda: l, .. } = &s[0].kind else {
        panic!("not a def")
    };
    assert_eq!(l.params[1].default, Some(int(1)));
    // No `;` is needed after `end`, on one line or several.
    assert_eq!(statements("def g(x) begin x end\ng(2)").len(), 2);
    assert_eq!(statements("def g(x)\nbegin\n  x\nend\ng(2)").len(), 2);
    assert!(parse_statements("begin def f(x) := x end").is_err());
}

#[test]
fn loops_and_clauses() {
    check(
        "for x from 1 to 5 yield x*x end",
        loop_expr(
            vec![for_clause(
                "x",
                ForSource::From {
                    from: int(1),
                    to: Some(int(5)),
                    by: None,
                },
            )],
            LoopBody::Yield(vec![vec![mul(name("x"), name("x"))]]),
        ),
    );
    check(
        "for x := 5 yield x yield x + 1 end",
        loop_expr(
            vec![for_clause("x", ForSource::Let(int(5)))],
            LoopBody::Yield(vec![vec![name("x")], vec![add(name("x"), int(1))]]),
        ),
    );
    check(
        "while x < 3 where y do x := x + 1 end",
        loop_expr(
            vec![Clause::While {
                cond: cmp(CmpOp::Lt, name("x"), int(3)),
                where_cond: Some(name("y")),
            }],
            LoopBody::Do(vec![assign("x", add(name("x"), int(1)))]),
        ),
    );
    check(
        "for i in L while i > 0 where i != 2 for j from i by -1 do end",
        loop_expr(
            vec![
                Clause::For {
                    var: "i".into(),
                    var_span: Span::default(),
                    source: ForSource::In(name("L")),
                    while_cond: Some(cmp(CmpOp::Gt, name("i"), int(0))),
                    where_cond: Some(cmp(CmpOp::Ne, name("i"), int(2))),
                },
                for_clause(
                    "j",
                    ForSource::From {
                        from: name("i"),
                        to: None,
                        by: Some(int(-1)),
                    },
                ),
            ],
            LoopBody::Do(vec![]),
        ),
    );
    for src in [
        "for 3 from 1 to 5 yield 6 end",
        "for x to 5 do end",
        "do 1 end",
        "for x in L do 1",
        "for x in L end",
        "[x while x < 3]",
        "for x in L while y while z do end",
    ] {
        assert!(parse_statements(src).is_err(), "{src:?}");
    }
    assert_eq!(err("for 3 from 1 to 5 yield 6 end").offset, 4);
}

#[test]
fn comprehensions() {
    let x2 = pow(name("x"), int(2));
    check(
        "[x^2 for x in L]",
        comp(
            CollectionKind::List,
            x2.clone(),
            None,
            vec![for_in("x", name("L"))],
        ),
    );
    check(
        "(x^2 for x in L)",
        comp(
            CollectionKind::List,
            x2.clone(),
            None,
            vec![for_in("x", name("L"))],
        ),
    );
    check(
        "{x^2 for x in [1,3]}",
        comp(
            CollectionKind::Set,
            x2.clone(),
            None,
            vec![for_in("x", list(vec![int(1), int(3)]))],
        ),
    );
    check(
        "{n => n.Lb for n in L}",
        comp(
            CollectionKind::Map,
            name("n"),
            Some(member(name("n"), "Lb", None)),
            vec![for_in("n", name("L"))],
        ),
    );
    check(
        "Sum(k*k for k in L)",
        call(
            "Sum",
            vec![pos(comp(
                CollectionKind::List,
                mul(name("k"), name("k")),
                None,
                vec![for_in("k", name("L"))],
            ))],
        ),
    );
    check(
        "[x for x in A for y in B where x < y]",
        comp(
            CollectionKind::List,
            name("x"),
            None,
            vec![
                for_in("x", name("A")),
                Clause::For {
                    var: "y".into(),
                    var_span: Span::default(),
                    source: ForSource::In(name("B")),
                    while_cond: None,
                    where_cond: Some(cmp(CmpOp::Lt, name("x"), name("y"))),
                },
            ],
        ),
    );
    assert!(parse_statements("f(a, x for x in L)").is_err());
    assert!(parse_statements("f(n => x for x in L)").is_err());
}

#[test]
fn maps_and_brace_readings() {
    check("{=>}", e(ExprKind::Map(vec![])));
    check(
        "{7 => true, 1/2 => ^^*}",
        e(ExprKind::Map(vec![
            (int(7), e(ExprKind::Bool(true))),
            (frac(1, 2), lit(None, Some(2), Some(1))),
        ])),
    );
    check(
        "{\"a\" => x -> x}",
        e(ExprKind::Map(vec![(
            string("a"),
            lambda(&["x"], name("x")),
        )])),
    );
    check("{}", set(vec![]));
    check("{1, 2}", set(vec![int(1), int(2)]));
    check("{1 | 2}", game(vec![int(1)], vec![int(2)]));
    check("{|}", game(vec![], vec![]));
    check(
        "{{1|0}, 2 || 3}",
        game(vec![game(vec![int(1)], vec![int(0)]), int(2)], vec![int(3)]),
    );
    // Set elements, map keys and brace options are full expressions.
    check(
        "{x > 2, y -> y}",
        set(vec![
            cmp(CmpOp::Gt, name("x"), int(2)),
            lambda(&["y"], name("y")),
        ]),
    );
    check(
        "{a < b => 1}",
        e(ExprKind::Map(vec![(
            cmp(CmpOp::Lt, name("a"), name("b")),
            int(1),
        )])),
    );
    check(
        "{x == 1 for x in L}",
        comp(
            CollectionKind::Set,
            cmp(CmpOp::Eq, name("x"), int(1)),
            None,
            vec![for_in("x", name("L"))],
        ),
    );
    check(
        "{not a | b is Integer}",
        game(
            vec![unary(UnaryOp::Not, name("a"))],
            vec![e(ExprKind::Is {
                value: Box::new(name("b")),
                type_name: "Integer".into(),
            })],
        ),
    );
    // ... but a run of `|` is always a bar.
    check(
        "{1 || 2 | 3}",
        game(vec![int(1)], vec![game(vec![int(2)], vec![int(3)])]),
    );
    assert!(parse_statements("{1 => 2 | 3}").is_err());
    assert!(parse_statements("'{1 => 2}'").is_err());
    assert!(parse_statements("{=> 1}").is_err());
}

#[test]
fn power_and_juxtaposed_literals() {
    check("x^2", pow(name("x"), int(2)));
    check("x ^ 2", pow(name("x"), int(2)));
    check("-x^2", neg(pow(name("x"), int(2))));
    check("x^y^z", pow(name("x"), pow(name("y"), name("z"))));
    check("(1/2)^4", pow(frac(1, 2), int(4)));
    check("L[1]^2", pow(index(name("L"), vec![int(1)]), int(2)));
    check("f(n)^2", pow(call("f", vec![pos(name("n"))]), int(2)));
    check("2 * x^2", mul(int(2), pow(name("x"), int(2))));
    check(
        "x^2+y^2",
        add(pow(name("x"), int(2)), pow(name("y"), int(2))),
    );
    // Literals that start with a number stay literals.
    check("2^3", lit(Some((2, 1)), Some(3), None));
    check("6^*", lit(Some((6, 1)), Some(1), Some(1)));
    check("^^", up(2));
    check("3*2", lit(Some((3, 1)), None, Some(2)));
    // `*n` and `^n` with a variable n.
    check("*n", star_expr(name("n")));
    check("^n", ups_expr(false, name("n")));
    check(
        "*n + ^n",
        add(star_expr(name("n")), ups_expr(false, name("n"))),
    );
    check("*(n+1)", star_expr(add(name("n"), int(1))));
    check("v(n)", ups_expr(true, name("n")));
    check("vx", name("vx"));
}

#[test]
fn new_operators() {
    check("a === b", cmp(CmpOp::Same, name("a"), name("b")));
    check("a !== b", cmp(CmpOp::NotSame, name("a"), name("b")));
    check("a <=> b", cmp(CmpOp::Order, name("a"), name("b")));
    check("1..10..2", range(int(1), int(10), Some(int(2))));
    check(
        "1..n+1..k",
        range(int(1), add(name("n"), int(1)), Some(name("k"))),
    );
    check(
        "1..4 === [1,2]",
        cmp(
            CmpOp::Same,
            range(int(1), int(4), None),
            list(vec![int(1), int(2)]),
        ),
    );
    check(
        "x + 1 is Integer",
        e(ExprKind::Is {
            value: Box::new(add(name("x"), int(1))),
            type_name: "Integer".into(),
        }),
    );
    check(
        "not x is Integer",
        unary(
            UnaryOp::Not,
            e(ExprKind::Is {
                value: Box::new(name("x")),
                type_name: "Integer".into(),
            }),
        ),
    );
    check("error(\"no\")", e(ExprKind::Error(Box::new(string("no")))));
    check("4 Max 3 + 5", infix("Max", int(4), add(int(3), int(5))));
}

#[test]
fn keywords_are_reserved_but_members_are_not() {
    for word in [
        "if", "then", "elseif", "else", "end", "begin", "do", "while", "from", "to", "by", "where",
        "yield", "var", "is", "error",
    ] {
        assert!(
            parse_statements(&format!("{word} := 1")).is_err(),
            "{word} should be reserved"
        );
    }
    check(
        "(1..5).End",
        member(range(int(1), int(5), None), "End", None),
    );
    check("x.end", member(name("x"), "end", None));
    check("ending", name("ending"));
    for word in ["return", "break", "continue", "clear", "try", "finally"] {
        let e = err(word);
        assert!(
            e.message
                .starts_with(&format!("`{word}` is not supported: ")),
            "{e:?}"
        );
        assert_eq!(e.offset, 0);
        let e = err(&format!("begin 1; {word} end"));
        assert!(e.message.contains("not supported"), "{e:?}");
    }
}

/// Every text that waits for more lines fails "incomplete" (more text could repair it), and
/// a fault before the end is not: the chunker ends a statement at once only on the latter.
#[test]
fn prefixes_fail_as_incomplete_and_faults_do_not() {
    for src in [
        "{1|",
        "<0|",
        "f(1,",
        "[1, 2",
        "{1|\n0",
        "x := <",
        "'{1|",
        "{\"}\"",
        "{ // }",
        "x := 1 +",
        "if x then",
        "begin\n  y := 2",
        "for i in 1..3 do",
        "{1| /* c */",
        "[k for k in",
        "1 /* open",
    ] {
        assert!(needs_more_input(src), "{src:?}");
        assert!(err(src).incomplete, "{src:?}: {:?}", err(src));
    }
    for src in [
        "E=<*",
        "[1 2,",
        "{1|0 0",
        "x := {1|0\nb := 2",
        "1 +; {1|",
        "f(1 2",
    ] {
        assert!(!err(src).incomplete, "{src:?}");
    }
}

#[test]
fn rejected_keywords_end_the_line() {
    for word in ["return", "break", "continue", "clear", "try", "finally"] {
        assert!(!needs_more_input(word), "{word}");
    }
    assert!(err("clear").message.contains("`:clear`"));
}

#[test]
fn a_line_comment_inside_a_block_ends_at_its_line() {
    let src = "x := if true then 1 // one\nelse 2 // two\nend";
    let statements = parse_statements(src).expect("parses");
    assert_eq!(statements.len(), 1);
    let src = "begin\n  a := 1 // first\n  a + 1 // second\nend";
    assert_eq!(parse_statements(src).expect("parses").len(), 1);
}

#[test]
fn block_comments() {
    check("/* c */ 5 /** d */", int(5));
    check("1 + /* two\nlines */ 2", add(int(1), int(2)));
    assert_eq!(statements("/* a\nb */ 1\n2").len(), 2);
    assert!(statements("/* only */").is_empty());
    assert!(needs_more_input("1 /* open"));
}

/// A name right after `^` is an exponent (`x^y`), not a named infix operator, so a `<`
/// after it compares rather than opening an angle game that keeps the line open.
#[test]
fn a_comparison_after_a_power_of_a_name_ends_the_line() {
    assert!(!needs_more_input("omega^omega < 2"));
    assert!(!needs_more_input("x^y <=> 2"));
    assert_eq!(statements("omega^omega <=> omega^2\n*3").len(), 2);
    // A named infix operator still takes an operand after it.
    assert!(needs_more_input("G Heat <"));
}

// ---------------------------------------------------------------- splitting

#[test]
fn blocks_span_lines() {
    let s = statements("if x then\n  1\nelse\n  2\nend\n3");
    assert_eq!(s.len(), 2);
    assert_eq!(
        s[0].kind,
        StatementKind::Expr(if_expr(vec![(name("x"), vec![int(1)])], Some(vec![int(2)])))
    );
    // Newlines end statements inside a block body, not inside its header.
    let s =
        statements("begin\n  x := 3\n  for y in L\n  where y > 1\n  do x := x + y end\n  x\nend");
    assert_eq!(s.len(), 1);
    let StatementKind::Expr(Expr {
        kind: ExprKind::Begin(body),
        ..
    }) = &s[0].kind
    else {
        panic!("not a block: {s:?}")
    };
    assert_eq!(body.len(), 3);
    assert_eq!(body[2], name("x"));
    // A comprehension `for` follows an operand and leaves the depth alone.
    assert_eq!(statements("[x for x in L]\n2").len(), 2);
    assert_eq!(statements("for x in A for y in B\nyield x end\n2").len(), 2);
    // Dangling lines continue.
    assert_eq!(statements("x :=\n 3").len(), 1);
    assert_eq!(statements("f := x ->\n x + 1").len(), 1);
    assert_eq!(statements("1 +\n2\n3").len(), 2);
    assert_eq!(statements("a and\nb").len(), 1);
    // A trailing `*` is a literal, so the line ends there.
    assert_eq!(statements("2*\n3").len(), 2);
    // Statements inside a block that spans lines, then `;`-silenced.
    let s = statements("begin\n1\n2\nend;\n3");
    assert_eq!(s.len(), 2);
    assert!(s[0].silent);
    // Spans and offsets stay those of the source.
    let e = err("begin\n  1\n  2 +\nend");
    assert!(e.offset >= 14, "{e:?}");
}

#[test]
fn needs_more_input_for_blocks() {
    for src in [
        "if x then",
        "if x then 1 else",
        "begin",
        "begin x := 1;",
        "for x in L",
        "for x in L yield x",
        "while x < 3 do",
        "x :=",
        "f := x ->",
        "1 +",
        "a and",
        "/* open",
        "def f(x) begin",
    ] {
        assert!(needs_more_input(src), "{src:?}");
    }
    for src in [
        "if x then 1 end",
        "begin end",
        "[x for x in L]",
        "(1..5).End",
        "2*",
        "2^",
        "x",
        "/* closed */",
        "for x in L yield x end",
        "^<2>",
        // A closer that matches no open bracket cannot be repaired by more lines.
        "(1\n]",
        "{1|[0}\n)",
        "begin\n  (1 ]",
    ] {
        assert!(!needs_more_input(src), "{src:?}");
    }
}

#[test]
fn unclosed_blocks_are_named() {
    let e = err("begin 1");
    assert!(e.message.contains("`begin` is never closed"), "{e:?}");
    assert_eq!(e.offset, 0);
    let e = err("1; if x then 2");
    assert!(e.message.contains("`if` is never closed"), "{e:?}");
    assert_eq!(e.offset, 3);
}

#[test]
fn blocks_nest_up_to_the_limit_and_no_further() {
    let n = 300;
    let src = format!("{}1{}", "begin ".repeat(n), " end".repeat(n));
    assert_eq!(statements(&src).len(), 1);
    let src = format!("{}1{}", "if true then ".repeat(n), " end".repeat(n));
    assert_eq!(statements(&src).len(), 1);
    let src = format!("{}1{}", "x -> ".repeat(n), "");
    assert_eq!(statements(&src).len(), 1);
    let deep = format!("{}1{}", "begin ".repeat(100_000), " end".repeat(100_000));
    let e = err(&deep);
    assert!(e.message.contains("too deep"), "{e:?}");
    let deep = "if x then ".repeat(100_000);
    assert!(parse_statements(&deep).is_err());
}

// ---------------------------------------------------------------- function printing

/// Parse `src` as a lambda (or a `def`) and render it.
fn rendered(src: &str) -> String {
    let stmts = parse_statements(src).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
    match &stmts[0].kind {
        StatementKind::Def { lambda, .. } => render_lambda(lambda),
        StatementKind::Expr(Expr {
            kind: ExprKind::Lambda(l),
            ..
        }) => render_lambda(l),
        StatementKind::Expr(Expr {
            kind: ExprKind::Assign { value, .. },
            ..
        }) => match &value.kind {
            ExprKind::Lambda(l) => render_lambda(l),
            other => panic!("{src:?} does not define a lambda: {other:?}"),
        },
        other => panic!("{src:?} is not a lambda: {other:?}"),
    }
}

#[test]
fn functions_print_as_cgsuite_does() {
    for (src, printed) in [
        ("x -> x+1", "x -> x + 1"),
        ("f := x -> x+1", "x -> x + 1"),
        ("x -> y -> x + y", "x -> y -> x + y"),
        (
            "def u(x) begin y := x + 4; y; end",
            "x -> begin y := x + 4; y end",
        ),
        ("(x,y) -> (x-y)/2", "(x, y) -> (x - y) / 2"),
        ("() -> 1", "() -> 1"),
        ("(a, b?2) -> a+b", "(a, b ? 2) -> a + b"),
        (
            "n -> [[k] for k from 1 to 3]",
            "n -> for k from 1 to 3 yield [k] end",
        ),
        (
            "n -> if n<2 then n else fib(n-1)+fib(n-2) end",
            "n -> if n < 2 then n else fib(n - 1) + fib(n - 2) end",
        ),
        ("x -> -x^2", "x -> -x^2"),
        ("x -> (-x)^2", "x -> (-x)^2"),
        ("x -> (x + 1) * 2", "x -> (x + 1) * 2"),
        ("x -> x - (1 - x)", "x -> x - (1 - x)"),
        ("x -> x - 1 - x", "x -> x - 1 - x"),
        ("x -> {x|*}", "x -> {x|*}"),
        ("x -> 1/2^* + v3", "x -> 1/2^* + v3"),
        ("n -> *n + ^n", "n -> *n + ^n"),
        ("x -> L.Sorted[1](x, f => 2)", "x -> L.Sorted[1](x, f => 2)"),
        ("x -> (y := x)", "x -> (y := x)"),
        ("x -> not a and b", "x -> not a and b"),
        ("x -> not (a and b)", "x -> not (a and b)"),
    ] {
        assert_eq!(rendered(src), printed, "{src:?}");
    }
}

/// Sources whose rendering must read back as the same tree.
const ROUND_TRIP: &[&str] = &[
    "x -> x + 1",
    "x -> y -> x + y",
    "(a, b ? 2 + 1) -> a * b",
    "() -> begin var t := 2; t := t * 5; t end",
    "x -> if x > 0 then 1 elseif x < 0 then -1 else 0 end",
    "x -> begin end",
    "x -> for i from 1 to x by 2 while i < 10 where i != 3 do y := i end",
    "x -> for i in x for j := i * 2 yield i yield j end",
    "x -> while x < 3 do x := x + 1 end",
    "x -> {k => k + 1 for k in x}",
    "x -> {k % 4 for k in x where k > 2}",
    "x -> {1 => 2, \"a\" => [x], 3 => {=>}}",
    "x -> {x, 2, {1|0}}",
    "x -> {x, *|x, {1|||0||-1|-2}}",
    "x -> '{x|0}'",
    "x -> <1|x>",
    "x -> x.Foo(1, 2).Bar[3]",
    "x -> game.heap.Kayles(5)",
    "x -> (f)(2)",
    "x -> (x.Foo)(2)",
    "x -> f(1)(2)",
    "x -> -x^2 + (-x)^3 - -1 + - 1 + +x + +-x",
    "x -> x^y^z",
    "x -> (x^y)^z",
    "x -> a - (b - c) + (d + e)",
    "x -> a / (b * c) % d",
    "x -> a : b : (c : d)",
    "x -> 1..x..2",
    "x -> (1..x).Size",
    "x -> x is Integer and not x is Rational or x === 3",
    "x -> (a or b) and c",
    "x -> (a < b) == true",
    "x -> x Max 3 + 5",
    "x -> (x Max 3) Max 5",
    "x -> x Max (3 Max 5)",
    "x -> error(\"a\\\"b\\\\c\\n\")",
    "x -> [1/2, -3/4, 2^3, 6^*, ^^*, v3*2, *[1, 2], 1^<2>*, 5Tiny(2)]",
    "x -> *(x + 1) + ^(x) + v(x) + *x + ^x*x",
    "x -> (2*)",
    "x -> (x, 1)",
    "x -> [(y -> y), () -> x]",
    "x -> (y := z := x)",
    "x -> a +- b",
    "x -> -(1)",
    "x -> (-1).Abs",
    "x -> -(1.Abs)",
    "x -> -{1|0}",
    "x -> ^.Pow(2)",
    "x -> \"s\" + true",
    "x -> begin var f := y -> y; f(x) end",
];

#[test]
fn rendered_functions_parse_back_to_the_same_tree() {
    for src in ROUND_TRIP {
        let mut original = parse(src);
        let ExprKind::Lambda(l) = &original.kind else {
            panic!("{src:?} is not a lambda")
        };
        let text = render_lambda(l);
        let mut again = parse_statements(&text)
            .unwrap_or_else(|e| panic!("{src:?} rendered as {text:?}: {e:?}"));
        assert_eq!(again.len(), 1, "{text:?}");
        let StatementKind::Expr(mut back) = again.remove(0).kind else {
            panic!("{text:?}")
        };
        strip(&mut back);
        strip(&mut original);
        assert_eq!(back, original, "{src:?} rendered as {text:?}");
        // Rendering is stable.
        let ExprKind::Lambda(l2) = &back.kind else {
            panic!("{text:?}")
        };
        assert_eq!(render_lambda(l2), text);
    }
}

#[test]
fn loopy_game_notation() {
    let pass = || e(ExprKind::Pass);
    check("{pass|*}", game(vec![pass()], vec![star()]));
    check(
        "a{0|a}",
        e(ExprKind::Labelled {
            label: "a".into(),
            game: Box::new(game(vec![int(0)], vec![name("a")])),
        }),
    );
    // `5over` is 5 + over; `-1/4under` keeps its sign on the number.
    check("5over", add(int(5), name("over")));
    check("-1/4under", add(frac(-1, 4), name("under")));
    // `&` binds tighter than `+` and looser than `*`.
    same("over & v + 1", "(over & v) + 1");
    same("9*upon & v", "(9*upon) & v");
    // `^[on]` is ^.PowTo(on), `^<on>` is ^.Pow(on).
    same("^[on]", "^.PowTo(on)");
    same("v<on>*", "-(^.Pow(on)) + *");
    // `pass` alone parses; evaluating it is the error.
    check("pass", pass());
    assert!(err("on & 0 & off").message.contains("cannot be chained"));
}
