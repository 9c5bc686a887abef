#!/usr/bin/env python3
"""The `--json` check of docs/fuzzing.md: N statements (a third seeds from fuzz/seeds/eval, a
third of them mutated with tokens of fuzz/eval.dict, a third generated from a small grammar)
are passed to `cgcalc --json`, BATCH statements per process, one `-e` each. Every stdout line
must be a JSON object, every statement that holds more than a comment must get one, the exit
code must be 0, 1 or 130, and standard error must stay empty. A statement still running after
LIMIT seconds gets SIGINT: it must answer with an `interrupted` object and exit 130 within a
second (else it counts as a hang), and the batch resumes after it.

With MODE `stdin` the batch is a script instead, one statement a line on standard input: the
statements then meet the rule for where a statement ends (docs/guide.md, section 2), and every
line must still be answered, by its own object or by one whose input spans it.

usage: fuzz/json_check.py N BATCH [LIMIT [SEED [MODE]]]   (MODE: args, the default, or stdin;
after fuzz/make_seeds.sh and a release build; CGCALC_MAX_MEMORY_MB is set to 2048 for the runs)"""
import glob, json, os, random, signal, subprocess, sys, threading, time

N = int(sys.argv[1]); BATCH = int(sys.argv[2]); LIMIT = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
GRACE = 1.0
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "cgcalc")
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 20261124)
MODE = sys.argv[5] if len(sys.argv) > 5 else "args"
assert MODE in ("args", "stdin"), "MODE is args or stdin"

seeds = []
for f in sorted(glob.glob(os.path.join(ROOT, "fuzz", "seeds", "eval", "*"))):
    s = open(f, encoding="utf-8", errors="replace").read().replace("\n", " ").strip()
    if s:
        seeds.append(s)
tokens = []
for line in open(os.path.join(ROOT, "fuzz", "eval.dict"), encoding="utf-8"):
    line = line.strip()
    if line.startswith('"'):
        tokens.append(bytes(line[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace"))

def mutate(s):
    for _ in range(rng.randint(1, 3)):
        k = rng.random()
        i = rng.randint(0, len(s))
        if k < 0.35:
            s = s[:i] + rng.choice(tokens) + s[i:]
        elif k < 0.6 and s:
            j = min(len(s), i + rng.randint(1, 4))
            s = s[:i] + s[j:]
        elif k < 0.8:
            s = s[:i] + rng.choice("0123456789*^v{}|[]().,:;+-/<>=#' ") + s[i:]
        else:
            t = rng.choice(seeds)
            a = rng.randint(0, len(t))
            s = s[:i] + t[a:a + rng.randint(1, 12)] + s[i:]
    return s.replace("\n", " ")

def leaf():
    k = rng.randint(0, 13)
    return [lambda: str(rng.randint(-4, 4)),
            lambda: f"{rng.randint(-7, 7)}/{2 ** rng.randint(1, 3)}",
            lambda: f"*{rng.randint(0, 6)}",
            lambda: "^", lambda: "v", lambda: "^*", lambda: "vv*3",
            lambda: "x", lambda: "y", lambda: "true",
            lambda: f"kayles[{rng.randint(0, 9)}]", lambda: f"dawson[{rng.randint(0, 7)}]",
            lambda: f"^<{rng.randint(1, 6)}>", lambda: f"Tiny({rng.randint(1, 3)})"][k]()

PROPS = [".Temperature", ".Mean", ".LeftStop", ".RightStop", ".Birthday", ".AtomicWeight",
         ".OutcomeClass", ".CanonicalForm", ".Followers", ".Incentives", ".StopCount",
         ".MisereOutcomeClass", ".Thermograph", ".NimValue", ".LeftOptions", ".RightOptions"]
FUNS = ["cool({a}, {b})", "heat({a}, {b})", "mean({a})", "temperature({a})", "birthday({a})",
        "atomic_weight({a})", "ordinal_sum({a}, {b})", "norton_product({a}, ^)", "abs({a})",
        "canonical_form({a})", "max({a}, {b})", "followers({a})", "left_options({a})"]

def expr(depth=0):
    if depth >= 3 or rng.random() < 0.3:
        return leaf()
    k = rng.randint(0, 9)
    e = lambda: expr(depth + 1)
    if k == 0:
        return "{" + ", ".join(e() for _ in range(rng.randint(0, 2))) + "|" + ", ".join(e() for _ in range(rng.randint(0, 2))) + "}"
    if k == 1:
        return f"({e()}) {rng.choice(['+', '-', '<', '>=', '==', '<|', '<>', '*', ':'])} ({e()})"
    if k == 2:
        return f"-({e()})"
    if k == 3:
        return "[" + ", ".join(e() for _ in range(rng.randint(0, 3))) + "]"
    if k == 4:
        return f"({e()}){rng.choice(PROPS)}"
    if k == 5:
        return rng.choice(FUNS).format(a=e(), b=e())
    if k == 6:
        return f"[{e()} for x in 0..{rng.randint(0, 6)}]"
    if k == 7:
        return f"if {e()} then {e()} else {e()} end"
    if k == 8:
        return f"(x -> {e()})({e()})"
    return f"{e()} {e()}"

def statement():
    k = rng.random()
    if k < 0.15:
        return f"{rng.choice(['x', 'y', 'g'])} := {expr()}"
    return expr()

pool = []
for i in range(N):
    r = i % 3
    if r == 0:
        pool.append(rng.choice(seeds))
    elif r == 1:
        pool.append(mutate(rng.choice(seeds)))
    else:
        pool.append(statement())
rng.shuffle(pool)
pool = [p.replace("\x00", "") if p.strip() else "0" for p in pool]

stats = dict(statements=0, objects=0, interrupted=0, bad_json=0, crashes=0, hangs=0, stderr=0,
             missing=0, batches=0)
problems = []
slowest = []

def run(lines):
    """Run one batch; return how many of its statements were done (all, or up to the
    interrupted one)."""
    env = dict(os.environ, NO_COLOR="1", CGCALC_MAX_MEMORY_MB="2048")
    args = [BIN, "--json"]
    if MODE == "args":
        for l in lines:
            args += ["-e", l]
    p = subprocess.Popen(args, stdin=subprocess.PIPE if MODE == "stdin" else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if MODE == "stdin":
        def writer():
            try:
                p.stdin.write(("\n".join(lines) + "\n").encode("utf-8", "replace"))
                p.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        threading.Thread(target=writer, daemon=True).start()
    out_lines, err = [], []
    last = [time.time()]
    def reader():
        for line in p.stdout:
            out_lines.append((time.time(), line))
            last[0] = time.time()
    def ereader():
        err.append(p.stderr.read())
    t = threading.Thread(target=reader); t.start()
    te = threading.Thread(target=ereader); te.start()
    sent_int = False
    while p.poll() is None:
        time.sleep(0.05)
        if not sent_int and time.time() - last[0] > LIMIT:
            sent_int = True
            t_int = time.time()
            p.send_signal(signal.SIGINT)
            try:
                p.wait(timeout=GRACE)
            except subprocess.TimeoutExpired:
                p.kill(); p.wait()
                stats["hangs"] += 1
                problems.append(("hang (no exit %.1f s after SIGINT)" % GRACE, lines[len(out_lines)] if len(out_lines) < len(lines) else "?"))
    t.join(); te.join()
    rc = p.returncode
    objs = []
    for i, (ts, line) in enumerate(out_lines):
        try:
            v = json.loads(line)
            assert isinstance(v, dict)
            objs.append(v)
        except Exception:
            stats["bad_json"] += 1
            problems.append(("bad json", line[:200]))
    # Lines covered by the objects (a statement may span lines: an open bracket continues).
    covered = set()
    last_line = 0
    last_start = 0
    for v in objs:
        ln = v.get("line")
        if not isinstance(ln, int) or ln < last_start:
            problems.append(("line numbers not increasing", str(v)[:200]))
            continue
        span = v.get("input", "").count("\n") + 1
        covered.update(range(ln, ln + span))
        last_start = ln
        last_line = max(last_line, ln + span - 1)
    answered_lines = last_line
    if rc < 0 or rc not in (0, 1, 130):
        stats["crashes"] += 1
        problems.append(("exit %d" % rc, lines[answered_lines] if answered_lines < len(lines) else "?"))
    if err and err[0].strip():
        stats["stderr"] += 1
        problems.append(("stderr", err[0][:300]))
    upto = len(lines)
    if sent_int:
        stats["interrupted"] += 1
        ok = objs and "interrupted" in json.dumps(objs[-1])
        if not ok:
            problems.append(("no interrupted object", lines[answered_lines] if answered_lines < len(lines) else "?"))
        slowest.append(lines[objs[-1]["line"] - 1] if objs else "?")
        if rc != 130:
            problems.append(("exit %d after SIGINT" % rc, slowest[-1]))
        upto = answered_lines
    for k in range(1, upto + 1):
        t = lines[k - 1].strip()
        if k not in covered and t and not t.startswith("//") and not (t.startswith("/*") and t.endswith("*/")):
            stats["missing"] += 1
            missing.append(lines[k - 1])
    stats["objects"] += len(objs)
    return max(upto, 1)

missing = []
start = time.time()
i = 0
while i < len(pool):
    batch = pool[i:i + BATCH]
    stats["batches"] += 1
    done = run(batch)
    stats["statements"] += min(done, len(batch))
    i += min(done, len(batch))
    if stats["batches"] % 20 == 0:
        print(f"[{time.time() - start:.0f}s] {stats}", flush=True)
print("FINAL", json.dumps(stats), f"{time.time() - start:.0f} s")
for p in problems[:50]:
    print("PROBLEM", p)
print("LINES WITHOUT AN OBJECT:")
for m in missing[:40]:
    print("  ", m[:200])
print("INTERRUPTED STATEMENTS:")
for s in slowest:
    print("  ", s[:200])
