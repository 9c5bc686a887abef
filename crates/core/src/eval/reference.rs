//! The reference table: every name a user can type (functions, properties and methods of each
//! kind of value, rulesets, constants) with its signature, argument counts, one line of help, an
//! example, a topic and related names. It is the single source of truth: dispatch checks
//! argument counts against it, "did you mean" suggestions and `:help NAME` read it, and
//! `docs/reference.md` is generated from it. Tests check that every dispatch list agrees with
//! it and that every example runs.

use super::EvalError;
use super::methods::method_key;
use rustc_hash::FxHashMap;
use std::sync::LazyLock;

/// What a name is, which decides where dispatch looks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A global function: `cool(G, t)`.
    Function,
    /// A property or method of games (and numbers): `G.Temperature`, `G.Cool(t)`.
    GameMethod,
    /// A method of numbers only: `17.Div(4)`.
    NumberMethod,
    /// A method of lists, sets, maps, ranges, entries or tuples: `L.Sorted`.
    CollectionMethod,
    /// A method of strings: `s.Substring(2, 4)`.
    StringMethod,
    /// A property or method of misère games `*[...]`: `M.Genus`.
    MisereMethod,
    /// A method of positions of rulesets (`nim[1, 4, 5].WinningMoves`), beyond those of games.
    PositionMethod,
    /// A method of rulesets: `kayles.NimValues(20)`.
    RulesetMethod,
    /// A property or method of thermographs: `G.Thermograph.LeftWall`.
    ThermographMethod,
    /// A property or method of misère quotients: `kayles.MisereQuotient(12).Order`.
    QuotientMethod,
    /// A property of loopy nim values ∞(K): `oo(0,1).OutcomeClass`.
    LoopyNimberMethod,
    /// A property or method of infinite surreal numbers: `(omega-3).Birthday`.
    SurrealMethod,
    /// A property or method of transfinite nimbers: `(*omega).ConwayProduct(*omega)`.
    TransfiniteNimberMethod,
    /// A property of the players `Left` and `Right`: `Left.Opponent`.
    PlayerMethod,
    /// A ruleset named by a constant: `kayles`.
    Ruleset,
    /// A constant: `Left`, `true`.
    Constant,
    /// One of CGSuite's name spaces of rulesets: `game.heap`, `game.grid`.
    Namespace,
    /// A ruleset in a name space, named in full: `game.grid.Domineering`. `:help` finds it
    /// by that name and by its last part (`Domineering`).
    NamespaceRuleset,
}

impl Kind {
    /// Every kind, in the order the reference lists them.
    pub const ALL: [Kind; 18] = [
        Kind::Function,
        Kind::GameMethod,
        Kind::NumberMethod,
        Kind::CollectionMethod,
        Kind::StringMethod,
        Kind::MisereMethod,
        Kind::PositionMethod,
        Kind::RulesetMethod,
        Kind::ThermographMethod,
        Kind::QuotientMethod,
        Kind::LoopyNimberMethod,
        Kind::SurrealMethod,
        Kind::TransfiniteNimberMethod,
        Kind::PlayerMethod,
        Kind::Ruleset,
        Kind::Constant,
        Kind::Namespace,
        Kind::NamespaceRuleset,
    ];

    /// True for the kinds written after a dot (`G.Name`).
    pub fn is_method(self) -> bool {
        !matches!(
            self,
            Kind::Function
                | Kind::Ruleset
                | Kind::Constant
                | Kind::Namespace
                | Kind::NamespaceRuleset
        )
    }

    /// How the kind reads in help text.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Function => "function",
            Kind::GameMethod => "property or method of games",
            Kind::NumberMethod => "method of numbers",
            Kind::CollectionMethod => "method of collections",
            Kind::StringMethod => "method of strings",
            Kind::MisereMethod => "property or method of misère games",
            Kind::PositionMethod => "property of ruleset positions",
            Kind::RulesetMethod => "method of rulesets",
            Kind::ThermographMethod => "property or method of thermographs",
            Kind::QuotientMethod => "property or method of misère quotients",
            Kind::LoopyNimberMethod => "property of loopy nim values",
            Kind::SurrealMethod => "property or method of infinite surreal numbers",
            Kind::TransfiniteNimberMethod => "property or method of transfinite nimbers",
            Kind::PlayerMethod => "property of players",
            Kind::Ruleset => "ruleset",
            Kind::Constant => "constant",
            Kind::Namespace => "name space of rulesets",
            Kind::NamespaceRuleset => "ruleset",
        }
    }
}

impl Kind {
    /// What a method of this kind applies to, for "`Isqrt` applies to integers" messages.
    pub fn receivers(self) -> &'static str {
        match self {
            Kind::GameMethod => "games and numbers",
            Kind::NumberMethod => "numbers",
            Kind::CollectionMethod => "collections",
            Kind::StringMethod => "strings",
            Kind::MisereMethod => "misère games",
            Kind::PositionMethod => "positions of rulesets",
            Kind::RulesetMethod => "rulesets",
            Kind::ThermographMethod => "thermographs",
            Kind::QuotientMethod => "misère quotients",
            Kind::LoopyNimberMethod => "loopy nim values ∞(K)",
            Kind::SurrealMethod => "surreal numbers such as ω and 1/ω",
            Kind::TransfiniteNimberMethod => "transfinite nimbers such as *ω",
            Kind::PlayerMethod => "the players Left and Right",
            Kind::Function
            | Kind::Ruleset
            | Kind::Constant
            | Kind::Namespace
            | Kind::NamespaceRuleset => self.label(),
        }
    }
}

/// What a value is, as far as the names written after a dot go (Tab completion): the kinds
/// of entries that apply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Receiver {
    /// A game that is not a number (canonical, explicit or loopy).
    Game,
    /// A number: the game methods and the number ones.
    Number,
    /// A position of a ruleset: its own properties and those of games.
    Position,
    Ruleset,
    /// A list, set, map, range, tuple or map entry.
    Collection,
    String,
    Misere,
    Thermograph,
    /// A misère quotient.
    Quotient,
    /// A loopy nim value ∞(K).
    LoopyNimber,
    /// A surreal number that is not rational (`ω`, `1/ω`).
    Surreal,
    /// A transfinite nimber `*α`.
    TransfiniteNimber,
    /// `Left` or `Right`.
    Player,
}

impl Receiver {
    /// The kinds of entries written after a dot on such a value.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            Receiver::Game => &[Kind::GameMethod],
            Receiver::Number => &[Kind::GameMethod, Kind::NumberMethod],
            Receiver::Position => &[Kind::PositionMethod, Kind::GameMethod],
            Receiver::Ruleset => &[Kind::RulesetMethod],
            Receiver::Collection => &[Kind::CollectionMethod],
            Receiver::String => &[Kind::StringMethod],
            // A misère game also answers the game methods (of its normal-play form).
            Receiver::Misere => &[Kind::MisereMethod, Kind::GameMethod],
            Receiver::Thermograph => &[Kind::ThermographMethod],
            Receiver::Quotient => &[Kind::QuotientMethod],
            Receiver::LoopyNimber => &[Kind::LoopyNimberMethod],
            Receiver::Surreal => &[Kind::SurrealMethod],
            Receiver::TransfiniteNimber => &[Kind::TransfiniteNimberMethod],
            Receiver::Player => &[Kind::PlayerMethod],
        }
    }

    /// The receiver a value is; `None` for values with no names after a dot (functions,
    /// Booleans, outcomes, …).
    pub fn of(value: &crate::value::Value) -> Option<Receiver> {
        use crate::value::Value;
        Some(match value {
            Value::Number(_) => Receiver::Number,
            Value::Game(_) | Value::Explicit(_) | Value::Loopy(_) => Receiver::Game,
            Value::Position(_) => Receiver::Position,
            Value::Ruleset(_) => Receiver::Ruleset,
            Value::List(_)
            | Value::Range(_)
            | Value::Sequence(_)
            | Value::Set(_)
            | Value::Map(_)
            | Value::Entry(_)
            | Value::Tuple(_) => Receiver::Collection,
            Value::Str(_) => Receiver::String,
            Value::Misere(_) => Receiver::Misere,
            Value::Thermograph(_) => Receiver::Thermograph,
            Value::MisereQuotient(_) => Receiver::Quotient,
            Value::LoopyNimber(_) => Receiver::LoopyNimber,
            Value::Surreal(_) | Value::Infinity { .. } => Receiver::Surreal,
            Value::TransfiniteNimber(_) => Receiver::TransfiniteNimber,
            Value::Side(_) => Receiver::Player,
            _ => return None,
        })
    }

    /// The names written after a dot on such a value, sorted ignoring case, without repeats.
    pub fn member_names(self) -> Vec<&'static str> {
        let kinds = self.kinds();
        let mut names: Vec<&'static str> = TABLE
            .iter()
            .filter(|e| kinds.contains(&e.kind))
            .map(|e| e.name)
            .collect();
        names.sort_unstable_by_key(|name| (name.to_ascii_lowercase(), *name));
        names.dedup();
        names
    }
}

/// The members of a name space (`game` → `heap`, `grid`, …; `game.grid` → `Amazons`, …),
/// from the table; `None` if `path` is no name space.
pub fn namespace_members(path: &str) -> Option<Vec<&'static str>> {
    let key = method_key(path);
    if !TABLE
        .iter()
        .any(|e| e.kind == Kind::Namespace && method_key(e.name) == key)
    {
        return None;
    }
    let mut members: Vec<&'static str> = TABLE
        .iter()
        .filter(|e| matches!(e.kind, Kind::Namespace | Kind::NamespaceRuleset))
        .filter_map(|e| {
            let (parent, member) = e.name.rsplit_once('.')?;
            (method_key(parent) == key).then_some(member)
        })
        .collect();
    members.sort_unstable_by_key(|name| name.to_ascii_lowercase());
    members.dedup();
    Some(members)
}

/// True if `path` names a ruleset in a name space (`game.heap.Kayles`).
pub fn is_namespace_ruleset(path: &str) -> bool {
    entry(path, Kind::NamespaceRuleset).is_some()
}

/// No upper bound on the argument count (`nim_sum(a, b, ...)`).
pub const MANY: usize = usize::MAX;

/// One user-visible name.
#[derive(Debug)]
pub struct Entry {
    /// As users type it: snake_case for functions, CGSuite's CamelCase for methods.
    pub name: &'static str,
    pub kind: Kind,
    /// How it is called: `cool(G, t)`, `G.Cool(t)`, `G.Temperature`.
    pub signature: &'static str,
    /// Argument counts: for functions every argument, for methods those after the receiver.
    pub min_args: usize,
    /// [`MANY`] when there is no upper bound.
    pub max_args: usize,
    pub help: &'static str,
    /// A real input that evaluates without error (a unit test runs each one).
    pub example: &'static str,
    pub topic: &'static str,
    pub related: &'static [&'static str],
}

impl Entry {
    /// "takes 1 argument", "takes 1 or 2 arguments", "takes at least 1 argument".
    fn count_text(&self) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        match (self.min_args, self.max_args) {
            (a, b) if a == b => format!("{a} argument{}", plural(a)),
            (a, MANY) => format!("at least {a} argument{}", plural(a)),
            (a, b) if b == a + 1 => format!("{a} or {b} arguments"),
            (a, b) => format!("{a} to {b} arguments"),
        }
    }

    /// What the entry applies to: its kind's receivers, narrowed to integers for the number
    /// methods whose signature names the receiver `n` (`n.Isqrt`).
    pub fn applies_to(&self) -> &'static str {
        if self.kind == Kind::NumberMethod && self.signature.starts_with("n.") {
            return "integers";
        }
        self.kind.receivers()
    }

    /// The error for a call with `given` arguments outside the entry's range, if it is.
    pub fn check_arity(&self, given: usize) -> Result<(), EvalError> {
        if (self.min_args..=self.max_args).contains(&given) {
            return Ok(());
        }
        Err(EvalError::new(format!(
            "{} takes {}, {given} given: {}",
            self.name,
            self.count_text(),
            self.signature
        )))
    }
}

/// Topics in the order `:help all` and the reference page list them.
pub const TOPICS: &[&str] = &[
    "Values and stops",
    "Options",
    "Tests",
    "Transformations",
    "Sums and products",
    "Constructors",
    "Numbers",
    "Nim arithmetic",
    "Rulesets",
    "Positions",
    "Rulesets of your own",
    "Contest",
    "Partizan games",
    "Misère games",
    "Loopy games",
    "Games with draws",
    "Transfinite values",
    "Pictures",
    "Collections",
    "Strings",
    "Constants",
];

macro_rules! table {
    ($($kind:ident, $name:literal, $sig:literal, $min:literal, $max:expr, $topic:literal,
       $help:literal, $example:literal, [$($related:literal),*];)*) => {
        [$(Entry {
            name: $name,
            kind: Kind::$kind,
            signature: $sig,
            min_args: $min,
            max_args: $max,
            help: $help,
            example: $example,
            topic: $topic,
            related: &[$($related),*],
        }),*]
    };
}

/// Every user-visible name. Grouped by kind; within a kind, alphabetical.
pub static TABLE: &[Entry] = &table! {
    // Functions of games: the snake_case spellings of the game properties and methods.
    Function, "atomic_weight", "atomic_weight(G)", 1, 1, "Values and stops",
        "The atomic weight of an all-small game G.", "atomic_weight(^)", ["AtomicWeight", "uptimal_expansion"];
    Function, "birthday", "birthday(G)", 1, 1, "Values and stops",
        "The day G's canonical form is born.", "birthday({2|*})", ["Birthday", "follower_count"];
    Function, "canonical_form", "canonical_form(G)", 1, 1, "Transformations",
        "G in canonical form (a ruleset position becomes its value).", "canonical_form(kayles[3])", ["CanonicalForm", "reduced_canonical_form"];
    Function, "companion", "companion(G)", 1, 1, "Transformations",
        "G's companion: G + * for all-small G, * for 0, each number its own.", "companion(^)", ["Companion"];
    Function, "conjunctive_sum", "conjunctive_sum(G, H)", 2, 2, "Sums and products",
        "The conjunctive sum: move in both components; it ends when either does.", "conjunctive_sum({1|0}, *)", ["ConjunctiveSum", "selective_sum"];
    Function, "conway_product", "conway_product(G, H)", 2, 2, "Sums and products",
        "Conway's product of G and H.", "conway_product(2, {1|0})", ["ConwayProduct", "norton_product"];
    Function, "cool", "cool(G, t)", 2, 2, "Transformations",
        "G cooled by t: each option taxed t, stopping where G would become a number.", "cool({3|-1}, 1)", ["Cool", "heat", "temperature"];
    Function, "follower_count", "follower_count(G)", 1, 1, "Options",
        "How many distinct followers G has, G included: positions for a ruleset position or a sum of them, canonical forms for a value.", "follower_count({1|*})", ["FollowerCount", "followers"];
    Function, "followers", "followers(G)", 1, 1, "Options",
        "The set of G's followers (G and everything reachable from it): positions for a ruleset position or a sum of them, canonical forms for a value.", "followers({1|*})", ["Followers", "follower_count"];
    Function, "freeze", "freeze(G)", 1, 1, "Transformations",
        "G cooled by its temperature: its frozen value.", "freeze({3|-1})", ["Freeze", "cool"];
    Function, "heat", "heat(G, t)", 2, 2, "Transformations",
        "G heated by t: t added to Left's options and taken from Right's, numbers left alone.", "heat(*, 1)", ["Heat", "cool", "overheat"];
    Function, "incentives", "incentives(G)", 1, 1, "Options",
        "Left's and Right's incentives: what each move gains.", "incentives({2|-1})", ["Incentives", "left_incentives", "right_incentives"];
    Function, "left_incentives", "left_incentives(G)", 1, 1, "Options",
        "Left's incentives GL − G.", "left_incentives({2|-1})", ["LeftIncentives", "incentives"];
    Function, "left_options", "left_options(G)", 1, 1, "Options",
        "Left's options of G: the positions one move away for a ruleset position or a sum of them, the canonical options for a value.", "left_options({1,*|0})", ["LeftOptions", "right_options", "options"];
    Function, "left_stop", "left_stop(G)", 1, 1, "Values and stops",
        "The number reached when Left moves first and both play well.", "left_stop({3|-1})", ["LeftStop", "right_stop"];
    Function, "mean", "mean(G)", 1, 1, "Values and stops",
        "The mean value of G.", "mean({3|-1})", ["Mean", "temperature"];
    Function, "miny", "miny(x)", 1, 1, "Constructors",
        "miny-x, the negative of tiny-x: {{0|x}|0}.", "miny(2)", ["Miny", "tiny"];
    Function, "misere_form", "misere_form(TEXT)", 1, 1, "Misère games",
        "A partizan game kept exactly as written, for misère play: every brace is literal.", "misere_form(\"{{0,1|*}|-1}\")", ["Conjugate", "MisereOutcomeClass"];
    Function, "misere_values", "misere_values(U, n)", 2, 2, "Misère games",
        "The canonical forms modulo the universe U born by day n (n ≤ 3 for Dicot, n ≤ 2 for DeadEnding and AllGames), sorted by birthday.", "misere_values(Dicot, 2)", ["MisereCanonicalForm"];
    Function, "misere_quotient", "misere_quotient(R, n)", 2, 2, "Misère games",
        "The misère quotient of R's sums of heaps 0..n.", "misere_quotient(kayles, 8)", ["MisereQuotient", "misere_solution"];
    Function, "misere_solution", "misere_solution(R, N)", 1, 2, "Misère games",
        "R's misère quotient at the first heap up to N where it is proven complete, or Nothing.", "misere_solution(octal(\"0.75\"), 100)", ["MisereSolution", "misere_quotient"];
    Function, "misere_outcome_class", "misere_outcome_class(G)", 1, 1, "Values and stops",
        "Who wins G in misère play: L, R, P or N.", "misere_outcome_class(*)", ["MisereOutcomeClass", "outcome_class"];
    Function, "norton_product", "norton_product(G, U)", 2, 2, "Sums and products",
        "Norton's product of G by the unit U.", "norton_product(2, ^)", ["NortonProduct", "conway_product"];
    Function, "options", "options(G, side)", 1, 2, "Options",
        "The options of G for Left or Right (or every option of an impartial position): positions for a position, canonical options for a value.", "options({1|0}, Left)", ["Options", "left_options", "right_options"];
    Function, "ordinal_product", "ordinal_product(G, H)", 2, 2, "Sums and products",
        "The ordinal product of G and H.", "ordinal_product(*2, *3)", ["OrdinalProduct", "ordinal_sum"];
    Function, "ordinal_sum", "ordinal_sum(G, H)", 2, 2, "Sums and products",
        "The ordinal sum G : H: H's moves do not disturb G, G's end H.", "ordinal_sum(1, -1)", ["OrdinalSum", "ordinal_product"];
    Function, "outcome_class", "outcome_class(G)", 1, 1, "Values and stops",
        "Who wins G: L, R, P (second player) or N (first player).", "outcome_class({1|-1})", ["OutcomeClass", "misere_outcome_class"];
    Function, "overheat", "overheat(G, s, t)", 3, 3, "Transformations",
        "G overheated from s to t.", "overheat(*, 1, 1)", ["Overheat", "heat"];
    Function, "pow", "pow(G, n)", 2, 2, "Sums and products",
        "G^n: the power of a game (or of a number).", "pow(^, 3)", ["Pow", "pow_to"];
    Function, "pow_to", "pow_to(G, n)", 2, 2, "Sums and products",
        "G^→n, CGSuite's PowTo.", "pow_to(^, 2)", ["PowTo", "pow"];
    Function, "reduced_canonical_form", "reduced_canonical_form(G)", 1, 1, "Transformations",
        "G's reduced canonical form (infinitesimals ignored).", "reduced_canonical_form({1|1*})", ["ReducedCanonicalForm", "canonical_form"];
    Function, "right_incentives", "right_incentives(G)", 1, 1, "Options",
        "Right's incentives G − GR.", "right_incentives({2|-1})", ["RightIncentives", "incentives"];
    Function, "right_options", "right_options(G)", 1, 1, "Options",
        "Right's options of G: the positions one move away for a ruleset position or a sum of them, the canonical options for a value.", "right_options({1|0,*})", ["RightOptions", "left_options", "options"];
    Function, "right_stop", "right_stop(G)", 1, 1, "Values and stops",
        "The number reached when Right moves first and both play well.", "right_stop({3|-1})", ["RightStop", "left_stop"];
    Function, "selective_sum", "selective_sum(G, H)", 2, 2, "Sums and products",
        "The selective sum: move in any non-empty set of components.", "selective_sum({1|0}, *)", ["SelectiveSum", "conjunctive_sum"];
    Function, "stop_count", "stop_count(G)", 1, 1, "Values and stops",
        "CGSuite's stop count: 1 for a number, otherwise the sum over all options.", "stop_count({3|-1})", ["StopCount"];
    Function, "subordinate", "subordinate(G, base)", 2, 2, "Transformations",
        "The H with base : H = G, if there is one.", "subordinate(1/2, 1)", ["Subordinate"];
    Function, "temperature", "temperature(G)", 1, 1, "Values and stops",
        "How urgent a move in G is: the height of its thermograph's mast.", "temperature({3|-1})", ["Temperature", "thermograph", "mean", "cool"];
    Function, "thermograph", "thermograph(G)", 1, 1, "Values and stops",
        "G's thermograph: its walls and mast, printed and drawn.", "thermograph({3|-1})", ["Thermograph", "thermograph_svg", "temperature"];
    Function, "thermograph_svg", "thermograph_svg(G, FILE)", 2, 2, "Values and stops",
        "Write G's thermograph as an SVG picture to FILE and answer FILE.", "thermograph_svg({3|-1}, \"/tmp/cgcalc-reference-example.svg\")", ["thermograph"];
    Function, "tiny", "tiny(x)", 1, 1, "Constructors",
        "tiny-x: {0||0|-x}.", "tiny(2)", ["Tiny", "miny"];
    Function, "uptimal_expansion", "uptimal_expansion(G)", 1, 1, "Values and stops",
        "G written in uptimal notation, when it is uptimal.", "uptimal_expansion(^ + ^)", ["UptimalExpansion", "atomic_weight"];
    // Functions of numbers.
    Function, "abs", "abs(x)", 1, 1, "Numbers",
        "The absolute value of a number.", "abs(-7/2)", ["Abs"];
    Function, "ceiling", "ceiling(x)", 1, 1, "Numbers",
        "The least integer ≥ x.", "ceiling(7/2)", ["Ceiling", "floor"];
    Function, "floor", "floor(x)", 1, 1, "Numbers",
        "The greatest integer ≤ x.", "floor(7/2)", ["Floor", "ceiling"];
    Function, "gcd", "gcd(a, b)", 2, 2, "Numbers",
        "The greatest common divisor of two integers.", "gcd(12, 18)", ["Gcd"];
    Function, "max", "max(c) / max(a, b)", 1, 2, "Collections",
        "The largest element of a collection, or the larger of two numbers.", "max([3, 1, 4])", ["Max", "min"];
    Function, "min", "min(c) / min(a, b)", 1, 2, "Collections",
        "The smallest element of a collection, or the smaller of two numbers.", "min(3, 5)", ["Min", "max"];
    Function, "sum", "sum(c) / sum(a, b, ...)", 0, MANY, "Collections",
        "The sum of a collection's elements, or of the arguments.", "sum(1..10)", ["Sum"];
    Function, "print", "print(x)", 1, 1, "Strings",
        "Show x as a line of output (a string without its quotes, a game in its notation), before the statement's result; also Print(x) and System.Print(x). Answers Nothing.", "for n from 1 to 3 do print(n) end", ["Nothing"];
    Function, "table", "table(rows)", 1, MANY, "Collections",
        "Rows of values laid out as a table.", "table([[1, 2], [3, 4]])", ["PeriodicTable", "Grouped"];
    // Nim arithmetic.
    Function, "mex", "mex(a, b, ...)", 0, MANY, "Nim arithmetic",
        "The least non-negative integer not among the arguments (or a list's elements).", "mex(0, 1, 3)", ["Mex", "nim_sum"];
    Function, "nim_div", "nim_div(a, b)", 2, 2, "Nim arithmetic",
        "Nim division: a times the nim inverse of b.", "nim_div(5, 3)", ["NimDiv", "nim_inverse", "nim_product"];
    Function, "nim_inverse", "nim_inverse(a)", 1, 1, "Nim arithmetic",
        "The nim-multiplicative inverse of a positive integer.", "nim_inverse(3)", ["NimInverse", "nim_div"];
    Function, "nim_pow", "nim_pow(a, n)", 2, 2, "Nim arithmetic",
        "a to the n-th nim power (a an integer or an ordinal).", "nim_pow(2, 3)", ["NimExp", "nim_product"];
    Function, "nim_product", "nim_product(a, b)", 2, 2, "Nim arithmetic",
        "The nim product of two non-negative integers, or of ordinals below ω^(ω^ω).", "nim_product(2, 3)", ["NimProduct", "nim_sum"];
    Function, "ugly_product", "ugly_product(a, b)", 2, 2, "Nim arithmetic",
        "CGSuite's ugly product of two non-negative integers.", "ugly_product(14, 2)", ["UglyProduct", "nim_product"];
    Function, "nim_sum", "nim_sum(a, b, ...)", 0, MANY, "Nim arithmetic",
        "The nim sum (bitwise xor) of non-negative integers, or of ordinals (coefficientwise).", "nim_sum(3, 5, 6)", ["NimSum", "nim_product", "mex"];
    // Heap rulesets and their values.
    Function, "allbut", "allbut(a, b, ...)", 0, MANY, "Rulesets",
        "The subtraction game that may take any number except the ones listed.", "allbut(1, 2)[5]", ["subtraction"];
    Function, "bash", "bash(m)", 1, 1, "Rulesets",
        "Bash: take 1 to m from the heap.", "bash(3)[5]", ["subtraction", "nim"];
    Function, "check_periodicity", "check_periodicity(R, N)", 2, 2, "Positions",
        "Test the first N heaps of R for a period (Nothing if none shows; Kayles needs about 300).", "check_periodicity(kayles, 300)", ["period", "nim_values"];
    Function, "heap_nim_value", "heap_nim_value(R, n)", 2, 2, "Positions",
        "The nim value of one heap of size n in R.", "heap_nim_value(kayles, 5)", ["nim_values", "NimValue"];
    Function, "hexadecimal", "hexadecimal(CODE)", 1, 1, "Rulesets",
        "The hexadecimal game with the given code.", "hexadecimal(\"0.8F\")[5]", ["octal", "take_and_break"];
    Function, "nim_value_sequence", "nim_value_sequence(R, N)", 2, 2, "Positions",
        "The nim values of heaps 1 to N of R.", "nim_value_sequence(kayles, 10)", ["nim_values"];
    Function, "nim_values", "nim_values(R, n)", 2, 2, "Positions",
        "The nim values [g(0), ..., g(n)] of R's heaps, as a compact list.", "nim_values(kayles, 20)", ["nim_value_sequence", "period", "heap_nim_value"];
    Function, "octal", "octal(CODE)", 1, 1, "Rulesets",
        "The octal game with the given code.", "octal(\"0.77\")[5]", ["hexadecimal", "take_and_break", "kayles"];
    Function, "period", "period(R[, N])", 1, 2, "Positions",
        "The period, preperiod and saltus of R's nim values, proven by the periodicity theorem (searching until found or Ctrl-C; N caps the heaps).", "period(kayles)", ["check_periodicity", "nim_values"];
    Function, "spawning", "spawning(CODE)", 1, 1, "Rulesets",
        "A coin-turning (spawning) game with the given code.", "spawning(\"1-3\")[4]", ["octal"];
    Function, "splittles", "splittles(a, b, ...)", 0, MANY, "Rulesets",
        "Splittles: take a listed number and optionally split the rest.", "splittles(1, 2)[5]", ["subtraction"];
    Function, "subtraction", "subtraction(a, b, ...)", 0, MANY, "Rulesets",
        "The subtraction game that may take any of the listed numbers.", "subtraction(1, 3, 4)[10]", ["allbut", "bash"];
    Function, "take_and_break", "take_and_break(CODE)", 1, 1, "Rulesets",
        "The take-and-break game with the given code.", "take_and_break(\"4!.0\")[6]", ["octal", "grundy_game"];
    Function, "take_away", "take_away(r)", 1, 1, "Rulesets",
        "Take-away games where a move may take up to r times the last move.", "take_away(2)", ["fibonacci_nim"];
    // Rulesets of your own.
    Function, "coordinate_ruleset", "coordinate_ruleset(f)", 1, 1, "Rulesets of your own",
        "An impartial ruleset on pairs (m, n); f(m, n) lists the moves.", "coordinate_ruleset((m, n) -> [(m - 1, n)])", ["heap_ruleset"];
    Function, "functional_heap_ruleset", "functional_heap_ruleset(f)", 1, 1, "Rulesets of your own",
        "The same as heap_ruleset(f).", "functional_heap_ruleset(n -> [[n - 1]])", ["heap_ruleset"];
    Function, "gen_mem", "gen_mem(f)", 1, 1, "Rulesets of your own",
        "A heap game with memory; f(memory, j) says whether j may be taken.", "gen_mem((m, j) -> j != m)((5, 0))", ["mem"];
    Function, "gen_wythoff", "gen_wythoff(f)", 1, 1, "Rulesets of your own",
        "A generalized Wythoff game; f bounds the diagonal moves.", "gen_wythoff(x -> x + 2)((3, 4))", ["wythoff"];
    Function, "heap_ruleset", "heap_ruleset(f)", 1, 1, "Rulesets of your own",
        "An impartial heap ruleset; f(n) lists the moves, each a list of heaps.", "heap_ruleset(n -> [[n - 1]])", ["partizan_heap_ruleset", "coordinate_ruleset"];
    Function, "impartial_game", "impartial_game(p, F)", 2, 2, "Rulesets of your own",
        "A position p of an impartial ruleset whose options come from F.", "impartial_game(3, n -> [k for k from 0 to n - 1])", ["impartial_ruleset"];
    Function, "impartial_ruleset", "impartial_ruleset(F)", 1, 1, "Rulesets of your own",
        "An impartial ruleset on any positions; F(p) lists the options. Positions may repeat (play may never end); split => S gives components, limit => N caps one search.", "impartial_ruleset(n -> [k for k from 0 to n - 1])", ["partizan_ruleset"];
    Function, "partizan_coordinate_ruleset", "partizan_coordinate_ruleset(CL, CR)", 2, 2, "Rulesets of your own",
        "A partizan ruleset on pairs: Left moves as coordinate ruleset CL, Right as CR.", "partizan_coordinate_ruleset(coordinate_ruleset((m, n) -> [(m - 1, n)]), coordinate_ruleset((m, n) -> [(m, n - 1)]))", ["coordinate_ruleset"];
    Function, "partizan_game", "partizan_game(p, L, R)", 2, 3, "Rulesets of your own",
        "A position p of a partizan ruleset whose options come from L and R.", "partizan_game(2, n -> [k for k from 0 to n - 1], n -> [])", ["partizan_ruleset"];
    Function, "partizan_heap_ruleset", "partizan_heap_ruleset(RL, RR)", 2, 2, "Rulesets of your own",
        "A partizan heap ruleset from one heap ruleset for each side.", "partizan_heap_ruleset(subtraction(1), subtraction(2))[3]", ["heap_ruleset"];
    Function, "partizan_ruleset", "partizan_ruleset(L, R)", 2, 2, "Rulesets of your own",
        "A partizan ruleset on any positions; L(p) and R(p) list the options (also left => L, right => R). Positions may repeat; limit => N caps one search.", "partizan_ruleset(n -> [k for k from 0 to n - 1], n -> [])", ["impartial_ruleset"];
    Function, "value", "value(G)", 1, 1, "Rulesets of your own",
        "The value of a position, game or dyadic number as a canonical game.", "value(kayles[3])", ["canonical_form"];
    // Contest helpers.
    Function, "every_sg", "every_sg(a, b, ...)", 0, MANY, "Contest",
        "Who wins the Every-SG sum of these Nim heaps (N or P).", "every_sg(1, 2, 3)", ["misere_nim"];
    Function, "misere", "misere(TEXT)", 1, 1, "Misère games",
        "A misère game from CGSuite's *[...] text.", "misere(\"*[2]\")", ["misere_nim", "Genus"];
    Function, "misere_nim", "misere_nim(a, b, ...)", 0, MANY, "Contest",
        "Who wins misère Nim with these heaps (N or P).", "misere_nim(1, 1, 2)", ["misere", "moore_nim"];
    Function, "moore_nim", "moore_nim(k, a, b, ...)", 1, MANY, "Contest",
        "Who wins Moore's Nim_k (move in up to k heaps at once) with these heaps.", "moore_nim(2, 1, 2, 3)", ["misere_nim", "nim"];
    Function, "staircase_nim", "staircase_nim(a, b, ...)", 0, MANY, "Contest",
        "Who wins Staircase Nim with these coins on steps 1, 2, ...", "staircase_nim(1, 2, 3)", ["nim"];
    Function, "wythoff", "wythoff(a, b)", 2, 2, "Contest",
        "The value (a nimber) of Wythoff's game with heaps a and b.", "wythoff(1, 1)", ["wythoff_p", "gen_wythoff"];
    Function, "wythoff_p", "wythoff_p(k)", 1, 1, "Contest",
        "The k-th P-position [a, b] of Wythoff's game.", "wythoff_p(3)", ["wythoff"];
    // Partizan positions.
    Function, "clobber", "clobber(BOARD)", 1, 1, "Partizan games",
        "A Clobber position: x for Left's stones, o for Right's.", "clobber(\"xo.ox\")", ["domineering", "hackenbush"];
    Function, "cutcake", "cutcake(w, h)", 2, 2, "Partizan games",
        "A w × h Cutcake rectangle.", "cutcake(3, 2)", ["maundy_cake"];
    Function, "digraph_placement", "digraph_placement(DIGRAPH)", 1, 1, "Partizan games",
        "cgt-tools' Digraph Placement (also game.graph.DigraphPlacement): take a vertex of your colour (L or R) and everything it points to.", "digraph_placement(\"L>R;R:A>L;L>R:A\")", ["clobber"];
    Function, "domineering", "domineering(w, h) / domineering(BOARD)", 1, 2, "Partizan games",
        "A Domineering board, by size or picture (# for a filled cell).", "domineering(3, 2)", ["clobber", "cutcake"];
    Function, "hackenbush", "hackenbush(PICTURE)", 1, 1, "Partizan games",
        "A Hackenbush position; L, R and G for Left's, Right's and green edges.", "hackenbush(\"LLR\")", ["toads_frogs"];
    Function, "maundy_cake", "maundy_cake(w, h[, a, b])", 2, 4, "Partizan games",
        "A w × h Maundy Cake rectangle; a and b (0 or 1) let Left or Right split widths.", "maundy_cake(6, 9, 1, 1)", ["cutcake"];
    Function, "toads_frogs", "toads_frogs(STRIP)", 1, 1, "Partizan games",
        "A Toads and Frogs strip: T toads, F frogs, _ empty squares.", "toads_frogs(\"TT__FF\")", ["hackenbush"];

    // Game properties and methods (G.Name; Tab completes them after the dot).
    GameMethod, "AtomicWeight", "G.AtomicWeight", 0, 0, "Values and stops",
        "The atomic weight of an all-small game.", "^.AtomicWeight", ["atomic_weight", "UptimalExpansion"];
    GameMethod, "Birthday", "G.Birthday", 0, 0, "Values and stops",
        "The day G's canonical form is born (an explicit game's literal form: '{*|*}' is born on day 2).", "{2|*}.Birthday", ["birthday"];
    GameMethod, "CanonicalForm", "G.CanonicalForm", 0, 0, "Transformations",
        "G in canonical form.", "kayles[3].CanonicalForm", ["canonical_form", "ReducedCanonicalForm"];
    GameMethod, "Companion", "G.Companion", 0, 0, "Transformations",
        "G's companion: G + * for all-small G.", "^.Companion", ["companion"];
    GameMethod, "ConfusionInterval", "G.ConfusionInterval", 0, 0, "Values and stops",
        "The interval of numbers G is confused with.", "{3|-1}.ConfusionInterval", ["LeftStop", "RightStop"];
    GameMethod, "ConjunctiveSum", "G.ConjunctiveSum(H)", 1, 1, "Sums and products",
        "The conjunctive sum of G and H.", "{1|0}.ConjunctiveSum(*)", ["conjunctive_sum", "SelectiveSum"];
    GameMethod, "ConwayProduct", "G.ConwayProduct(H)", 1, 1, "Sums and products",
        "Conway's product of G and H.", "2.ConwayProduct({1|0})", ["conway_product", "NortonProduct"];
    GameMethod, "Cool", "G.Cool(t)", 1, 1, "Transformations",
        "G cooled by t.", "{3|-1}.Cool(1)", ["cool", "Heat", "Temperature"];
    GameMethod, "Degree", "G.Degree", 0, 0, "Loopy games",
        "The degree of loopiness: G Upsum -G (0 for a loopfree game).", "{0||0|under}.Degree", ["Variety", "Upsum"];
    GameMethod, "Downsum", "G.Downsum(H)", 1, 1, "Loopy games",
        "The offside of G + H.", "upon.Downsum(off)", ["Upsum", "Offside"];
    GameMethod, "DownsumVariety", "G.DownsumVariety(D)", 1, 1, "Loopy games",
        "G Downsum ((-G) Upsum D), for an idempotent D.", "upon.DownsumVariety(^.Pow(on))", ["UpsumVariety", "Variety"];
    GameMethod, "FollowerCount", "G.FollowerCount", 0, 0, "Options",
        "How many distinct followers G has, G included (positions for a position, canonical forms for a value).", "clobber(\"xo\").FollowerCount", ["follower_count", "Followers"];
    GameMethod, "Followers", "G.Followers", 0, 0, "Options",
        "The set of G's followers, G included: every position reachable for a ruleset position or a sum of them, the canonical followers for a value.", "clobber(\"xo\").Followers", ["followers", "FollowerCount"];
    GameMethod, "Freeze", "G.Freeze", 0, 0, "Transformations",
        "G cooled by its temperature.", "{3|-1}.Freeze", ["freeze", "Cool"];
    GameMethod, "Heat", "G.Heat(t)", 1, 1, "Transformations",
        "G heated by t.", "*.Heat(1)", ["heat", "Cool", "Overheat"];
    GameMethod, "Incentives", "G.Incentives", 0, 0, "Options",
        "Left's and Right's incentives.", "{2|-1}.Incentives", ["incentives"];
    GameMethod, "IsAllSmall", "G.IsAllSmall", 0, 0, "Tests",
        "True if every follower with a move for one side has one for the other.", "^.IsAllSmall", ["IsInfinitesimal"];
    GameMethod, "IsAtomic", "G.IsAtomic", 0, 0, "Tests",
        "True if G has an atomic weight.", "^.IsAtomic", ["AtomicWeight"];
    GameMethod, "IsEven", "G.IsEven", 0, 0, "Tests",
        "True for an even integer (CGSuite's IsEven is about integers).", "4.IsEven", ["IsOdd"];
    GameMethod, "IsEvenTempered", "G.IsEvenTempered", 0, 0, "Tests",
        "True for an even-tempered game.", "*.IsEvenTempered", ["IsOddTempered"];
    GameMethod, "IsIdempotent", "G.IsIdempotent", 0, 0, "Tests",
        "True if G + G = G (among short games, only 0).", "0.IsIdempotent", [];
    GameMethod, "IsInfinitesimal", "G.IsInfinitesimal", 0, 0, "Tests",
        "True if G lies strictly between all negative and all positive numbers (and is not 0).", "^.IsInfinitesimal", ["IsAllSmall"];
    GameMethod, "IsInteger", "G.IsInteger", 0, 0, "Tests",
        "True if G is an integer.", "{1|}.IsInteger", ["IsNumber"];
    GameMethod, "IsLoopfree", "G.IsLoopfree", 0, 0, "Loopy games",
        "True if no cycle can be reached from G (a short game).", "on.IsLoopfree", ["IsPlumtree", "IsStopper"];
    GameMethod, "IsNimber", "G.IsNimber", 0, 0, "Tests",
        "True if G is a nimber *n.", "{0,*|0,*}.IsNimber", ["NimValue"];
    GameMethod, "IsNumber", "G.IsNumber", 0, 0, "Tests",
        "True if G is a number.", "{0|1}.IsNumber", ["IsInteger", "IsNumberish"];
    GameMethod, "IsNumberTiny", "G.IsNumberTiny", 0, 0, "Tests",
        "True if G is a number plus a tiny.", "{0||0|-1}.IsNumberTiny", ["Tiny"];
    GameMethod, "IsNumberish", "G.IsNumberish", 0, 0, "Tests",
        "True if G is a number plus an infinitesimal.", "(1 + ^).IsNumberish", ["IsNumber"];
    GameMethod, "IsOdd", "G.IsOdd", 0, 0, "Tests",
        "True for an odd integer.", "3.IsOdd", ["IsEven"];
    GameMethod, "IsOddTempered", "G.IsOddTempered", 0, 0, "Tests",
        "True for an odd-tempered game.", "*.IsOddTempered", ["IsEvenTempered"];
    GameMethod, "IsOrdinal", "G.IsOrdinal", 0, 0, "Tests",
        "True if G's canonical form has no Right options.", "2.IsOrdinal", [];
    GameMethod, "IsPlumtree", "G.IsPlumtree", 0, 0, "Loopy games",
        "True if the only cycles G reaches are passes.", "{0|pass}.IsPlumtree", ["IsLoopfree", "IsStopper"];
    GameMethod, "IsPseudonumber", "G.IsPseudonumber", 0, 0, "Loopy games",
        "True for a number, on, off, x over or x under.", "{pass|3/2}.IsPseudonumber", ["IsNumber"];
    GameMethod, "IsStable", "G.IsStable", 0, 0, "Loopy games",
        "True if G's upsum and downsum varieties (over its degree) agree.", "over.IsStable", ["Variety", "Degree"];
    GameMethod, "IsStopper", "G.IsStopper", 0, 0, "Loopy games",
        "True if no infinite alternating play can start anywhere in G.", "dud.IsStopper", ["IsStopperSided", "IsPlumtree"];
    GameMethod, "IsStopperSided", "G.IsStopperSided", 0, 0, "Loopy games",
        "True if both of G's sides are stoppers.", "dud.IsStopperSided", ["IsStopper", "Onside"];
    GameMethod, "IsUptimal", "G.IsUptimal", 0, 0, "Tests",
        "True if G has an uptimal expansion.", "(^ + ^).IsUptimal", ["UptimalExpansion"];
    GameMethod, "IsZero", "G.IsZero", 0, 0, "Tests",
        "True if G = 0.", "(* + *).IsZero", [];
    GameMethod, "LeftIncentives", "G.LeftIncentives", 0, 0, "Options",
        "Left's incentives.", "{2|-1}.LeftIncentives", ["left_incentives"];
    GameMethod, "LeftOptions", "G.LeftOptions", 0, 0, "Options",
        "Left's options: the positions one move away for a position (a list, in move order), the literal options of an explicit game, the canonical options for a value.", "(clobber(\"xo\") + clobber(\"xo\")).LeftOptions", ["left_options", "RightOptions"];
    GameMethod, "LeftStop", "G.LeftStop", 0, 0, "Values and stops",
        "Left's stop.", "{3|-1}.LeftStop", ["left_stop", "RightStop", "Stop"];
    GameMethod, "Mean", "G.Mean", 0, 0, "Values and stops",
        "G's mean value.", "{3|-1}.Mean", ["mean", "Temperature"];
    GameMethod, "Miny", "x.Miny", 0, 0, "Constructors",
        "miny-x.", "2.Miny", ["miny", "Tiny"];
    GameMethod, "IsMisereInvertible", "G.IsMisereInvertible(U)", 0, 1, "Misère games", "True if G plus its conjugate is equivalent to 0 in misère play modulo the universe U (Dicot, DeadEnding or AllGames, the default).", "misere_form(\"^\").IsMisereInvertible(Dicot)", ["MisereEquiv", "Conjugate"];
    GameMethod, "MisereCanonicalForm", "G.MisereCanonicalForm(U)", 0, 1, "Misère games", "With a universe U (Dicot, DeadEnding or AllGames), G's canonical form modulo U as an explicit game; with none, the misère canonical form *[...] of an impartial game.", "('{0|*}' + '{0|0}').MisereCanonicalForm(Dicot)", ["misere_values", "MisereEquiv"];
    GameMethod, "MisereDistinguisher", "G.MisereDistinguisher(H, U)", 1, 2, "Misère games", "A game X of the universe U (default AllGames) with a different misère outcome in G + X and H + X, searched by birthday; Nothing when G and H are equivalent modulo U.", "'{0|*}'.MisereDistinguisher(0, Dicot)", ["MisereCompare"];
    GameMethod, "MisereCompare", "G.MisereCompare(H, U)", 1, 2, "Misère games", "\"=\", \">\", \"<\" or \"<>\": how G and H compare in misère play modulo the universe U (Dicot, DeadEnding or AllGames, the default).", "'{*|*}'.MisereCompare(0, Dicot)", ["MisereGeq", "MisereEquiv"];
    GameMethod, "MisereEquiv", "G.MisereEquiv(H, U)", 1, 2, "Misère games", "True if G and H are equivalent in misère play modulo the universe U.", "'{-1|1}'.MisereEquiv(0, DeadEnding)", ["MisereCompare"];
    GameMethod, "MisereGeq", "G.MisereGeq(H, U)", 1, 2, "Misère games", "True if G ≥ H in misère play modulo the universe U: o(G + X) ≥ o(H + X) for every X there.", "misere_form(\"-2\").MisereGeq('{|0,-1}', DeadEnding)", ["MisereLeq", "MisereCompare"];
    GameMethod, "MisereLeq", "G.MisereLeq(H, U)", 1, 2, "Misère games", "True if G ≤ H in misère play modulo the universe U.", "'{|0,-1}'.MisereLeq(misere_form(\"-2\"), DeadEnding)", ["MisereGeq"];
    GameMethod, "MisereOutcomeClass", "G.MisereOutcomeClass", 0, 0, "Values and stops",
        "Who wins G in misère play (an explicit game on its literal form: '{*2|}' is R).", "*.MisereOutcomeClass", ["misere_outcome_class", "OutcomeClass"];
    GameMethod, "NimValue", "G.NimValue", 0, 0, "Values and stops",
        "n for an impartial game equal to *n.", "kayles[5].NimValue", ["nim_values", "IsNimber"];
    GameMethod, "NortonProduct", "G.NortonProduct(U)", 1, 1, "Sums and products",
        "Norton's product of G by U.", "2.NortonProduct(^)", ["norton_product"];
    GameMethod, "Offside", "G.Offside", 0, 0, "Loopy games",
        "G's offside: its value when infinite play is a win for Right.", "dud.Offside", ["Onside"];
    GameMethod, "Onside", "G.Onside", 0, 0, "Loopy games",
        "G's onside: its value when infinite play is a win for Left.", "dud.Onside", ["Offside"];
    GameMethod, "Options", "G.Options / G.Options(side)", 0, 1, "Options",
        "The options for Left or Right; without a side, both players' options. Positions for a position (in move order), canonical options for a value.", "{1|0}.Options(Left)", ["options", "LeftOptions", "RightOptions"];
    GameMethod, "OrdinalProduct", "G.OrdinalProduct(H)", 1, 1, "Sums and products",
        "The ordinal product of two short games (*a ⊗ *b = *(a·b)).", "{1|-1}.OrdinalProduct(*2)", ["ordinal_product", "OrdinalSum"];
    GameMethod, "OrdinalSum", "G.OrdinalSum(H)", 1, 1, "Sums and products",
        "The ordinal sum G : H.", "1.OrdinalSum(-1)", ["ordinal_sum"];
    GameMethod, "OutcomeClass", "G.OutcomeClass", 0, 0, "Values and stops",
        "Who wins G.", "{1|-1}.OutcomeClass", ["outcome_class", "MisereOutcomeClass"];
    GameMethod, "Overheat", "G.Overheat(s, t)", 2, 2, "Transformations",
        "G overheated from s to t.", "*.Overheat(1, 1)", ["overheat", "Heat"];
    GameMethod, "Pow", "G.Pow(x)", 1, 1, "Sums and products",
        "G^x = {0 | H − G.PowTo(x−1)} for G = {0|H} and a number x (↑ⁿ for ↑).", "^.Pow(7/4)", ["pow", "PowTo"];
    GameMethod, "PowTo", "G.PowTo(x)", 1, 1, "Sums and products",
        "G^→x = G : x.Subordinate(1), for any G and a number x (↑^→n for ↑).", "(+-1).PowTo(3)", ["pow_to", "Pow", "Subordinate"];
    GameMethod, "ReducedCanonicalForm", "G.ReducedCanonicalForm", 0, 0, "Transformations",
        "G's reduced canonical form.", "{1|1*}.ReducedCanonicalForm", ["reduced_canonical_form"];
    GameMethod, "RightIncentives", "G.RightIncentives", 0, 0, "Options",
        "Right's incentives.", "{2|-1}.RightIncentives", ["right_incentives"];
    GameMethod, "RightOptions", "G.RightOptions", 0, 0, "Options",
        "Right's options: the positions one move away for a position (a list, in move order), the literal options of an explicit game, the canonical options for a value.", "{1|0,*}.RightOptions", ["right_options", "LeftOptions"];
    GameMethod, "RightStop", "G.RightStop", 0, 0, "Values and stops",
        "Right's stop.", "{3|-1}.RightStop", ["right_stop", "LeftStop"];
    GameMethod, "SensibleLeftOptions", "G.SensibleLeftOptions", 0, 0, "Options",
        "Left's options that start a sensible line (equal to a canonical option, or reversing towards one).", "'{0,*,^|*}'.SensibleLeftOptions", ["SensibleLines", "SensibleRightOptions"];
    GameMethod, "SensibleLines", "G.SensibleLines(side)", 1, 1, "Options",
        "The sensible lines of play for Left or Right: a move, then reversing replies and moves, ending at a canonical option.", "'{{1|*},0|0}'.SensibleLines(Left)", ["SensibleOptions", "SensibleLeftOptions"];
    GameMethod, "SensibleOptions", "G.SensibleOptions(side)", 1, 1, "Options",
        "SensibleLeftOptions or SensibleRightOptions.", "'{0,*,^|*}'.SensibleOptions(Left)", ["SensibleLines"];
    GameMethod, "SensibleRightOptions", "G.SensibleRightOptions", 0, 0, "Options",
        "Right's options that start a sensible line.", "clobber(\"xo/ox\").SensibleRightOptions", ["SensibleLines", "SensibleLeftOptions"];
    GameMethod, "SelectiveSum", "G.SelectiveSum(H)", 1, 1, "Sums and products",
        "The selective sum of G and H.", "{1|0}.SelectiveSum(*)", ["selective_sum", "ConjunctiveSum"];
    GameMethod, "Stop", "G.Stop(side)", 1, 1, "Values and stops",
        "Left's or Right's stop.", "{3|-1}.Stop(Right)", ["LeftStop", "RightStop"];
    GameMethod, "StopCount", "G.StopCount", 0, 0, "Values and stops",
        "CGSuite's stop count: 1 for a number, otherwise the sum over all options.", "{3|-1}.StopCount", ["stop_count"];
    GameMethod, "StrongStop", "G.StrongStop(side)", 1, 1, "Loopy games",
        "Left's or Right's stop without its over/under adornment.", "{pass|3/2}.StrongStop(Left)", ["Stop"];
    GameMethod, "Subordinate", "G.Subordinate(base)", 1, 1, "Transformations",
        "The H with base : H = G, if there is one.", "(1/2).Subordinate(1)", ["subordinate"];
    Function, "plot", "plot(S) / plot(S, FILE)", 1, 2, "Pictures",
        "A scatter plot of a nim-value sequence or a list of numbers, in braille cells with exact labels, or to an .svg or .tex (TikZ) file (a thermograph: its plot).", "plot(nim_values(kayles, 100))", ["ScatterPlot", "Plot", "draw"];
    CollectionMethod, "ScatterPlot", "S.ScatterPlot / S.ScatterPlot(FILE)", 0, 1, "Pictures",
        "The scatter plot of a nim-value sequence or a list of numbers (as plot(S)).", "[n % 7 for n in 0..50].ScatterPlot", ["plot"];
    CollectionMethod, "IntensityPlot", "T.IntensityPlot / T.IntensityPlot(FILE)", 0, 1, "Pictures",
        "A table of numbers (R.NimValueTable(m, n), a list of rows) as a shaded map with a legend, or to an .svg or .tex (TikZ) file in colour.", "game.heap.Wythoff.NimValueTable(15, 15).IntensityPlot", ["intensity_plot", "NimValueTable"];
    Function, "intensity_plot", "intensity_plot(T) / intensity_plot(T, FILE)", 1, 2, "Pictures",
        "The intensity plot of a table of numbers (as T.IntensityPlot).", "intensity_plot([[0, 1, 2], [1, 2, 0]])", ["IntensityPlot"];
    ThermographMethod, "Plot", "T.Plot", 0, 0, "Pictures",
        "The thermograph's picture in the terminal (as shown under it).", "{3||2*|1*}.Thermograph.Plot", ["Thermograph", "plot", "draw"];
    Function, "draw", "draw(P) / draw(P, FILE)", 1, 2, "Pictures",
        "A position's picture (a board, a Hackenbush or graph game's graph, heaps as tokens) or a thermograph's; with FILE, written as .svg, .tex (TikZ) or, for graphs, .dot (Graphviz).", "draw(game.grid.Clobber(\"xo|ox\"))", ["Draw", "graph", "plot"];
    PositionMethod, "Draw", "P.Draw / P.Draw(FILE)", 0, 1, "Pictures",
        "The position's picture (as draw(P)).", "hackenbush(\"LR G\").Draw", ["draw"];
    Function, "graph", "graph(G) / graph(G, FILE)", 1, 2, "Pictures",
        "The game graph: a short game's canonical options as a DAG with shared subpositions merged (Left's moves L, Right's R), a loopy game's graph with its cycles; with FILE, as .dot, .svg or .tex.", "graph({1|*})", ["Tree", "draw"];
    GameMethod, "Tree", "G.Tree / G.Tree(depth)", 0, 1, "Pictures",
        "The game tree: each option's canonical value, Left's (L) before Right's (R), to the given depth (default 2), with a count of the options hidden below.", "{2|*}.Tree(2)", ["Options", "Followers"];
    GameMethod, "Temperature", "G.Temperature", 0, 0, "Values and stops",
        "How urgent a move in G is.", "{3|-1}.Temperature", ["temperature", "Thermograph", "Mean"];
    GameMethod, "Thermograph", "G.Thermograph", 0, 0, "Values and stops",
        "G's thermograph.", "{3|-1}.Thermograph", ["thermograph", "Temperature"];
    GameMethod, "Tiny", "x.Tiny", 0, 0, "Constructors",
        "tiny-x.", "2.Tiny", ["tiny", "Miny"];
    GameMethod, "Upsum", "G.Upsum(H)", 1, 1, "Loopy games",
        "The onside of G + H.", "upon.Upsum(^.Pow(on))", ["Downsum", "Onside"];
    GameMethod, "UpsumVariety", "G.UpsumVariety(D)", 1, 1, "Loopy games",
        "G Upsum ((-G) Downsum (-D)), for an idempotent D.", "upon.UpsumVariety(on)", ["DownsumVariety", "Variety"];
    GameMethod, "UptimalExpansion", "G.UptimalExpansion", 0, 0, "Values and stops",
        "G in uptimal notation.", "(^ + ^).UptimalExpansion", ["uptimal_expansion"];
    GameMethod, "Variety", "G.Variety", 0, 0, "Loopy games",
        "The variety of a stable stopper: its upsum variety over its degree.", "(+-{0|pass}).Variety", ["Degree", "IsStable"];

    GameMethod, "DicoticVariant", "G.DicoticVariant", 0, 0, "Transformations",
        "{d(GL) | d(GR)} over G's canonical options when both players can move, else 0 (as for positions).", "{2|-1}.DicoticVariant", ["ImpartialVariant", "TwistedVariant"];
    GameMethod, "ImpartialVariant", "G.ImpartialVariant", 0, 0, "Transformations",
        "The impartial game where either player may make any of G's canonical moves (a nimber).", "{2|-1}.ImpartialVariant", ["DicoticVariant", "TwistedVariant"];
    GameMethod, "TwistedVariant", "G.TwistedVariant", 0, 0, "Transformations",
        "{-t(GL) | -t(GR)} over G's canonical options: the players swap roles after every move.", "{1|-1}.TwistedVariant", ["DicoticVariant", "ImpartialVariant"];
    // Methods of numbers.
    NumberMethod, "Abs", "x.Abs", 0, 0, "Numbers", "The absolute value.", "(-3/2).Abs", ["abs"];
    NumberMethod, "Ceiling", "x.Ceiling", 0, 0, "Numbers", "The least integer ≥ x.", "(7/2).Ceiling", ["ceiling", "Floor"];
    NumberMethod, "Denominator", "x.Denominator", 0, 0, "Numbers", "The denominator in lowest terms.", "(6/4).Denominator", ["Numerator"];
    NumberMethod, "Div", "a.Div(b)", 1, 1, "Numbers", "The quotient, truncated towards zero.", "17.Div(4)", ["Mod"];
    NumberMethod, "Floor", "x.Floor", 0, 0, "Numbers", "The greatest integer ≤ x.", "(7/2).Floor", ["floor", "Ceiling"];
    NumberMethod, "Gcd", "a.Gcd(b)", 1, 1, "Numbers", "The greatest common divisor.", "12.Gcd(18)", ["gcd", "Lcm"];
    NumberMethod, "IsDyadic", "x.IsDyadic", 0, 0, "Numbers", "True if the denominator is a power of 2.", "(3/8).IsDyadic", [];
    NumberMethod, "IsEvil", "n.IsEvil", 0, 0, "Numbers", "True if n has an even number of 1 bits.", "5.IsEvil", ["IsOdious"];
    NumberMethod, "IsOdious", "n.IsOdious", 0, 0, "Numbers", "True if n has an odd number of 1 bits.", "7.IsOdious", ["IsEvil"];
    NumberMethod, "IsPrime", "n.IsPrime", 0, 0, "Numbers", "True if n is prime.", "97.IsPrime", ["PrimeFactors"];
    NumberMethod, "IsSmallInteger", "n.IsSmallInteger", 0, 0, "Numbers", "True if n fits in 32 bits.", "5.IsSmallInteger", [];
    NumberMethod, "IsTwoPower", "n.IsTwoPower", 0, 0, "Numbers", "True if n is a power of 2.", "64.IsTwoPower", ["Lb"];
    NumberMethod, "Isqrt", "n.Isqrt", 0, 0, "Numbers", "The integer square root.", "17.Isqrt", [];
    NumberMethod, "Lb", "n.Lb", 0, 0, "Numbers", "The base-2 logarithm, rounded down.", "17.Lb", ["IsTwoPower"];
    NumberMethod, "Lcm", "a.Lcm(b)", 1, 1, "Numbers", "The least common multiple.", "4.Lcm(6)", ["Gcd"];
    NumberMethod, "Max", "a.Max(b)", 1, 1, "Numbers", "The larger of two numbers.", "3.Max(5)", ["max", "Min"];
    NumberMethod, "Min", "a.Min(b)", 1, 1, "Numbers", "The smaller of two numbers.", "3.Min(5)", ["min", "Max"];
    NumberMethod, "Mod", "a.Mod(b)", 1, 1, "Numbers", "The remainder, with the sign of b (floored).", "(-7).Mod(3)", ["Div"];
    NumberMethod, "NimDiv", "a.NimDiv(b)", 1, 1, "Nim arithmetic", "Nim division.", "5.NimDiv(3)", ["nim_div"];
    NumberMethod, "NimExp", "a.NimExp(n)", 1, 1, "Nim arithmetic", "a to the n-th nim power.", "2.NimExp(3)", ["nim_pow"];
    NumberMethod, "NimInverse", "a.NimInverse", 0, 0, "Nim arithmetic", "The nim inverse.", "3.NimInverse", ["nim_inverse"];
    NumberMethod, "NimProduct", "a.NimProduct(b)", 1, 1, "Nim arithmetic", "The nim product.", "2.NimProduct(3)", ["nim_product"];
    NumberMethod, "UglyProduct", "a.UglyProduct(b)", 1, 1, "Nim arithmetic", "CGSuite's ugly product; also infix: 14 UglyProduct 2.", "14.UglyProduct(2)", ["ugly_product"];
    NumberMethod, "NimSum", "a.NimSum(b)", 1, 1, "Nim arithmetic", "The nim sum (xor); also infix: 11 NimSum 3.", "11.NimSum(3)", ["nim_sum"];
    NumberMethod, "Numerator", "x.Numerator", 0, 0, "Numbers", "The numerator in lowest terms.", "(6/4).Numerator", ["Denominator"];
    NumberMethod, "PrimeFactors", "n.PrimeFactors", 0, 0, "Numbers", "The prime factors, with repeats.", "360.PrimeFactors", ["IsPrime"];
    NumberMethod, "Reciprocal", "x.Reciprocal", 0, 0, "Numbers", "1/x.", "(2/3).Reciprocal", [];
    NumberMethod, "Sign", "x.Sign", 0, 0, "Numbers", "-1, 0 or 1.", "(-5).Sign", ["Abs"];

    // Methods of lists, sets, maps, ranges and tuples.
    CollectionMethod, "Adjoin", "c.Adjoin(x)", 1, 1, "Collections", "c with x added.", "[1, 2].Adjoin(3)", ["Concat"];
    CollectionMethod, "Apply", "c.Apply(f)", 1, 1, "Collections", "f applied to each element.", "[1, 2, 3].Apply(x -> x * x)", ["Filter"];
    CollectionMethod, "Col", "p.Col", 0, 0, "Collections", "The second coordinate of a pair.", "(2, 5).Col", ["Row"];
    CollectionMethod, "Concat", "c.Concat(d)", 1, 1, "Collections", "c followed by d's elements.", "[1, 2].Concat([3])", ["Adjoin"];
    CollectionMethod, "Contains", "c.Contains(x)", 1, 1, "Collections", "True if x is an element.", "[1, 2].Contains(2)", ["IndexOf"];
    CollectionMethod, "ContainsKey", "m.ContainsKey(k)", 1, 1, "Collections", "True if the map has key k.", "{1 => 2}.ContainsKey(1)", ["Keys"];
    CollectionMethod, "Count", "c.Count(p)", 1, 1, "Collections", "How many elements satisfy p.", "[1, 2, 3].Count(x -> x > 1)", ["Filter"];
    CollectionMethod, "Distinct", "L.Distinct", 0, 0, "Collections", "L without repeated elements.", "[1, 2, 1].Distinct", ["ToSet"];
    CollectionMethod, "End", "r.End", 0, 0, "Collections", "A range's last value.", "(1..10).End", ["Start", "Step"];
    CollectionMethod, "Entries", "m.Entries", 0, 0, "Collections", "A map's entries (each has Key and Value).", "{1 => 2}.Entries", ["Key", "Value"];
    CollectionMethod, "Exists", "c.Exists(p)", 1, 1, "Collections", "True if some element satisfies p.", "[1, 2].Exists(x -> x > 1)", ["ForAll"];
    CollectionMethod, "Filter", "c.Filter(p)", 1, 1, "Collections", "The elements that satisfy p.", "[1, 2, 3].Filter(x -> x != 2)", ["Apply", "Count"];
    CollectionMethod, "Find", "c.Find(p)", 1, 1, "Collections", "The first element that satisfies p (Nothing if none).", "[1, 2, 3].Find(x -> x > 1)", ["Filter"];
    CollectionMethod, "Flattened", "c.Flattened", 0, 0, "Collections", "Nested lists flattened into one.", "[[1], [2, [3]]].Flattened", [];
    CollectionMethod, "ForAll", "c.ForAll(p)", 1, 1, "Collections", "True if every element satisfies p.", "[1, 2].ForAll(x -> x > 0)", ["Exists"];
    CollectionMethod, "ForEach", "c.ForEach(f)", 1, 1, "Collections", "Call f on each element (for its effects).", "[1, 2].ForEach(x -> Print(x * 10))", ["Apply"];
    CollectionMethod, "Grouped", "L.Grouped(n)", 1, 1, "Collections", "L cut into rows of n.", "[1, 2, 3, 4, 5].Grouped(2)", ["PeriodicTable"];
    CollectionMethod, "Head", "c.Head", 0, 0, "Collections", "The first element.", "[4, 5].Head", ["Tail"];
    CollectionMethod, "IndexOf", "L.IndexOf(x)", 1, 1, "Collections", "The position of x (from 1), or 0.", "[4, 5].IndexOf(5)", ["Contains"];
    CollectionMethod, "Intersection", "s.Intersection(t)", 1, 1, "Collections", "The elements of both sets.", "{1, 2}.Intersection({2, 3})", ["Union"];
    CollectionMethod, "IsEmpty", "c.IsEmpty", 0, 0, "Collections", "True if c has no elements.", "[].IsEmpty", ["Size"];
    CollectionMethod, "IsUnit", "p.IsUnit", 0, 0, "Collections", "True if both coordinates are -1, 0 or 1.", "(1, -1).IsUnit", ["Row", "Col"];
    CollectionMethod, "Key", "e.Key", 0, 0, "Collections", "A map entry's key.", "[e.Key for e in {1 => 2}.Entries]", ["Value", "Entries"];
    CollectionMethod, "Keys", "m.Keys", 0, 0, "Collections", "A map's keys.", "{1 => 2}.Keys", ["Values"];
    CollectionMethod, "Length", "L.Length", 0, 0, "Collections", "How many elements a list has.", "[4, 5].Length", ["Size"];
    CollectionMethod, "Max", "c.Max", 0, 0, "Collections", "The largest element.", "[3, 1, 4].Max", ["max", "Min"];
    CollectionMethod, "Mex", "c.Mex", 0, 0, "Collections", "The least non-negative integer missing.", "[0, 1, 3].Mex", ["mex"];
    CollectionMethod, "Min", "c.Min", 0, 0, "Collections", "The smallest element.", "[3, 1, 4].Min", ["min", "Max"];
    CollectionMethod, "MkOutput", "L.MkOutput(sep)", 1, 1, "Collections", "The elements printed and joined by sep.", "[1, 2].MkOutput(\", \")", ["ToString"];
    CollectionMethod, "PeriodicTable", "L.PeriodicTable(n)", 1, 1, "Collections", "L as a table with rows of n.", "nim_values(kayles, 23).PeriodicTable(12)", ["Grouped", "table"];
    CollectionMethod, "Replaced", "s.Replaced(m)", 1, 1, "Collections", "The set with each element that is a key of map m replaced by its value.", "{1, 2}.Replaced({1 => 3})", ["Updated"];
    CollectionMethod, "Reversed", "L.Reversed", 0, 0, "Collections", "L backwards.", "[1, 2, 3].Reversed", ["Sorted"];
    CollectionMethod, "Row", "p.Row", 0, 0, "Collections", "The first coordinate of a pair.", "(2, 5).Row", ["Col"];
    CollectionMethod, "Size", "c.Size", 0, 0, "Collections", "How many elements.", "{1, 2}.Size", ["Length"];
    CollectionMethod, "Sorted", "L.Sorted", 0, 0, "Collections", "The elements in order.", "[3, 1, 2].Sorted", ["SortedWith"];
    CollectionMethod, "SortedWith", "L.SortedWith(cmp)", 1, 1, "Collections", "Sorted by cmp(a, b) (negative, zero or positive).", "[3, 1, 2].SortedWith((a, b) -> b - a)", ["Sorted"];
    CollectionMethod, "Start", "r.Start", 0, 0, "Collections", "A range's first value.", "(1..10).Start", ["End", "Step"];
    CollectionMethod, "Step", "r.Step", 0, 0, "Collections", "A range's step.", "(1..10..3).Step", ["Start", "End"];
    CollectionMethod, "Sublist", "L.Sublist(i, j)", 2, 2, "Collections", "Elements i to j (from 1).", "[1, 2, 3, 4].Sublist(2, 3)", ["Take"];
    CollectionMethod, "Sum", "c.Sum", 0, 0, "Collections", "The sum of the elements.", "[1, 2, 3].Sum", ["sum"];
    CollectionMethod, "Swap", "p.Swap", 0, 0, "Collections", "The pair's coordinates swapped.", "(2, 5).Swap", ["Row", "Col"];
    CollectionMethod, "Tail", "c.Tail", 0, 0, "Collections", "All but the first element.", "[4, 5, 6].Tail", ["Head"];
    CollectionMethod, "Take", "L.Take(n)", 1, 1, "Collections", "The first n elements.", "[4, 5, 6].Take(2)", ["Sublist"];
    CollectionMethod, "ToList", "c.ToList", 0, 0, "Collections", "The elements as a list.", "{2, 1}.ToList", ["ToSet"];
    CollectionMethod, "ToSet", "c.ToSet", 0, 0, "Collections", "The elements as a set.", "[2, 1, 2].ToSet", ["ToList"];
    CollectionMethod, "ToString", "x.ToString", 0, 0, "Collections", "The value as it prints, as a string.", "[1, 2].ToString", ["MkOutput"];
    CollectionMethod, "Union", "s.Union(t)", 1, 1, "Collections", "The elements of either set.", "{1, 2}.Union({3})", ["Intersection"];
    CollectionMethod, "Updated", "L.Updated(i, x)", 2, 2, "Collections", "L with element i (from 1) replaced by x; for a map, key i set to x.", "[1, 2, 3].Updated(2, 7)", ["Replaced"];
    CollectionMethod, "Value", "e.Value", 0, 0, "Collections", "A map entry's value.", "[e.Value for e in {1 => 2}.Entries]", ["Key", "Entries"];
    CollectionMethod, "Values", "m.Values", 0, 0, "Collections", "A map's values.", "{1 => 2}.Values", ["Keys"];

    // Methods of strings.
    StringMethod, "Concat", "s.Concat(t)", 1, 1, "Strings", "s followed by t.", "\"ab\".Concat(\"cd\")", [];
    StringMethod, "Length", "s.Length", 0, 0, "Strings", "How many characters.", "\"abc\".Length", [];
    StringMethod, "Matches", "s.Matches(RE)", 1, 1, "Strings", "True if the whole string matches the regular expression.", "\"abc\".Matches(\"a.*\")", ["ReplaceRegex"];
    StringMethod, "Replace", "s.Replace(a, b)", 2, 2, "Strings", "Every a replaced by b.", "\"abab\".Replace(\"a\", \"x\")", ["ReplaceRegex"];
    StringMethod, "ReplaceRegex", "s.ReplaceRegex(RE, b)", 2, 2, "Strings", "Every match of RE replaced by b ($1 for groups).", "\"a1b2\".ReplaceRegex(\"[0-9]\", \"#\")", ["Replace", "Matches"];
    StringMethod, "Substring", "s.Substring(i, j)", 2, 2, "Strings", "Characters i to j (from 1).", "\"abcdef\".Substring(2, 4)", [];
    StringMethod, "ToLowerCase", "s.ToLowerCase", 0, 0, "Strings", "In lower case.", "\"AbC\".ToLowerCase", ["ToUpperCase"];
    StringMethod, "ToString", "s.ToString", 0, 0, "Strings", "The string itself.", "\"abc\".ToString", [];
    StringMethod, "ToUpperCase", "s.ToUpperCase", 0, 0, "Strings", "In upper case.", "\"AbC\".ToUpperCase", ["ToLowerCase"];
    StringMethod, "Updated", "s.Updated(i, c)", 2, 2, "Strings", "s with character i (from 1) replaced by c.", "\"abc\".Updated(2, \"x\")", [];

    // Properties and methods of misère games *[...].
    MisereMethod, "Birthday", "M.Birthday", 0, 0, "Misère games", "The misère game's birthday.", "*[2, [1]].Birthday", [];
    MisereMethod, "Distinguisher", "M.Distinguisher(N)", 1, 1, "Misère games", "A game X with M + X and N + X of different misère outcomes.", "*[1].Distinguisher(*[2])", ["IsLinkedTo"];
    MisereMethod, "Genus", "M.Genus", 0, 0, "Misère games", "Conway's genus.", "*[2, 2].Genus", ["IsTame", "MisereNimValue"];
    MisereMethod, "IsEven", "M.IsEven", 0, 0, "Misère games", "True for an even misère game.", "*[2].IsEven", [];
    MisereMethod, "IsExtraverted", "M.IsExtraverted", 0, 0, "Misère games", "True for an extraverted game.", "*[2].IsExtraverted", ["IsIntroverted"];
    MisereMethod, "IsGenerallyRestive", "M.IsGenerallyRestive", 0, 0, "Misère games", "True for a generally restive game.", "*[2].IsGenerallyRestive", ["IsRestive"];
    MisereMethod, "IsGenerallyTame", "M.IsGenerallyTame", 0, 0, "Misère games", "True for a generally tame game.", "*[2].IsGenerallyTame", ["IsTame"];
    MisereMethod, "IsHalfTame", "M.IsHalfTame", 0, 0, "Misère games", "True for a half-tame game.", "*[2].IsHalfTame", ["IsTame"];
    MisereMethod, "IsIntroverted", "M.IsIntroverted", 0, 0, "Misère games", "True for an introverted game.", "*[2].IsIntroverted", ["IsExtraverted"];
    MisereMethod, "IsLinkedTo", "M.IsLinkedTo(N)", 1, 1, "Misère games", "True if M and N are linked.", "*[1].IsLinkedTo(*[2])", ["Link"];
    MisereMethod, "IsNimHeap", "M.IsNimHeap", 0, 0, "Misère games", "True if M is a nim heap.", "*[2].IsNimHeap", [];
    MisereMethod, "IsPrime", "M.IsPrime", 0, 0, "Misère games", "True if M has no parts but itself and 0.", "*[2].IsPrime", ["Parts"];
    MisereMethod, "IsRestive", "M.IsRestive", 0, 0, "Misère games", "True for a restive game.", "*[2].IsRestive", ["IsRestless"];
    MisereMethod, "IsRestless", "M.IsRestless", 0, 0, "Misère games", "True for a restless game.", "*[2].IsRestless", ["IsRestive"];
    MisereMethod, "IsTame", "M.IsTame", 0, 0, "Misère games", "True if M plays like a nim heap in sums.", "*[2, 2].IsTame", ["Genus"];
    MisereMethod, "IsTameable", "M.IsTameable", 0, 0, "Misère games", "True for a tameable game.", "*[2].IsTameable", ["IsTame"];
    MisereMethod, "IsWild", "M.IsWild", 0, 0, "Misère games", "True for a wild game: in no tame, tameable, restive or restless phylum.", "*[1, [[2], 1]].IsWild", ["IsTame"];
    MisereMethod, "Link", "M.Link(N)", 1, 1, "Misère games", "A game linking M and N; also infix: M Link N.", "*[2].Link(*[2])", ["IsLinkedTo"];
    MisereMethod, "Mate", "M.Mate", 0, 0, "Misère games", "Conway's mate of M.", "*[2].Mate", [];
    MisereMethod, "MisereCanonicalForm", "M.MisereCanonicalForm", 0, 0, "Misère games", "M's misère canonical form.", "*[2, 2].MisereCanonicalForm", [];
    MisereMethod, "MisereMinus", "M.MisereMinus(N)", 1, 1, "Misère games", "The misère difference, when defined.", "*[2].MisereMinus(*[1])", [];
    MisereMethod, "MisereNimValue", "M.MisereNimValue", 0, 0, "Misère games", "The misère nim value.", "*[2, 2].MisereNimValue", ["Genus"];
    MisereMethod, "MisereOutcomeClass", "M.MisereOutcomeClass", 0, 0, "Misère games", "Who wins M in misère play.", "*[2].MisereOutcomeClass", ["misere_outcome_class"];
    MisereMethod, "MisereWinningMoves", "M.MisereWinningMoves", 0, 0, "Misère games", "The options that win in misère play.", "*[2, 2].MisereWinningMoves", [];
    MisereMethod, "NimValue", "M.NimValue", 0, 0, "Misère games", "The normal-play nim value.", "*[2, 2].NimValue", ["MisereNimValue"];
    MisereMethod, "Options", "M.Options", 0, 0, "Misère games", "M's options.", "*[2, 2].Options", [];
    MisereMethod, "Partitions", "M.Partitions", 0, 0, "Misère games", "The ways to write M as a sum.", "*[2, 2].Partitions", ["Parts"];
    MisereMethod, "Parts", "M.Parts", 0, 0, "Misère games", "M's prime parts.", "*[2, 2].Parts", ["Partitions", "IsPrime"];

    // Properties of ruleset positions (besides every property of games).
    PositionMethod, "DepthHint", "P.DepthHint", 0, 0, "Positions", "A loopy ruleset's hint that no move raises; GameValue solves lower hints first.", "game.strip.BackslidingToadsAndFrogs(\"tt.ff\").DepthHint", ["GameValue"];
    PositionMethod, "GameValue", "P.GameValue", 0, 0, "Positions", "The position's value: its canonical form, or for a loopy ruleset (Fox and Geese, Backsliding Toads and Frogs) a stopper or onside & offside.", "impartial_ruleset(n -> [k for k from 0 to n - 1])(3).GameValue", ["CanonicalForm", "value", "DepthHint"];
    PositionMethod, "Genus", "P.Genus", 0, 0, "Positions", "Conway's genus of an impartial position.", "kayles[5].Genus", ["MisereNimValue"];
    PositionMethod, "DicoticVariant", "P.DicoticVariant", 0, 0, "Positions", "{d(PL) | d(PR)} over the position's options when both players can move, else 0.", "game.grid.Domineering(\"...|...\").DicoticVariant", ["ImpartialVariant", "TwistedVariant"];
    PositionMethod, "ImpartialVariant", "P.ImpartialVariant", 0, 0, "Positions", "The impartial game where either player may make any of the position's moves (a nim value).", "clobber(\"xoxo\").ImpartialVariant.NimValue", ["DicoticVariant", "TwistedVariant"];
    PositionMethod, "TwistedVariant", "P.TwistedVariant", 0, 0, "Positions", "{-t(PL) | -t(PR)}: the players swap roles after every move.", "game.graph.Hackenbush(\"lr\").TwistedVariant", ["DicoticVariant", "ImpartialVariant"];
    PositionMethod, "Decomposition", "P.Decomposition", 0, 0, "Positions", "CGSuite's list of component positions whose sum is P: grid regions cropped to their boxes, graph components, or [P].", "game.grid.Domineering(\"..#.|#.#.|##..\").Decomposition", ["EnclosingObject", "GridString"];
    PositionMethod, "EnclosingObject", "P.EnclosingObject", 0, 0, "Positions", "The ruleset a game.grid, game.strip or game.graph position belongs to.", "game.grid.Clobber(\"xo|ox\").EnclosingObject", ["Decomposition"];
    PositionMethod, "GridString", "P.GridString", 0, 0, "Positions", "The board of a CGSuite grid position, rows joined by |.", "game.grid.Amazons(\"x...|o...\").GridString", ["CharMap"];
    PositionMethod, "LeftWinningMoves", "P.LeftWinningMoves", 0, 0, "Positions", "Left's moves that win when Left moves first.", "hackenbush(\"LLR\").LeftWinningMoves", ["RightWinningMoves", "WinningMoves"];
    PositionMethod, "MisereCanonicalForm", "P.MisereCanonicalForm", 0, 0, "Positions", "The misère canonical form of an impartial position.", "kayles[3].MisereCanonicalForm", ["Genus"];
    PositionMethod, "MisereNimValue", "P.MisereNimValue", 0, 0, "Positions", "The misère nim value of an impartial position.", "kayles[5].MisereNimValue", ["Genus", "NimValue"];
    PositionMethod, "MisereWinningMoves", "P.MisereWinningMoves", 0, 0, "Positions", "The moves that win in misère play.", "nim[1, 2].MisereWinningMoves", ["WinningMoves"];
    PositionMethod, "Position", "P.Position", 0, 0, "Positions", "The raw position a ruleset of your own was given.", "impartial_ruleset(n -> [k for k from 0 to n - 1])(3).Position", ["Ruleset"];
    PositionMethod, "RightWinningMoves", "P.RightWinningMoves", 0, 0, "Positions", "Right's moves that win when Right moves first.", "hackenbush(\"LLR\").RightWinningMoves", ["LeftWinningMoves"];
    PositionMethod, "Ruleset", "P.Ruleset", 0, 0, "Positions", "The ruleset a position of your own ruleset belongs to.", "impartial_ruleset(n -> [k for k from 0 to n - 1])(3).Ruleset", ["Position"];
    PositionMethod, "WinningMoves", "P.WinningMoves", 0, 0, "Positions", "The moves to positions of value 0.", "nim[1, 4, 5].WinningMoves", ["LeftWinningMoves", "MisereWinningMoves"];

    // Methods of rulesets.
    RulesetMethod, "AcrosticProduct", "R.AcrosticProduct(S)", 1, 1, "Positions", "The coordinate ruleset whose position (m, n) moves on m as in R or on n as in S.", "kayles.AcrosticProduct(nim)((3, 4)).NimValue", ["DirectProduct", "CakeProduct"];
    RulesetMethod, "Adjoin", "C.Adjoin(D)", 1, 1, "Positions", "The coordinate ruleset with C's options followed by D's.", "game.heap.Wythoff.Adjoin(game.heap.Mem)((2, 1)).Options.Size", ["NimValueTable"];
    RulesetMethod, "CakeProduct", "R.CakeProduct(S)", 1, 1, "Positions", "GenCutcake(R, S): Left plays R on the second coordinate, Right plays S on the first.", "kayles.CakeProduct(nim)((2, 3))", ["AcrosticProduct"];
    RulesetMethod, "DicoticVariant", "R.DicoticVariant / R.DicoticVariant(x)", 0, 1, "Positions", "The ruleset whose positions are the dicotic variants of R's: R.DicoticVariant(x) is R(x).DicoticVariant.", "game.grid.Domineering.DicoticVariant(\"...|...\")", ["ImpartialVariant", "TwistedVariant"];
    RulesetMethod, "ImpartialVariant", "R.ImpartialVariant / R.ImpartialVariant(x)", 0, 1, "Positions", "The ruleset whose positions are the impartial variants of R's (Domineering's is Cram).", "game.grid.Domineering.ImpartialVariant(\"...|...\").NimValue", ["DicoticVariant", "TwistedVariant"];
    RulesetMethod, "TwistedVariant", "R.TwistedVariant / R.TwistedVariant(x)", 0, 1, "Positions", "The ruleset whose positions are the twisted variants of R's.", "game.strip.ToadsAndFrogs.TwistedVariant(\"t.f\")", ["DicoticVariant", "ImpartialVariant"];
    RulesetMethod, "Position", "R.Position(board)", 1, 1, "Positions", "The position of a grid, strip or graph ruleset on a board: the same as R(board).", "game.grid.Domineering.Position(Grid.Empty(2, 3))", ["CharMap"];
    RulesetMethod, "VertexLabels", "R.VertexLabels", 0, 0, "Positions", "A graph ruleset's vertex tokens and the labels they stand for (. or nothing is the default label).", "game.graph.Col.VertexLabels", ["EdgeLabels", "VertexToString"];
    RulesetMethod, "EdgeLabels", "R.EdgeLabels", 0, 0, "Positions", "A graph ruleset's edge tokens and the labels they stand for (- is the default label).", "game.graph.Hackenbush.EdgeLabels", ["VertexLabels", "EdgeToString"];
    RulesetMethod, "VertexToString", "R.VertexToString", 0, 0, "Positions", "The reverse of R.VertexLabels: how a graph ruleset writes each vertex label.", "game.graph.Col.VertexToString", ["VertexLabels"];
    RulesetMethod, "EdgeToString", "R.EdgeToString", 0, 0, "Positions", "The reverse of R.EdgeLabels: how a graph ruleset writes each edge label.", "game.graph.Hackenbush.EdgeToString[Color.Blue]", ["EdgeLabels"];
    RulesetMethod, "ValuesTable", "R.ValuesTable(geese)", 1, 1, "Positions", "Fox and Geese: the GameValue with the fox on each playing square below the top goose (X under a goose), as a table.", "game.grid.GenFoxAndGeese(boardWidth => 4).ValuesTable([(3,1),(3,3)])", ["GameValue", "NimValueTable"];
    RulesetMethod, "CharMap", "R.CharMap", 0, 0, "Positions", "The characters of a grid or strip ruleset's cells, for cell values 0, 1, ….", "game.grid.Amazons.CharMap", ["GridString"];
    RulesetMethod, "DirectProduct", "R.DirectProduct(S)", 1, 1, "Positions", "The Tartan product of two heap rulesets: nim values multiply as nim products.", "kayles.DirectProduct(nim)((3, 4)).NimValue", ["AcrosticProduct", "nim_product"];
    RulesetMethod, "GameValueSequence", "R.GameValueSequence(N)", 1, 1, "Positions", "The values of heaps 1 to N of a partizan heap ruleset.", "kayles.PartizanJoin(nim).GameValueSequence(4)", ["GameValueTable"];
    RulesetMethod, "GameValueTable", "R.GameValueTable(r, c)", 2, 2, "Positions", "The values of (m, n), 1 ≤ m ≤ r, 1 ≤ n ≤ c, of a partizan coordinate ruleset, as a table.", "game.heap.Cutcake.GameValueTable(3, 4)", ["NimValueTable", "Table"];
    RulesetMethod, "Join", "R.Join(S)", 1, 1, "Positions", "The heap ruleset whose heaps have R's options followed by S's.", "kayles.Join(nim)(5).NimValue", ["PartizanJoin"];
    RulesetMethod, "NimValueTable", "R.NimValueTable(r, c)", 2, 2, "Positions", "The nim values of (m, n), 0 ≤ m ≤ r, 0 ≤ n ≤ c, of an impartial coordinate ruleset, as a table.", "game.heap.Wythoff.NimValueTable(4, 4)", ["GameValueTable", "Table"];
    RulesetMethod, "PartizanJoin", "R.PartizanJoin(S)", 1, 1, "Positions", "The partizan heap ruleset where Left moves as in R and Right as in S.", "kayles.PartizanJoin(nim)(3)", ["Join"];
    RulesetMethod, "MisereQuotient", "R.MisereQuotient(n)", 1, 2, "Misère games", "The misère quotient of the sums of heaps 0..n (MaxOrder => k raises the 4096-element limit).", "kayles.MisereQuotient(8)", ["misere_quotient", "MisereSolution"];
    RulesetMethod, "MisereSolution", "R.MisereSolution(N)", 0, 2, "Misère games", "The misère quotient at the first heap up to N (300 if omitted) where its pretending function is proven periodic; Nothing if none.", "octal(\"0.75\").MisereSolution(100)", ["misere_solution", "MisereQuotient"];
    RulesetMethod, "CheckPeriodicity", "R.CheckPeriodicity(N)", 1, 1, "Positions", "Test the first N heaps for a period (Nothing if none shows; Kayles needs about 300).", "kayles.CheckPeriodicity(300)", ["check_periodicity", "Period"];
    RulesetMethod, "HeapNimValue", "R.HeapNimValue(n)", 1, 1, "Positions", "The nim value of one heap of size n.", "kayles.HeapNimValue(5)", ["heap_nim_value"];
    RulesetMethod, "NimValueSequence", "R.NimValueSequence(N)", 1, 1, "Positions", "The nim values of heaps 1 to N.", "kayles.NimValueSequence(10)", ["nim_value_sequence"];
    RulesetMethod, "NimValues", "R.NimValues(n)", 1, 1, "Positions", "The nim values of heaps 0 to n, as a compact list.", "kayles.NimValues(10)", ["nim_values"];
    RulesetMethod, "ObservedPeriod", "R.ObservedPeriod(N)", 1, 1, "Positions", "A period seen in the first N heaps of a heap ruleset of your own (not a proof).", "heap_ruleset(n -> [[n - k] for k from 1 to n.Min(2)]).ObservedPeriod(20)", ["Period"];
    RulesetMethod, "Period", "R.Period / R.Period(N)", 0, 1, "Positions", "The period, preperiod and saltus of the nim values.", "kayles.Period", ["period", "CheckPeriodicity"];

    // Thermographs.
    Function, "digraph_ruleset", "digraph_ruleset(adj)", 1, 1, "Games with draws", "Tokens on a directed graph, whose play may never end: adjacency lists (vertices numbered from 1; base => 0), a map from vertices to their moves, edges => [(u, v), ...], or file => \"path\" (a line n m, then m lines u v); left => A, right => B for a partizan one. G(v) is one token, G[v1, v2] several.", "DigraphRuleset([[2], [3], []])[1, 2].OutcomeClass", ["OutcomeClasses", "LoopyNimValue"];
    RulesetMethod, "OutcomeClasses", "G.OutcomeClasses", 0, 0, "Games with draws", "The outcome class (P, N or D) of one token on each vertex.", "DigraphRuleset([[1, 2], []]).OutcomeClasses", ["LoopyNimValues"];
    RulesetMethod, "LoopyNimValues", "G.LoopyNimValues", 0, 0, "Games with draws", "The loopy nim value of one token on each vertex.", "DigraphRuleset([[1, 2], []]).LoopyNimValues", ["OutcomeClasses"];
    RulesetMethod, "VertexCount", "G.VertexCount", 0, 0, "Games with draws", "How many vertices the digraph has.", "DigraphRuleset([[2], []]).VertexCount", ["EdgeCount"];
    RulesetMethod, "EdgeCount", "G.EdgeCount", 0, 0, "Games with draws", "How many edges (moves) the digraph has.", "DigraphRuleset([[2], []]).EdgeCount", ["VertexCount"];
    PositionMethod, "LoopyNimValue", "P.LoopyNimValue", 0, 0, "Games with draws", "The generalized Sprague–Grundy value: an integer, or ∞(K) when play may never end.", "DigraphRuleset([[1, 2], []])(1).LoopyNimValue", ["NimValue", "LoopyNimber"];
    PositionMethod, "DrawingMoves", "P.DrawingMoves", 0, 1, "Games with draws", "The moves after which the game is a draw.", "DigraphRuleset([[1, 2], [1, 3], []])(1).DrawingMoves", ["WinningMoves"];
    PositionMethod, "Remoteness", "P.Remoteness", 0, 1, "Games with draws", "How many moves a decided game lasts when the winner hurries and the loser delays; Nothing for a draw.", "DigraphRuleset([[2, 3], [1], []])(2).Remoteness", ["WinningMoves"];
    PositionMethod, "LeftDrawingMoves", "P.LeftDrawingMoves", 0, 0, "Games with draws", "Left's moves after which, with Right to move, the game is a draw.", "PartizanRuleset(x -> {0 => [0, 1], 1 => []}[x], x -> {0 => [0], 1 => [1]}[x])(0).LeftDrawingMoves", ["RightDrawingMoves", "DrawingMoves"];
    PositionMethod, "RightDrawingMoves", "P.RightDrawingMoves", 0, 0, "Games with draws", "Right's moves after which, with Left to move, the game is a draw.", "PartizanRuleset(x -> {0 => [0], 1 => [1]}[x], x -> {0 => [0, 1], 1 => []}[x])(0).RightDrawingMoves", ["LeftDrawingMoves", "DrawingMoves"];
    LoopyNimberMethod, "FiniteOptionValues", "X.FiniteOptionValues", 0, 0, "Games with draws", "K of a loopy nim value ∞(K): the finite loopy nim values of its options.", "oo(0,1).FiniteOptionValues", ["LoopyNimValue"];
    LoopyNimberMethod, "LoopyNimValue", "X.LoopyNimValue", 0, 0, "Games with draws", "The loopy nim value itself.", "oo(2).LoopyNimValue", ["FiniteOptionValues"];
    LoopyNimberMethod, "NimValue", "X.NimValue", 0, 0, "Games with draws", "An error: ∞(K) has no finite nim value (LoopyNimValue gives it).", "oo(1) + *1", ["LoopyNimValue"];
    LoopyNimberMethod, "OutcomeClass", "X.OutcomeClass", 0, 0, "Games with draws", "N when 0 is in K (move to a P-position), else D: a draw.", "oo(0,1).OutcomeClass", ["D"];
    Function, "loopy_nimber", "loopy_nimber(K)", 1, 1, "Games with draws", "The loopy nim value ∞(K) from a collection K of natural numbers; also written ∞(…) or oo(…).", "LoopyNimber({0, 1})", ["oo"];
    Constant, "oo", "oo", 0, 0, "Games with draws", "∞, the loopy nim value of a game drawn whatever is added to it; oo(0,1) and ∞(0,1) are ∞({0,1}). A variable named oo hides the bare name.", "oo + *3", ["loopy_nimber"];
    // Transfinite values (transfinite.md).
    Constant, "AllGames", "AllGames", 0, 0, "Misère games", "The universe of all games, for misère comparisons.", "'{*|*}'.MisereCompare(0, AllGames)", ["Dicot", "DeadEnding"];
    Constant, "DeadEnding", "DeadEnding", 0, 0, "Misère games", "The universe of dead-ending games (every end follower is a dead end), for misère comparisons.", "'{0|}'.MisereCompare(0, DeadEnding)", ["Dicot", "AllGames"];
    Constant, "Dicot", "Dicot", 0, 0, "Misère games", "The universe of dicots (every follower has moves for both players or neither), for misère comparisons.", "'{*|*}'.MisereCompare(0, Dicot)", ["DeadEnding", "AllGames"];
    Constant, "omega", "omega", 0, 0, "Transfinite values", "ω, the first infinite ordinal; also written ω (printed values paste back). A variable named omega hides the name, not ω.", "omega^2 + omega*3 - 7", ["OmegaPower", "Birthday"];
    NumberMethod, "OmegaPower", "n.OmegaPower", 0, 0, "Transfinite values", "ω to the power n, for an integer n.", "3.OmegaPower", ["omega"];
    SurrealMethod, "Abs", "x.Abs", 0, 0, "Transfinite values", "The absolute value.", "(-omega).Abs", ["Sign"];
    SurrealMethod, "Birthday", "x.Birthday", 0, 0, "Transfinite values", "The birthday of a generalized ordinal: the sum of its terms with absolute coefficients (an ordinal). Not computed for other quotients.", "(omega - 3).Birthday", ["IsOrdinal"];
    SurrealMethod, "Denominator", "x.Denominator", 0, 0, "Transfinite values", "The denominator of x in lowest terms (a generalized ordinal).", "((omega+1)/(omega*2)).Denominator", ["Numerator"];
    SurrealMethod, "IsOrdinal", "x.IsOrdinal", 0, 0, "Transfinite values", "True for an ordinal: a generalized ordinal whose coefficients are all positive.", "(omega^2 + 3).IsOrdinal", ["Birthday"];
    SurrealMethod, "Max", "x.Max(y)", 1, 1, "Transfinite values", "The larger of two surreal numbers.", "(1/omega).Max(1/1000)", ["Min"];
    SurrealMethod, "Min", "x.Min(y)", 1, 1, "Transfinite values", "The smaller of two surreal numbers.", "(1/omega).Min(1/(omega+1))", ["Max"];
    SurrealMethod, "NimExp", "a.NimExp(n)", 1, 1, "Transfinite values", "The n-th nim power of an ordinal a below ω^(ω^ω).", "omega.NimExp(3)", ["NimProduct", "nim_pow"];
    SurrealMethod, "NimProduct", "a.NimProduct(b)", 1, 1, "Transfinite values", "The nim product of two ordinals below ω^(ω^ω) (Conway; Lenstra); also infix: omega NimProduct omega.", "omega.NimProduct(omega^2)", ["NimSum", "ConwayProduct", "nim_product"];
    SurrealMethod, "NimSum", "a.NimSum(b)", 1, 1, "Transfinite values", "The nim sum of two ordinals: coefficients of equal powers of ω are xored.", "(omega*3 + 5).NimSum(omega*6 + 7)", ["NimProduct", "nim_sum"];
    SurrealMethod, "Numerator", "x.Numerator", 0, 0, "Transfinite values", "The numerator of x in lowest terms (a generalized ordinal).", "((omega+1)/(omega*2)).Numerator", ["Denominator"];
    SurrealMethod, "OmegaPower", "y.OmegaPower", 0, 0, "Transfinite values", "ω^y for a generalized ordinal y (a quotient when y has negative coefficients).", "(omega - 1).OmegaPower", ["omega"];
    SurrealMethod, "OutcomeClass", "x.OutcomeClass", 0, 0, "Transfinite values", "L when x > 0, R when x < 0 (a number: its sign decides who wins).", "(-1/omega).OutcomeClass", ["Sign"];
    SurrealMethod, "Reciprocal", "x.Reciprocal", 0, 0, "Transfinite values", "1/x.", "(omega/3).Reciprocal", [];
    SurrealMethod, "Sign", "x.Sign", 0, 0, "Transfinite values", "-1, 0 or 1: the sign of the leading coefficient.", "(3 - omega^2).Sign", ["Abs"];
    SurrealMethod, "IsNumber", "x.IsNumber", 0, 0, "Transfinite values", "True: every surreal number is a number.", "omega.IsNumber", [];
    SurrealMethod, "IsNumberish", "x.IsNumberish", 0, 0, "Transfinite values", "True.", "omega.IsNumberish", [];
    SurrealMethod, "IsInteger", "x.IsInteger", 0, 0, "Transfinite values", "False: an infinite value is no integer.", "omega.IsInteger", [];
    SurrealMethod, "IsZero", "x.IsZero", 0, 0, "Transfinite values", "False.", "omega.IsZero", [];
    SurrealMethod, "IsNimber", "x.IsNimber", 0, 0, "Transfinite values", "False.", "omega.IsNimber", [];
    SurrealMethod, "IsAllSmall", "x.IsAllSmall", 0, 0, "Transfinite values", "False.", "omega.IsAllSmall", [];
    SurrealMethod, "IsFinite", "x.IsFinite", 0, 0, "Transfinite values", "False.", "omega.IsFinite", [];
    SurrealMethod, "IsInfinitesimal", "x.IsInfinitesimal", 0, 0, "Transfinite values", "False, as in CGSuite (though 1/ω lies between −x and x for every positive dyadic x).", "omega.IsInfinitesimal", [];
    SurrealMethod, "IsLoopfree", "x.IsLoopfree", 0, 0, "Transfinite values", "True.", "omega.IsLoopfree", [];
    SurrealMethod, "IsStopper", "x.IsStopper", 0, 0, "Transfinite values", "True.", "omega.IsStopper", [];
    SurrealMethod, "IsStopperSided", "x.IsStopperSided", 0, 0, "Transfinite values", "True.", "omega.IsStopperSided", [];
    SurrealMethod, "IsPlumtree", "x.IsPlumtree", 0, 0, "Transfinite values", "True.", "omega.IsPlumtree", [];
    SurrealMethod, "IsPseudonumber", "x.IsPseudonumber", 0, 0, "Transfinite values", "True.", "omega.IsPseudonumber", [];
    SurrealMethod, "IsUptimal", "x.IsUptimal", 0, 0, "Transfinite values", "True.", "omega.IsUptimal", [];
    SurrealMethod, "IsNumberTiny", "x.IsNumberTiny", 0, 0, "Transfinite values", "True.", "omega.IsNumberTiny", [];
    SurrealMethod, "IsDyadic", "x.IsDyadic", 0, 0, "Transfinite values", "False.", "omega.IsDyadic", [];
    SurrealMethod, "IsSmallInteger", "x.IsSmallInteger", 0, 0, "Transfinite values", "False.", "omega.IsSmallInteger", [];
    TransfiniteNimberMethod, "OutcomeClass", "X.OutcomeClass", 0, 0, "Transfinite values", "N: the first player wins, as with every nonzero nimber.", "(*omega).OutcomeClass", ["NimValue"];
    TransfiniteNimberMethod, "NimValue", "X.NimValue", 0, 0, "Transfinite values", "The ordinal α of *α.", "(*(omega+2)).NimValue", ["OutcomeClass"];
    TransfiniteNimberMethod, "ConwayProduct", "X.ConwayProduct(Y)", 1, 1, "Transfinite values", "The nimber of the nim product of the two nim values.", "(*omega).ConwayProduct(*(omega+1))", ["NimProduct"];
    TransfiniteNimberMethod, "IsNimber", "X.IsNimber", 0, 0, "Transfinite values", "True.", "(*omega).IsNimber", [];
    TransfiniteNimberMethod, "IsNumberish", "X.IsNumberish", 0, 0, "Transfinite values", "True.", "(*omega).IsNumberish", [];
    TransfiniteNimberMethod, "IsAllSmall", "X.IsAllSmall", 0, 0, "Transfinite values", "True.", "(*omega).IsAllSmall", [];
    TransfiniteNimberMethod, "IsLoopfree", "X.IsLoopfree", 0, 0, "Transfinite values", "True.", "(*omega).IsLoopfree", [];
    TransfiniteNimberMethod, "IsStopper", "X.IsStopper", 0, 0, "Transfinite values", "True.", "(*omega).IsStopper", [];
    TransfiniteNimberMethod, "IsStopperSided", "X.IsStopperSided", 0, 0, "Transfinite values", "True.", "(*omega).IsStopperSided", [];
    TransfiniteNimberMethod, "IsPlumtree", "X.IsPlumtree", 0, 0, "Transfinite values", "True.", "(*omega).IsPlumtree", [];
    TransfiniteNimberMethod, "IsUptimal", "X.IsUptimal", 0, 0, "Transfinite values", "True.", "(*omega).IsUptimal", [];
    TransfiniteNimberMethod, "IsInfinitesimal", "X.IsInfinitesimal", 0, 0, "Transfinite values", "True.", "(*omega).IsInfinitesimal", [];
    TransfiniteNimberMethod, "IsNumber", "X.IsNumber", 0, 0, "Transfinite values", "False.", "(*omega).IsNumber", [];
    TransfiniteNimberMethod, "IsInteger", "X.IsInteger", 0, 0, "Transfinite values", "False.", "(*omega).IsInteger", [];
    TransfiniteNimberMethod, "IsZero", "X.IsZero", 0, 0, "Transfinite values", "False.", "(*omega).IsZero", [];
    TransfiniteNimberMethod, "IsFinite", "X.IsFinite", 0, 0, "Transfinite values", "False.", "(*omega).IsFinite", [];
    TransfiniteNimberMethod, "IsPseudonumber", "X.IsPseudonumber", 0, 0, "Transfinite values", "False.", "(*omega).IsPseudonumber", [];
    TransfiniteNimberMethod, "IsNumberTiny", "X.IsNumberTiny", 0, 0, "Transfinite values", "False.", "(*omega).IsNumberTiny", [];
    GameMethod, "Conjugate", "G.Conjugate", 0, 0, "Misère games", "Left and Right swapped everywhere, as an explicit game (for an explicit game also -G).", "'{1|*}'.Conjugate", ["misere_form"];
    GameMethod, "IsDeadEnding", "G.IsDeadEnding", 0, 0, "Misère games", "True if every end follower is a dead end.", "'{0|}'.IsDeadEnding", ["IsDicot"];
    GameMethod, "IsDicot", "G.IsDicot", 0, 0, "Misère games", "True if every follower has moves for both players or for neither.", "'{0|*}'.IsDicot", ["IsDeadEnding"];
    GameMethod, "IsLeftDeadEnd", "G.IsLeftDeadEnd", 0, 0, "Misère games", "True if Left can never move again.", "'{|0,-1}'.IsLeftDeadEnd", ["IsLeftEnd"];
    GameMethod, "IsLeftEnd", "G.IsLeftEnd", 0, 0, "Misère games", "True if Left has no move.", "'{|0}'.IsLeftEnd", ["IsLeftDeadEnd"];
    GameMethod, "IsPFree", "G.IsPFree", 0, 0, "Misère games", "True if neither the form nor any follower is a misère P-position.", "'{1|*}'.IsPFree", ["MisereOutcomeClass"];
    GameMethod, "IsRightDeadEnd", "G.IsRightDeadEnd", 0, 0, "Misère games", "True if Right can never move again.", "'{1|}'.IsRightDeadEnd", ["IsRightEnd"];
    GameMethod, "IsRightEnd", "G.IsRightEnd", 0, 0, "Misère games", "True if Right has no move.", "'{0|}'.IsRightEnd", ["IsRightDeadEnd"];
    QuotientMethod, "Elements", "Q.Elements", 0, 0, "Misère games", "The elements as normal words, in word order.", "kayles.MisereQuotient(4).Elements", ["Order"];
    QuotientMethod, "Generators", "Q.Generators", 0, 0, "Misère games", "The generators' names.", "kayles.MisereQuotient(8).Generators", ["Relations"];
    QuotientMethod, "Heaps", "Q.Heaps", 0, 0, "Misère games", "The largest heap the quotient covers.", "kayles.MisereQuotient(8).Heaps", ["PretendingFunction"];
    QuotientMethod, "Image", "Q.Image(x)", 1, 1, "Misère games", "The image of a heap, of a position of the ruleset, or of a word, as a normal word.", "kayles.MisereQuotient(8).Image(kayles[3,5])", ["Pretend"];
    QuotientMethod, "IsIsomorphic", "Q.IsIsomorphic(Q2)", 1, 1, "Misère games", "True if the two quotients are isomorphic as bipartite monoids.", "misere_quotient(octal(\"0.07\"), 10).IsIsomorphic(misere_quotient(octal(\"0.123\"), 8))", ["IsTame"];
    QuotientMethod, "IsP", "Q.IsP(u)", 1, 1, "Misère games", "True if the element u (a word, heap or position) is in the P-portion.", "kayles.MisereQuotient(8).IsP(\"ac\")", ["PPortion", "Outcome"];
    QuotientMethod, "IsTame", "Q.IsTame", 0, 0, "Misère games", "True if the quotient is that of misère Nim on heaps below some 2^k.", "nim.MisereQuotient(7).IsTame", ["TameIndex"];
    QuotientMethod, "LastRogue", "Q.LastRogue", 0, 0, "Misère games", "For a solution: the largest heap whose image lies outside the kernel.", "octal(\"0.75\").MisereSolution(100).LastRogue", ["Periodicity"];
    QuotientMethod, "MultiplicationTable", "Q.MultiplicationTable", 0, 0, "Misère games", "The products of the elements, as a table of normal words.", "kayles.MisereQuotient(4).MultiplicationTable", ["Multiply"];
    QuotientMethod, "Multiply", "Q.Multiply(u, v)", 2, 2, "Misère games", "The product of two elements (words, heaps or positions) as a normal word.", "kayles.MisereQuotient(8).Multiply(\"ab\", \"c\")", ["MultiplicationTable"];
    QuotientMethod, "Order", "Q.Order", 0, 0, "Misère games", "The number of elements.", "kayles.MisereQuotient(12).Order", ["PPortionSize"];
    QuotientMethod, "Outcome", "Q.Outcome(G)", 1, 1, "Misère games", "P or N: the misère outcome of a position (or the class of a word) by the quotient.", "kayles.MisereQuotient(8).Outcome(kayles[3,5])", ["IsP"];
    QuotientMethod, "Periodicity", "Q.Periodicity", 0, 0, "Misère games", "For a solution: the period and preperiod of the pretending function.", "octal(\"0.75\").MisereSolution(100).Periodicity", ["LastRogue"];
    QuotientMethod, "PPortion", "Q.PPortion", 0, 0, "Misère games", "The elements that are the images of P-positions, as normal words.", "kayles.MisereQuotient(8).PPortion", ["PPortionSize", "IsP"];
    QuotientMethod, "PPortionSize", "Q.PPortionSize", 0, 0, "Misère games", "The size of the P-portion.", "kayles.MisereQuotient(12).PPortionSize", ["PPortion"];
    QuotientMethod, "Presentation", "Q.Presentation", 0, 0, "Misère games", "Generators and relations, as MisereSolver writes them.", "kayles.MisereQuotient(8).Presentation", ["Relations"];
    QuotientMethod, "Pretend", "Q.Pretend(h)", 1, 1, "Misère games", "The image of heap h under the pretending function.", "octal(\"0.75\").MisereQuotient(12).Pretend(9)", ["Image", "PretendingFunction"];
    QuotientMethod, "PretendingFunction", "Q.PretendingFunction", 0, 0, "Misère games", "The images of heaps 0..n, as normal words.", "kayles.MisereQuotient(8).PretendingFunction", ["Pretend"];
    QuotientMethod, "Relations", "Q.Relations", 0, 0, "Misère games", "The relations of the presentation.", "kayles.MisereQuotient(8).Relations", ["Presentation"];
    QuotientMethod, "Size", "Q.Size", 0, 0, "Misère games", "The number of elements (as Order).", "kayles.MisereQuotient(12).Size", ["Order"];
    QuotientMethod, "TameIndex", "Q.TameIndex", 0, 0, "Misère games", "k when the quotient is T_k, that of misère Nim on heaps below 2^k; Nothing if it is wild.", "nim.MisereQuotient(7).TameIndex", ["IsTame"];
    ThermographMethod, "LeftWall", "T.LeftWall", 0, 0, "Values and stops", "The thermograph's left wall.", "{3|-1}.Thermograph.LeftWall", ["RightWall", "Wall"];
    ThermographMethod, "Mast", "T.Mast", 0, 0, "Values and stops", "Where the mast stands: the mean value.", "{3|-1}.Thermograph.Mast", ["Mean"];
    ThermographMethod, "RightWall", "T.RightWall", 0, 0, "Values and stops", "The thermograph's right wall.", "{3|-1}.Thermograph.RightWall", ["LeftWall", "Wall"];
    ThermographMethod, "Svg", "T.Svg(FILE)", 1, 1, "Values and stops", "Write the thermograph as an SVG picture to FILE.", "{3|-1}.Thermograph.Svg(\"/tmp/cgcalc-reference-example.svg\")", ["thermograph_svg"];
    ThermographMethod, "Wall", "T.Wall(side)", 1, 1, "Values and stops", "The left or right wall.", "{3|-1}.Thermograph.Wall(Left)", ["LeftWall", "RightWall"];

    // Properties of players.
    PlayerMethod, "Opponent", "p.Opponent", 0, 0, "Constants", "The other player: Left.Opponent is Right.", "Left.Opponent", ["Left", "Right"];

    // CGSuite's name spaces and the rulesets in them, by full name. Each is the ruleset
    // itself (`game.grid.Clobber`), or with a position after it a position.
    Namespace, "game", "game.heap / game.grid / game.strip / game.graph", 0, 0, "Rulesets", "CGSuite's name spaces of rulesets: game.heap, game.grid, game.strip and game.graph.", "game.heap.Kayles(5)", ["game.heap", "game.grid", "game.strip", "game.graph"];
    Namespace, "game.heap", "game.heap.NAME", 0, 0, "Rulesets", "CGSuite's heap rulesets: Nim, Kayles, Subtraction, TakeAndBreak, Wythoff, the cakes, HeapRuleset and the other rulesets of your own.", "game.heap.Kayles(5)", ["game.heap.Kayles", "game.heap.HeapRuleset"];
    Namespace, "game.grid", "game.grid.NAME", 0, 0, "Rulesets", "CGSuite's grid rulesets: Domineering, Cram, the Clobber family, Amazons, Fission, Konane, Ski Jumps, Fox and Geese.", "game.grid.Domineering(\"..|..\")", ["game.grid.Domineering", "game.grid.Clobber"];
    Namespace, "game.strip", "game.strip.NAME", 0, 0, "Rulesets", "CGSuite's strip rulesets: Toads and Frogs and its variants, Toppling Dominoes, turning games.", "game.strip.ToadsAndFrogs(\"tt..ff\")", ["game.strip.ToadsAndFrogs", "game.strip.Turning"];
    Namespace, "game.graph", "game.graph.NAME", 0, 0, "Rulesets", "CGSuite's graph rulesets: Hackenbush, Arc Kayles, Col, Snort, Fjords, Digraph Placement.", "game.graph.Hackenbush(\"lr\")", ["game.graph.Hackenbush", "game.graph.Col"];
    NamespaceRuleset, "game.heap.CoordinateRuleset", "game.heap.CoordinateRuleset(f)", 1, 1, "Rulesets of your own", "The impartial ruleset whose position (m, n) moves to the pairs f(m, n) lists.", "game.heap.CoordinateRuleset((a, b) -> [(a - 1, b) for k in [1] where a > 0])((3, 2)).NimValue", ["coordinate_ruleset", "game.heap.HeapRuleset"];
    NamespaceRuleset, "game.heap.Cutcake", "game.heap.Cutcake((m, n))", 0, 1, "Rulesets", "Cutcake: Left cuts a cake along one direction, Right along the other.", "game.heap.Cutcake((3, 4))", ["game.heap.EatCake", "game.heap.MaundyCake"];
    NamespaceRuleset, "game.heap.DawsonsKayles", "game.heap.DawsonsKayles(n)", 0, 1, "Rulesets", "Dawson's Kayles (octal 0.07).", "game.heap.DawsonsKayles(5)", ["dawsons_kayles"];
    NamespaceRuleset, "game.heap.EatCake", "game.heap.EatCake((m, n))", 0, 1, "Rulesets", "Eatcake: cut a cake and eat one of the pieces.", "game.heap.EatCake((3, 4))", ["game.heap.Cutcake"];
    NamespaceRuleset, "game.heap.FibonacciNim", "game.heap.FibonacciNim((n, k))", 0, 1, "Rulesets", "Fibonacci Nim: take up to twice the last move (heap n, last move k).", "game.heap.FibonacciNim((10, 3))", ["fibonacci_nim"];
    NamespaceRuleset, "game.heap.FunctionalHeapRuleset", "game.heap.FunctionalHeapRuleset(f)", 1, 1, "Rulesets of your own", "The same as game.heap.HeapRuleset(f).", "game.heap.FunctionalHeapRuleset(n -> [[n - 1]])(3)", ["game.heap.HeapRuleset", "functional_heap_ruleset"];
    NamespaceRuleset, "game.heap.GenCutcake", "game.heap.GenCutcake(R, S)", 0, 2, "Rulesets", "The cake ruleset where Left plays heap ruleset R on the second coordinate and Right plays S on the first.", "game.heap.GenCutcake(kayles, nim)((3, 4))", ["game.heap.Cutcake"];
    NamespaceRuleset, "game.heap.GenMem", "game.heap.GenMem(p)", 1, 1, "Rulesets of your own", "Mem with the moves allowed after a move of j decided by p(memory, j).", "game.heap.GenMem((memory, j) -> j != memory)((10, 0)).NimValue", ["gen_mem", "game.heap.Mem"];
    NamespaceRuleset, "game.heap.GenWythoff", "game.heap.GenWythoff(f)", 1, 1, "Rulesets of your own", "Wythoff's game where f(x) bounds the difference of a diagonal move.", "game.heap.GenWythoff(x -> x + 2)((10, 13)).NimValue", ["gen_wythoff", "game.heap.Wythoff"];
    NamespaceRuleset, "game.heap.GrundysGame", "game.heap.GrundysGame(n)", 0, 1, "Rulesets", "Grundy's Game: split a heap into two unequal heaps.", "game.heap.GrundysGame(7)", ["grundy_game"];
    NamespaceRuleset, "game.heap.HeapRuleset", "game.heap.HeapRuleset(f)", 1, 1, "Rulesets of your own", "The impartial heap ruleset whose heap n moves to the lists of heaps f(n) lists.", "game.heap.HeapRuleset(n -> [[n - k] for k from 1 to n.Min(2)])(5).NimValue", ["heap_ruleset", "game.heap.CoordinateRuleset"];
    NamespaceRuleset, "game.heap.Kayles", "game.heap.Kayles(n)", 0, 1, "Rulesets", "Kayles (octal 0.77): knock down one pin or two adjacent.", "game.heap.Kayles(5)", ["kayles"];
    NamespaceRuleset, "game.heap.MaundyCake", "game.heap.MaundyCake((m, n))", 0, 1, "Rulesets", "Maundy Cake: cut a cake into equal pieces, Left one way, Right the other.", "game.heap.MaundyCake((8, 8)).LeftOptions.Size", ["game.heap.Cutcake"];
    NamespaceRuleset, "game.heap.Mem", "game.heap.Mem((n, k))", 0, 1, "Rulesets", "Mem: a heap game with memory of the last move (heap n, last move k).", "game.heap.Mem((10, 3))", ["mem", "game.heap.GenMem"];
    NamespaceRuleset, "game.heap.Nim", "game.heap.Nim(n)", 0, 1, "Rulesets", "Nim: take any number from one heap.", "game.heap.Nim(5)", ["nim"];
    NamespaceRuleset, "game.heap.PartizanCoordinateRuleset", "game.heap.PartizanCoordinateRuleset(CL, CR)", 2, 2, "Rulesets of your own", "The coordinate ruleset where Left moves as the coordinate ruleset CL and Right as CR.", "game.heap.PartizanCoordinateRuleset(game.heap.CoordinateRuleset((a, b) -> [(a - 1, b) for k in [1] where a > 0]), game.heap.CoordinateRuleset((a, b) -> [(a, b - 1) for k in [1] where b > 0]))((2, 1))", ["game.heap.CoordinateRuleset"];
    NamespaceRuleset, "game.heap.PartizanEuclid", "game.heap.PartizanEuclid((a, b))", 0, 1, "Rulesets", "Partizan Euclid: subtract a multiple of the smaller number from the larger.", "game.heap.PartizanEuclid((8, 5)).CanonicalForm", [];
    NamespaceRuleset, "game.heap.PartizanHeapRuleset", "game.heap.PartizanHeapRuleset(RL, RR)", 2, 2, "Rulesets of your own", "The heap ruleset where Left moves as RL and Right as RR (rulesets or functions).", "game.heap.PartizanHeapRuleset(kayles, nim).GameValueSequence(4)", ["partizan_heap_ruleset", "PartizanJoin"];
    NamespaceRuleset, "game.heap.PartizanSplittles", "game.heap.PartizanSplittles(L, R)", 2, 2, "Rulesets", "Splittles with Left's subtraction set L and Right's R.", "game.heap.PartizanSplittles([1], [2])(5)", ["game.heap.Splittles"];
    NamespaceRuleset, "game.heap.PartizanSubtraction", "game.heap.PartizanSubtraction(L, R)", 2, 2, "Rulesets", "A subtraction game with Left's subtraction set L and Right's R.", "game.heap.PartizanSubtraction([1, 3], [2, 3])(6).CanonicalForm", ["game.heap.Subtraction"];
    NamespaceRuleset, "game.heap.PartizanTakeAndBreak", "game.heap.PartizanTakeAndBreak(L, R)", 2, 2, "Rulesets", "A take-and-break game with Left's code L and Right's R.", "game.heap.PartizanTakeAndBreak(\"0.07\", \"0.77\")(4)", ["game.heap.TakeAndBreak"];
    NamespaceRuleset, "game.heap.Spawning", "game.heap.Spawning(code)", 1, 1, "Rulesets", "A spawning game given by its code.", "game.heap.Spawning(\"1-3\")(6).NimValue", ["spawning"];
    NamespaceRuleset, "game.heap.Splittles", "game.heap.Splittles(S)", 1, 1, "Rulesets", "Subtract a member of S and split what is left into two heaps.", "game.heap.Splittles([1, 2]).NimValueSequence(12)", ["splittles"];
    NamespaceRuleset, "game.heap.Subtraction", "game.heap.Subtraction(S)", 1, 1, "Rulesets", "The subtraction game with subtraction set S.", "game.heap.Subtraction([2, 3, 7])(10).NimValue", ["subtraction"];
    NamespaceRuleset, "game.heap.TakeAndBreak", "game.heap.TakeAndBreak(code)", 1, 1, "Rulesets", "The take-and-break game of a code (octal, hexadecimal, CGSuite's forms).", "game.heap.TakeAndBreak(\"0.77\")(5).NimValue", ["take_and_break", "octal"];
    NamespaceRuleset, "game.heap.TakeAway", "game.heap.TakeAway(r)", 1, 1, "Rulesets", "Take up to r times the last move (a Mem ruleset).", "game.heap.TakeAway(3)((10, 2)).NimValue", ["take_away"];
    NamespaceRuleset, "game.heap.TurnAndEatCake", "game.heap.TurnAndEatCake((m, n))", 0, 1, "Rulesets", "Turn-and-Eat Cake: Eatcake where the cake turns after each move.", "game.heap.TurnAndEatCake((3, 4))", ["game.heap.EatCake"];
    NamespaceRuleset, "game.heap.Wythoff", "game.heap.Wythoff((a, b))", 0, 1, "Rulesets", "Wythoff's game: take from one heap, or the same from both.", "game.heap.Wythoff((3, 5)).NimValue", ["wythoff_p"];
    NamespaceRuleset, "game.grid.Amazons", "game.grid.Amazons(\"board\")", 0, 1, "Rulesets", "Amazons: move a queen (x or o) like a chess queen, then shoot an arrow (#) from it.", "game.grid.Amazons(\"x..|..o\")", ["game.grid.Konane"];
    NamespaceRuleset, "game.grid.AntiClobber", "game.grid.AntiClobber(\"board\")", 0, 1, "Rulesets", "Anti-Clobber: move a stone onto an adjacent empty cell, away from an enemy stone.", "game.grid.AntiClobber(\"xo.\")", ["game.grid.Clobber"];
    NamespaceRuleset, "game.grid.CeyloneseFoxAndGeese", "game.grid.CeyloneseFoxAndGeese(geese, fox)", 0, 2, "Loopy games", "Ceylonese Fox and Geese: the fox also moves two squares.", "game.grid.CeyloneseFoxAndGeese.ValuesTable([(3, 1), (3, 3)])", ["game.grid.FoxAndGeese"];
    NamespaceRuleset, "game.grid.Clobber", "game.grid.Clobber(\"board\")", 0, 1, "Rulesets", "Clobber: move a stone onto an orthogonally adjacent enemy stone.", "game.grid.Clobber(\"xo|ox\")", ["clobber", "game.grid.GenClobber"];
    NamespaceRuleset, "game.grid.Cram", "game.grid.Cram(\"board\")", 0, 1, "Rulesets", "Cram: either player places a domino either way (impartial Domineering).", "game.grid.Cram(\"...|...\").NimValue", ["game.grid.Domineering"];
    NamespaceRuleset, "game.grid.Domineering", "game.grid.Domineering(\"board\")", 0, 1, "Rulesets", "Domineering: Left places vertical dominoes, Right horizontal ones (# is a filled cell).", "game.grid.Domineering(\"..|..\")", ["domineering", "game.grid.Cram"];
    NamespaceRuleset, "game.grid.Fission", "game.grid.Fission(\"board\")", 0, 1, "Rulesets", "Fission: split a stone onto its two empty neighbours (Left north–south, Right west–east).", "game.grid.Fission(\"...|.x.|...\")", [];
    NamespaceRuleset, "game.grid.FoxAndGeese", "game.grid.FoxAndGeese(geese, fox)", 0, 2, "Loopy games", "Fox and Geese on a chessboard: the geese (Left) try to trap the fox (Right); a loopy game.", "game.grid.FoxAndGeese.ValuesTable([(3, 1), (3, 3)])", ["game.grid.GenFoxAndGeese"];
    NamespaceRuleset, "game.grid.GenClobber", "game.grid.GenClobber(directions =>, clobbered =>, leftBehind =>, maxDistance =>)", 0, 1, "Rulesets", "A Clobber-like ruleset from its parameters, applied to a board.", "game.grid.GenClobber(maxDistance => 2)(\"x.o\")", ["game.grid.Clobber"];
    NamespaceRuleset, "game.grid.GenFoxAndGeese", "game.grid.GenFoxAndGeese(boardWidth =>, …)", 0, 2, "Loopy games", "Fox and Geese with other parameters, applied to geese and a fox.", "game.grid.GenFoxAndGeese(boardWidth => 4)([(3, 1), (3, 3)], (1, 1))", ["game.grid.FoxAndGeese"];
    NamespaceRuleset, "game.grid.HotClobber", "game.grid.HotClobber(\"board\")", 0, 1, "Rulesets", "Hot Clobber: Clobber where a stone may also clobber its own colour.", "game.grid.HotClobber(\"xxo\")", ["game.grid.Clobber"];
    NamespaceRuleset, "game.grid.Kings", "game.grid.Kings(\"board\")", 0, 1, "Rulesets", "Clobber with king moves (diagonals too).", "game.grid.Kings(\"xox|ox.\")", ["game.grid.Clobber"];
    NamespaceRuleset, "game.grid.Knights", "game.grid.Knights(\"board\")", 0, 1, "Rulesets", "Clobber with knight moves.", "game.grid.Knights(\"xo.|..o\")", ["game.grid.Clobber"];
    NamespaceRuleset, "game.grid.Konane", "game.grid.Konane(\"board\")", 0, 1, "Rulesets", "Konane: jump an adjacent enemy stone onto an empty cell, repeatable in one direction.", "game.grid.Konane(\"xo.o.\")", ["game.grid.Amazons"];
    NamespaceRuleset, "game.grid.Queens", "game.grid.Queens(\"board\")", 0, 1, "Rulesets", "Clobber with queen moves (any distance, any of eight directions).", "game.grid.Queens(\"x.o\")", ["game.grid.Rooks"];
    NamespaceRuleset, "game.grid.Rooks", "game.grid.Rooks(\"board\")", 0, 1, "Rulesets", "Clobber with rook moves (any distance, orthogonally).", "game.grid.Rooks(\"xo..x\")", ["game.grid.Queens"];
    NamespaceRuleset, "game.grid.SkiJumps", "game.grid.SkiJumps(\"board\")", 0, 1, "Rulesets", "Ski Jumps: skiers (L, R) slide or jump downhill across the board.", "game.grid.SkiJumps(\"L..|..R\")", [];
    NamespaceRuleset, "game.strip.BackslidingToadsAndFrogs", "game.strip.BackslidingToadsAndFrogs(\"strip\")", 0, 1, "Loopy games", "Toads and Frogs where pieces may also step back: a loopy game.", "game.strip.BackslidingToadsAndFrogs(\"t.f\").GameValue", ["game.strip.ToadsAndFrogs"];
    NamespaceRuleset, "game.strip.ElephantsAndRhinos", "game.strip.ElephantsAndRhinos(\"strip\")", 0, 1, "Rulesets", "Toads and Frogs without jumps.", "game.strip.ElephantsAndRhinos(\"tt..ff\")", ["game.strip.ToadsAndFrogs"];
    NamespaceRuleset, "game.strip.GenToadsAndFrogs", "game.strip.GenToadsAndFrogs(maxJump =>, …)", 0, 1, "Rulesets", "Toads and Frogs with other parameters, applied to a strip.", "game.strip.GenToadsAndFrogs(maxJump => 2)(\"t.f\")", ["game.strip.ToadsAndFrogs"];
    NamespaceRuleset, "game.strip.ToadsAndFrogs", "game.strip.ToadsAndFrogs(\"strip\")", 0, 1, "Rulesets", "Toads and Frogs: toads (t) move right, frogs (f) left, one step or a jump over one piece.", "game.strip.ToadsAndFrogs(\"tt..ff\")", ["toads_frogs"];
    NamespaceRuleset, "game.strip.TopplingDominoes", "game.strip.TopplingDominoes(\"strip\")", 0, 1, "Rulesets", "Toppling Dominoes: topple a domino of your colour (l, r, e for either) and all it knocks over.", "game.strip.TopplingDominoes(\"lrre\")", [];
    NamespaceRuleset, "game.strip.Turning", "game.strip.Turning(code)", 1, 1, "Rulesets", "A coin-turning game from a turning code or a heap ruleset (heads h, tails t).", "game.strip.Turning(\"1-3\")(\"hth\")", ["game.heap.Spawning"];
    NamespaceRuleset, "game.graph.ArcKayles", "game.graph.ArcKayles(\"graph\")", 0, 1, "Rulesets", "Arc Kayles: remove both ends of an edge.", "game.graph.ArcKayles(\"---\")", ["game.graph.WeightedArcKayles"];
    NamespaceRuleset, "game.graph.ChildishHackenbush", "game.graph.ChildishHackenbush(\"graph\")", 0, 1, "Rulesets", "Childish Hackenbush: cut an edge that touches the ground.", "game.graph.ChildishHackenbush(\"lr\")", ["game.graph.Hackenbush"];
    NamespaceRuleset, "game.graph.Col", "game.graph.Col(\"graph\")", 0, 1, "Rulesets", "Col: colour a vertex your tint, never next to one of the same tint.", "game.graph.Col(\"L-.-R\")", ["game.graph.Snort"];
    NamespaceRuleset, "game.graph.DigraphPlacement", "game.graph.DigraphPlacement(\"graph\")", 0, 1, "Rulesets", "Digraph Placement: take a vertex of your colour and every vertex it points to.", "game.graph.DigraphPlacement(\"L>R\")", [];
    NamespaceRuleset, "game.graph.Fjords", "game.graph.Fjords(\"graph\")", 0, 1, "Rulesets", "Fjords: a variant of Col.", "game.graph.Fjords(\"L--\")", ["game.graph.Col"];
    NamespaceRuleset, "game.graph.GenArcKayles", "game.graph.GenArcKayles(weighted =>)", 0, 1, "Rulesets", "Arc Kayles from its parameters, applied to a graph.", "game.graph.GenArcKayles(weighted => true)(\"2-3-1\")", ["game.graph.ArcKayles"];
    NamespaceRuleset, "game.graph.GenCol", "game.graph.GenCol(leftPermitted, rightPermitted)", 2, 2, "Rulesets", "A Col-like ruleset: the lists name the tints (Nothing, Left, Right) each player may colour.", "game.graph.GenCol([Nothing, Right], [Nothing, Left])(\"L-.-R\")", ["game.graph.Col"];
    NamespaceRuleset, "game.graph.GenHackenbush", "game.graph.GenHackenbush(childishEdges =>, …)", 0, 1, "Rulesets", "Hackenbush from its parameters, applied to a graph.", "game.graph.GenHackenbush(childishEdges => [Color.Blue])(\"lr\")", ["game.graph.Hackenbush"];
    NamespaceRuleset, "game.graph.Hackenbush", "game.graph.Hackenbush(\"graph\")", 0, 1, "Rulesets", "Hackenbush: cut an edge of your colour (l Left, r Right, e either); what falls off goes.", "game.graph.Hackenbush(\"lr\")", ["hackenbush"];
    NamespaceRuleset, "game.graph.PartizanArcKayles", "game.graph.PartizanArcKayles(\"graph\")", 0, 1, "Rulesets", "Arc Kayles on your colour of edge or on green.", "game.graph.PartizanArcKayles(\"lrlr\")", ["game.graph.ArcKayles"];
    NamespaceRuleset, "game.graph.Snort", "game.graph.Snort(\"graph\")", 0, 1, "Rulesets", "Snort: colour a vertex your tint, never next to one of the other tint.", "game.graph.Snort(\"L-.-R\")", ["game.graph.Col"];
    NamespaceRuleset, "game.graph.WeightedArcKayles", "game.graph.WeightedArcKayles(\"graph\")", 0, 1, "Rulesets", "Arc Kayles with weights: lower both weights of an edge.", "game.graph.WeightedArcKayles(\"2-3-1\").NimValue", ["game.graph.ArcKayles"];

    // Rulesets named by constants (R[n] is a position, R[a, b] a sum of heaps).
    Ruleset, "dawson", "dawson[n]", 0, MANY, "Rulesets", "Dawson's Chess (octal 0.07).", "dawson[5]", ["dawsons_kayles", "kayles"];
    Ruleset, "dawsons_kayles", "dawsons_kayles[n]", 0, MANY, "Rulesets", "Dawson's Kayles (octal 0.07).", "dawsons_kayles[5]", ["dawson"];
    Ruleset, "fibonacci_nim", "fibonacci_nim((n, k))", 0, MANY, "Rulesets", "Fibonacci Nim: take up to twice the last move (heap n, last move k).", "fibonacci_nim((10, 3))", ["take_away"];
    Ruleset, "grundy_game", "grundy_game[n]", 0, MANY, "Rulesets", "Grundy's Game: split a heap into two unequal heaps.", "grundy_game[7]", ["grundys_game"];
    Ruleset, "grundys_game", "grundys_game[n]", 0, MANY, "Rulesets", "The same as grundy_game.", "grundys_game[7]", ["grundy_game"];
    Ruleset, "kayles", "kayles[n]", 0, MANY, "Rulesets", "Kayles (octal 0.77): knock down one pin or two adjacent.", "kayles[5]", ["octal", "nim_values", "dawson"];
    Ruleset, "mem", "mem((n, k))", 0, MANY, "Rulesets", "Mem: a heap game with memory of the last move (heap n, last move k).", "mem((10, 3))", ["gen_mem"];
    Ruleset, "nim", "nim[n]", 0, MANY, "Rulesets", "Nim: take any number from one heap.", "nim[1, 4, 5]", ["nim_sum", "kayles"];

    // Constants.
    Constant, "Color.Blue", "Color.Blue", 0, 0, "Constants", "The colour of Left's Hackenbush edges (also game.graph.Color.Blue), for GenHackenbush(childishEdges => …).", "game.graph.GenHackenbush(childishEdges => [Color.Blue])(\"lr\")", ["Color.Red", "Color.Green"];
    Constant, "Color.Green", "Color.Green", 0, 0, "Constants", "The colour of Hackenbush edges either player may cut.", "game.graph.GenHackenbush(childishEdges => [Color.Green])(\"ee\")", ["Color.Blue", "Color.Red"];
    Constant, "Color.Red", "Color.Red", 0, 0, "Constants", "The colour of Right's Hackenbush edges.", "game.graph.GenHackenbush(childishEdges => [Color.Red])(\"lr\")", ["Color.Blue", "Color.Green"];
    Constant, "D", "D", 0, 0, "Constants", "The outcome class of a loopy game that is a draw whoever starts (also OutcomeClass.D); a variable named D hides it.", "dud.OutcomeClass == D", ["OutcomeClass", "P"];
    Constant, "L", "L", 0, 0, "Constants", "The outcome class where Left wins whoever starts (also OutcomeClass.L); a variable named L hides it.", "1.OutcomeClass == L", ["OutcomeClass", "R", "P", "N"];
    Constant, "Left", "Left", 0, 0, "Constants", "The Left player (also Player.Left).", "{1|0}.Options(Left)", ["Right", "Opponent"];
    Constant, "N", "N", 0, 0, "Constants", "The outcome class where the first player wins (also OutcomeClass.N); a variable named N hides it.", "{1|-1}.OutcomeClass == N", ["OutcomeClass", "P", "L", "R"];
    Constant, "Nothing", "Nothing", 0, 0, "Constants", "The value of a statement with no value.", "Nothing", [];
    Constant, "OutcomeClass.D", "OutcomeClass.D", 0, 0, "Constants", "The same as D: a draw whoever starts.", "dud.OutcomeClass == OutcomeClass.D", ["D"];
    Constant, "OutcomeClass.L", "OutcomeClass.L", 0, 0, "Constants", "The same as L: Left wins whoever starts.", "1.OutcomeClass == OutcomeClass.L", ["L"];
    Constant, "OutcomeClass.N", "OutcomeClass.N", 0, 0, "Constants", "The same as N: the first player wins.", "*.OutcomeClass == OutcomeClass.N", ["N"];
    Constant, "OutcomeClass.NCheck", "OutcomeClass.NCheck", 0, 0, "Constants", "A loopy game's outcome: Right wins moving first, a draw if Left starts.", "OutcomeClass.NCheck", ["OutcomeClass.NHat"];
    Constant, "OutcomeClass.NHat", "OutcomeClass.NHat", 0, 0, "Constants", "A loopy game's outcome: Left wins moving first, a draw if Right starts.", "a{1||a|0}.OutcomeClass == OutcomeClass.NHat", ["OutcomeClass.NCheck"];
    Constant, "OutcomeClass.P", "OutcomeClass.P", 0, 0, "Constants", "The same as P: the second player wins.", "0.OutcomeClass == OutcomeClass.P", ["P"];
    Constant, "OutcomeClass.PCheck", "OutcomeClass.PCheck", 0, 0, "Constants", "A loopy game's outcome: a draw if Right starts, Right wins if Left starts.", "OutcomeClass.PCheck", ["OutcomeClass.PHat"];
    Constant, "OutcomeClass.PHat", "OutcomeClass.PHat", 0, 0, "Constants", "A loopy game's outcome: a draw if Left starts, Left wins if Right starts.", "OutcomeClass.PHat", ["OutcomeClass.PCheck"];
    Constant, "OutcomeClass.R", "OutcomeClass.R", 0, 0, "Constants", "The same as R: Right wins whoever starts.", "(-1).OutcomeClass == OutcomeClass.R", ["R"];
    Constant, "P", "P", 0, 0, "Constants", "The outcome class where the second player wins, the P-positions (also OutcomeClass.P); a variable named P hides it.", "[n for n in 0..20 where kayles[n].OutcomeClass == P]", ["OutcomeClass", "N", "L", "R"];
    Constant, "Player.Left", "Player.Left", 0, 0, "Constants", "The same as Left.", "Player.Left == Left", ["Left"];
    Constant, "Player.Right", "Player.Right", 0, 0, "Constants", "The same as Right.", "Player.Right == Right", ["Right"];
    Constant, "R", "R", 0, 0, "Constants", "The outcome class where Right wins whoever starts (also OutcomeClass.R); a variable named R hides it.", "(-2).OutcomeClass == R", ["OutcomeClass", "L", "P", "N"];
    Constant, "Right", "Right", 0, 0, "Constants", "The Right player (also Player.Right).", "{3|-1}.Stop(Right)", ["Left", "Opponent"];
    Constant, "dud", "dud", 0, 0, "Loopy games", "{pass|pass}: a draw whoever starts (on & off).", "dud.OutcomeClass", ["on", "off"];
    Constant, "false", "false", 0, 0, "Constants", "Boolean false.", "false", ["true"];
    Constant, "inf", "inf", 0, 0, "Constants", "Infinity: as a parameter, no limit (GenClobber(maxDistance => inf)); in arithmetic CGSuite's 1/0, so inf + 5 is inf and 2/inf is 0 (inf - inf is an error).", "game.grid.GenClobber(maxDistance => inf)(\"x..o\")", ["Nothing"];
    Constant, "off", "off", 0, 0, "Loopy games", "{|pass}: Right can pass for ever; below every game.", "off + 5", ["on"];
    Constant, "on", "on", 0, 0, "Loopy games", "{pass|}: Left can pass for ever; above every game.", "on > 100", ["off", "dud"];
    Constant, "over", "over", 0, 0, "Loopy games", "{0|pass}: above 0, below every positive number.", "over < 1/64", ["under", "upon"];
    Constant, "true", "true", 0, 0, "Constants", "Boolean true.", "true", ["false"];
    Constant, "under", "under", 0, 0, "Loopy games", "{pass|0} = -over.", "under + over", ["over"];
    Constant, "upon", "upon", 0, 0, "Loopy games", "{pass|*}, printed ^[on].", "upon > ^", ["over"];
};

/// Other spellings dispatch accepts, each with the name it stands for.
pub const ALIASES: &[(&str, &str)] = &[
    ("ceil", "Ceiling"),
    ("column", "Col"),
    ("len", "Length"),
    ("mast_value", "Mast"),
    ("misere_game", "misere"),
    ("misere_outcome", "MisereOutcomeClass"),
    ("NimPow", "NimExp"),
    ("nim_power", "NimExp"),
    ("outcome", "OutcomeClass"),
    ("signum", "Sign"),
    ("toads_and_frogs", "toads_frogs"),
];

/// The entries by name key (lower case, no underscores), so either spelling finds them; an
/// alias finds the entries of the name it stands for.
static BY_KEY: LazyLock<FxHashMap<String, Vec<&'static Entry>>> = LazyLock::new(|| {
    let mut map: FxHashMap<String, Vec<&'static Entry>> = FxHashMap::default();
    for entry in TABLE {
        map.entry(method_key(entry.name)).or_default().push(entry);
        // `:help Domineering` finds `game.grid.Domineering`.
        if entry.kind == Kind::NamespaceRuleset
            && let Some((_, short)) = entry.name.rsplit_once('.')
        {
            map.entry(method_key(short)).or_default().push(entry);
        }
    }
    for (alias, name) in ALIASES {
        let entries = map.get(&method_key(name)).cloned().unwrap_or_default();
        map.entry(method_key(alias)).or_default().extend(entries);
    }
    map
});

/// Every entry for `name`, in either spelling (`NimValue`, `nim_value`), of any kind.
pub fn lookup(name: &str) -> &'static [&'static Entry] {
    BY_KEY
        .get(&method_key(name))
        .map_or(&[], |entries| entries.as_slice())
}

/// The entry of `kind` for `name`, in either spelling.
pub fn entry(name: &str, kind: Kind) -> Option<&'static Entry> {
    entry_by_key(&method_key(name), kind)
}

/// The entry of `kind` for a name already keyed by [`method_key`].
pub fn entry_by_key(key: &str, kind: Kind) -> Option<&'static Entry> {
    BY_KEY.get(key)?.iter().copied().find(|e| e.kind == kind)
}

/// The names of one kind, in table order.
pub fn names(kind: Kind) -> impl Iterator<Item = &'static str> {
    TABLE.iter().filter(move |e| e.kind == kind).map(|e| e.name)
}

/// The candidate closest to `name` (ignoring case and underscores): a near typo (one edit),
/// else the shortest name that `name` begins (`Temp` for `Temperature`), else a farther typo.
pub fn suggestion<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let key = method_key(name);
    let key_len = key.chars().count();
    if key_len == 0 {
        return None;
    }
    let mut typo: Option<(usize, &str)> = None;
    let mut prefix: Option<&str> = None;
    for c in candidates {
        let c_key = method_key(c);
        // The name typed is never its own suggestion: when it is known but does not apply,
        // the caller says so instead.
        if c_key == key {
            continue;
        }
        let c_len = c_key.chars().count();
        let d = strsim::damerau_levenshtein(&key, &c_key);
        if d <= typo_allowance(key_len.min(c_len))
            && typo.is_none_or(|(best, b)| (d, c.len()) < (best, b.len()))
        {
            typo = Some((d, c));
        }
        // An abbreviation (`temp` for `temperature`): long enough to mean something, and a
        // fair part of the name it begins.
        if key_len >= 3
            && 3 * key_len >= c_len
            && c_key.starts_with(&key)
            && prefix.is_none_or(|p| c.len() < p.len())
        {
            prefix = Some(c);
        }
    }
    match (typo, prefix) {
        (Some((d, t)), _) if d <= 1 => Some(t),
        (_, Some(p)) => Some(p),
        (t, None) => t.map(|(_, t)| t),
    }
}

/// How many edits (insertions, deletions, substitutions, swaps of neighbours) still make a
/// plausible typo between names whose shorter one has `len` letters: none for one or two
/// letters (`x` is no typo of `on`), one up to four, two up to eight, then about a third
/// (`MisereOutlass` is still `MisereOutcomeClass`).
fn typo_allowance(len: usize) -> usize {
    match len {
        0..=2 => 0,
        3..=4 => 1,
        5..=8 => 2,
        n => n / 3 + 1,
    }
}

/// `:help NAME`: every entry for the name (a function and its method, say), or `None`.
pub fn help(name: &str) -> Option<String> {
    let entries = lookup(name.trim());
    if entries.is_empty() {
        return None;
    }
    let mut text = String::new();
    for e in entries {
        text += &format!("{}    ({})\n", e.signature, e.kind.label());
        for line in wrap(e.help, 76) {
            text += &format!("  {line}\n");
        }
        if e.kind == Kind::Namespace
            && let Some(members) = namespace_members(e.name)
        {
            for line in wrap(&format!("Members: {}", members.join(", ")), 76) {
                text += &format!("  {line}\n");
            }
        }
        text += &format!("  Example: {}\n", e.example);
        if !e.related.is_empty() {
            text += &format!("  See also: {}\n", e.related.join(", "));
        }
        text += &format!("  Topic: {} (:help all lists every name)\n", e.topic);
    }
    Some(text)
}

/// `:help all`: every name, by topic, wrapped to a terminal's width.
pub fn names_by_topic() -> String {
    let heading = "Every name, by topic (:help NAME for one; docs/reference.md for all of them)\n";
    heading.to_string() + &by_topic(|_| true, |e| e.name)
}

/// `:help properties`: the properties and methods of games, by topic (`Cool(t)`).
pub fn game_methods_by_topic() -> String {
    by_topic(
        |e| e.kind == Kind::GameMethod,
        |e| e.signature.strip_prefix("G.").unwrap_or(e.signature),
    )
}

/// The entries that pass `include`, shown by `show`, sorted and wrapped under their topics;
/// topics with none are left out.
fn by_topic(include: impl Fn(&Entry) -> bool, show: impl Fn(&Entry) -> &'static str) -> String {
    let mut text = String::new();
    for topic in TOPICS {
        let mut names: Vec<&str> = TABLE
            .iter()
            .filter(|e| e.topic == *topic && include(e))
            .map(&show)
            .collect();
        if names.is_empty() {
            continue;
        }
        names.sort_by_key(|n| (n.to_lowercase(), *n));
        names.dedup();
        text += &format!("{topic}\n");
        let mut line = String::new();
        for name in names {
            if !line.is_empty() && line.chars().count() + 2 + name.chars().count() > 76 {
                text += &format!("  {line}\n");
                line.clear();
            }
            if !line.is_empty() {
                line += "  ";
            }
            line += name;
        }
        text += &format!("  {line}\n");
    }
    text
}

/// Names close to `name`, for an unknown `:help` word.
pub fn close_names(name: &str) -> Option<&'static str> {
    suggestion(name, TABLE.iter().map(|e| e.name))
}

/// Words of `text` in lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The text of `docs/reference.md`, generated from the table.
pub fn markdown() -> String {
    let mut md = String::from(
        "# cgcalc reference\n\n\
         Every name cgcalc accepts, generated from the table in `crates/core/src/eval/reference.rs` \
         (do not edit by hand: `CGCALC_BLESS=1 cargo test -p cgcalc-core --lib reference` rewrites it). \
         Names are case-insensitive and underscores are ignored, so `G.NimValue`, \
         `G.nim_value` and `nim_value(G)` are one name. In the REPL, `:help NAME` shows an \
         entry and `:help all` lists every name by topic. Arguments counts every argument of a \
         function, and those in brackets after the name of a method.\n",
    );
    for topic in TOPICS {
        md += &format!(
            "\n## {topic}\n\n| Name | Kind | Arguments | Help | Example | See also |\n\
             |---|---|---|---|---|---|\n"
        );
        for e in TABLE.iter().filter(|e| e.topic == *topic) {
            let arguments = match (e.min_args, e.max_args) {
                (a, b) if a == b => a.to_string(),
                (a, MANY) => format!("{a} or more"),
                (a, b) => format!("{a} to {b}"),
            };
            md += &format!(
                "| `{}` | {} | {arguments} | {} | `{}` | {} |\n",
                e.signature.replace('|', "\\|"),
                e.kind.label(),
                e.help.replace('|', "\\|"),
                e.example.replace('|', "\\|"),
                e.related
                    .iter()
                    .map(|r| format!("`{r}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    md += "\n## Other spellings\n\nDispatch also accepts these names for the entries above.\n\n";
    for (alias, name) in ALIASES {
        md += &format!("- `{alias}`: `{name}`\n");
    }
    md
}

#[cfg(test)]
#[path = "reference_tests.rs"]
mod tests;
