"""Pyramid's solver beside the public Java one of mchung94/solitaire-player, on the same deals, in one run.

    python benchmarks/pyramid_java.py                     # Relaxed Pyramid, deals 1-200 (Java: minutes)
    python benchmarks/pyramid_java.py --deals 1-1000      # more
    python benchmarks/pyramid_java.py --source DIR        # the Java project: a checkout, or a git directory

solitaire-player (Java 11, MIT licence) solves Microsoft Solitaire Collection's Pyramid. Its "board
challenge" (``BoardChallengeSolver``: clear the 28 pyramid cards, whatever is left in the stock and the
waste, with the stock seen three times) is our Relaxed Pyramid; it is an A* search for the fewest steps, so
it answers won (with the fewest moves) or lost, as ours answers won (with a line) or lost.

Its deck is the pyramid row by row from the apex, then the 24 other cards, the stock's top first, with the
waste empty at the start; ours turns the first of those 24 onto the waste at the deal. Our deal code's rows,
waste card and stock, in that order, are its deck: its start is ours one draw earlier (taking the waste card
at once, or drawing it first, are the only ways on from there, and both lead to a position of ours), so a
deal is won in one exactly when it is won in the other, which the run checks deal by deal.

The Java source is not part of this project: the script compiles the Pyramid solver's classes with the
JDK's ``javac`` (no Gradle, no network) against Debian's ``libtrove3-java`` and ``libjackson2-databind-java``
(``apt-get install libtrove3-java libjackson2-databind-java``), into ``.cache/pyramid-java/`` (git-ignored),
with a small harness that reads the deals on its standard input. Get the source with

    git clone https://github.com/mchung94/solitaire-player .cache/solitaire-player

(the default ``--source``), or pass ``--source`` a copy made otherwise, a checkout or a git directory.

Times are per deal, measured inside each process around the solve alone: ``time.perf_counter`` around our
solver (``answer.seconds``), ``System.nanoTime`` around ``new Deck(cards)`` (which works out its tables for
the deal) and ``BoardChallengeSolver.solve`` in the JVM. JVM start-up and the loading of its tables that do
not depend on the deal (``Pyramid.json``, loaded before the first deal) are not counted; the JIT warms up
over the first deals, which the medians barely see. Both run on one core: ours is one process, and the
JVM gets one processor (``-XX:ActiveProcessorCount=1``, the serial collector). Prints the results of each,
that they agree on every deal, the medians, p95, max and totals, and the ratio ours/Java.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import PYRAMID, Position, Result, numbered_deal, solve
from tripeaks.services.stats import percentile

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "pyramid-java"
SOURCE = ROOT / ".cache" / "solitaire-player"
PACKAGE = "com/secondthorn/solitaireplayer/solvers/pyramid"
CLASSES = ("Action", "BoardChallengeSolver", "BucketQueue", "Deck", "Node", "NodeWithDepth", "Pyramid",
           "PyramidSolver", "State", "StateCache")
"""The Java classes of its Pyramid board challenge (the others play the game's window or other challenges)."""
JVM_OPTIONS = ("-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1")
"""One core for the JVM too, as for ours: its collector and its compiler threads on one processor."""
JARS = ("trove4j.jar", "jackson-databind.jar", "jackson-core.jar", "jackson-annotations.jar")
JAR_DIRS = (Path("/usr/share/java"),)

HARNESS = """
import com.secondthorn.solitaireplayer.solvers.pyramid.BoardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.Deck;
import java.io.BufferedReader;
import java.io.InputStreamReader;

/** Reads deals (52 cards, pyramid row by row, then the stock's top first), one a line; prints for each
 *  whether the board can be cleared, the fewest steps, and the nanoseconds the deal took. */
public class PyramidBench {
    public static void main(String[] args) throws Exception {
        Class.forName("com.secondthorn.solitaireplayer.solvers.pyramid.Pyramid");  // loads Pyramid.json
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            long started = System.nanoTime();
            Deck deck = new Deck(line);
            var solutions = new BoardChallengeSolver().solve(deck);
            long took = System.nanoTime() - started;
            int steps = solutions.isEmpty() ? -1 : solutions.values().iterator().next().size();
            System.out.println((solutions.isEmpty() ? "lost" : "won") + " " + steps + " " + took);
            System.out.flush();
        }
    }
}
"""


def java_deck(code: str) -> str:
    """A Pyramid deal code as the Java solver's deck: its rows, then the waste card and the stock."""
    rows, waste, stock = code.removeprefix("pyramid:").split()
    cards = rows.replace("/", "") + waste + stock
    return " ".join(cards[i:i + 2] for i in range(0, len(cards), 2))


def jars() -> list[Path]:
    found = []
    for name in JARS:
        path = next((folder / name for folder in JAR_DIRS if (folder / name).exists()), None)
        if path is None:
            raise SystemExit(f"{name} is missing: apt-get install libtrove3-java libjackson2-databind-java")
        found.append(path)
    return found


def read_source(source: Path, into: Path) -> str:
    """Copy the Java classes and Pyramid.json from a checkout or a git directory into ``into``; the commit."""
    java, resource = f"src/main/java/{PACKAGE}", "src/main/resources/Pyramid/Pyramid.json"
    (into / PACKAGE).mkdir(parents=True, exist_ok=True)
    (into / "Pyramid").mkdir(exist_ok=True)
    if (source / "src").is_dir():  # a checkout
        for name in CLASSES:
            shutil.copy(source / java / f"{name}.java", into / PACKAGE / f"{name}.java")
        shutil.copy(source / resource, into / "Pyramid" / "Pyramid.json")
        git = ["git", "-C", str(source)]
    else:  # a git directory: read the files from its HEAD
        git = ["git", "--git-dir", str(source)]
        for name in CLASSES:
            text = subprocess.run([*git, "show", f"HEAD:{java}/{name}.java"], capture_output=True, check=True)
            (into / PACKAGE / f"{name}.java").write_bytes(text.stdout)
        text = subprocess.run([*git, "show", f"HEAD:{resource}"], capture_output=True, check=True)
        (into / "Pyramid" / "Pyramid.json").write_bytes(text.stdout)
    commit = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True)
    return commit.stdout.strip() or "unknown"


def build(source: Path) -> tuple[Path, str]:
    """Compile the Java solver and the harness into the cache (again only when the source changed)."""
    if not source.exists():
        raise SystemExit(
            f"the Java source is not at {source}: get it with\n"
            f"    git clone https://github.com/mchung94/solitaire-player {SOURCE.relative_to(ROOT)}\n"
            "or pass --source DIR (a checkout of it, or a git directory such as a fetched mirror)"
        )
    for tool in ("javac", "java"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: apt-get install default-jdk-headless (Java 11 or later)")
    classpath = os.pathsep.join(str(jar) for jar in jars())
    with tempfile.TemporaryDirectory() as folder:
        src = Path(folder)
        commit = read_source(source, src)
        stamp = CACHE / "commit.txt"
        built = CACHE / "classes" / "PyramidBench.class"
        if stamp.exists() and stamp.read_text() == commit and built.exists():
            return CACHE, commit
        shutil.rmtree(CACHE, ignore_errors=True)
        (CACHE / "classes" / "Pyramid").mkdir(parents=True)
        (src / "PyramidBench.java").write_text(HARNESS)
        sources = [str(src / PACKAGE / f"{name}.java") for name in CLASSES] + [str(src / "PyramidBench.java")]
        javac = ["javac", "-nowarn", "-d", str(CACHE / "classes"), "-cp", classpath]
        subprocess.run([*javac, *sources], check=True)
        shutil.copy(src / "Pyramid" / "Pyramid.json", CACHE / "classes" / "Pyramid" / "Pyramid.json")
        stamp.write_text(commit)
    return CACHE, commit


def run_java(cache: Path, decks: list[str]) -> list[tuple[str, int, float]]:
    """Each deal's answer from the Java solver, in one JVM: (won or lost, fewest steps, seconds)."""
    classpath = os.pathsep.join([str(cache / "classes"), *(str(jar) for jar in jars())])
    command = ["java", *JVM_OPTIONS, "-cp", classpath, "PyramidBench"]
    done = subprocess.run(command, input="\n".join(decks) + "\n", capture_output=True, text=True, check=True)
    answers = []
    for line in done.stdout.splitlines():
        result, steps, nanos = line.split()
        answers.append((result, int(steps), int(nanos) / 1e9))
    return answers


def figures(name: str, seconds: list[float], results: list[str]) -> dict[str, float]:
    found = {
        "total": sum(seconds), "median": percentile(seconds, 0.5), "p95": percentile(seconds, 0.95),
        "max": max(seconds),
    }
    won = results.count("won")
    print(f"{name:5}: {len(seconds)} deals, won {won}, lost {len(seconds) - won}; "
          f"total {found['total']:.2f} s, median {found['median'] * 1000:.2f} ms, "
          f"p95 {found['p95'] * 1000:.1f} ms, max {found['max']:.3f} s", flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", default="1-200", metavar="FIRST-LAST", help="Pyramid deal numbers")
    parser.add_argument("--source", type=Path, default=SOURCE,
                        help="solitaire-player: a checkout or a git directory (.cache/solitaire-player)")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last or first) + 1)
    cache, commit = build(args.source)
    java_version = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    print(f"Python {sys.version.split()[0]}; {java_version}; mchung94/solitaire-player {commit[:12]}")
    rules = PYRAMID.rules_from_key("relaxed")
    deals = [numbered_deal(n, PYRAMID) for n in numbers]
    started = time.perf_counter()
    java = run_java(cache, [java_deck(deal.code) for deal in deals])
    java_wall = time.perf_counter() - started
    ours = []
    for deal in deals:
        answer = solve(Position.start(deal, rules))
        if answer.result is Result.GAVE_UP:
            raise SystemExit(f"our solver gave up on {deal.code}")
        ours.append((answer.result.value, answer.seconds))
    print(f"Relaxed Pyramid, deals {numbers[0]}-{numbers[-1]} (the Java run took {java_wall:.1f} s "
          f"with its JVM's start)")
    theirs_f = figures("Java", [s for _, _, s in java], [r for r, _, _ in java])
    ours_f = figures("ours", [s for _, s in ours], [r for r, _ in ours])
    disagree = [n for n, (a, b) in zip(numbers, zip(ours, java, strict=True), strict=True) if a[0] != b[0]]
    if disagree:
        print(f"DISAGREE on {len(disagree)} deals: {disagree[:20]}")
        return 1
    print(f"they agree on all {len(deals)} deals")
    print(f"ours/Java: total {ours_f['total'] / theirs_f['total']:.3f}x, "
          f"median {ours_f['median'] / theirs_f['median']:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
