"""Makes the Sensei endgame set of the benchmarks: turn starts with a forced win on the winner's 2nd, 3rd or 4th turn.

Two sources. Seeded random play of each version (uniform actions, a random number of turns), positions taken at
the start of a turn where the player to move cannot win this turn (that is one action of the hooks, not a proof)
and alpha-beta (depth-limited, node-capped) proves a win for either side: this finds wins on the 2nd own turn.
Longer wins are rare in random play, so `--records` takes them from recorded games instead (engine against engine,
`kofun selfplay sensei ... --records FILE`): the winner's turn starts --back N own turns before the game's end,
kept when alpha-beta (iterative deepening, --time seconds) proves a win there on exactly the N-th own turn.
"In N turns" counts the turns of the proof's line, the winner's own turns only (win on the next own turn: 2).
Each value is checked by the brute force (`State.minimax`, no pruning, no table) where that is feasible:
Shizukana proofs of at most --check-plies plies (7 plies: about 10 s each), Arashi proofs of at most 4 plies (36
or more actions per ply); a longer proof is checked by alpha-beta one ply short of it, which must not prove a win
(the recorded distance is the shortest). `--verify` runs the checks on an existing file and records the count in
its header.

    python scripts/sensei_endgames.py --count 20 --seed 2026 --out bench/data/sensei_endgames.txt
    python scripts/sensei_endgames.py --records games.jsonl --back 3 4 --count 4 --out bench/data/sensei_endgames.txt
    python scripts/sensei_endgames.py --verify --out bench/data/sensei_endgames.txt

Output: one line per position, "<position>\\t<winner S|N>\\t<own turns>\\t<plies>".
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver import _core
from solver._core import sensei
from solver.games.sensei import turn_starts
from solver.play.record import read_records

DEPTH = {"shizukana": 12, "arashi": 7}
NODE_CAP = 2_000_000


def limits(depth: int, nodes: int) -> Any:
    lim = _core.SearchLimits()
    lim.depth = depth
    lim.nodes = nodes
    return lim


def own_turns(state: Any, pv: list[int], winner: int) -> int:
    """The winner's turns along the line, the one in progress included."""
    s = state.clone()
    turns = 1 if s.to_move() == winner else 0
    for m in pv:
        before = s.to_move()
        s.apply(m)
        if not s.is_terminal() and s.to_move() != before and s.to_move() == winner:
            turns += 1
    return turns


def candidates(seed: int) -> Any:
    rng = random.Random(seed)
    while True:
        version = rng.choice(["shizukana", "arashi"])
        s = sensei.State(version=version)
        stop = rng.randrange(6, 60)
        while not s.is_terminal() and s.turns_completed() < stop:
            s.apply(rng.choice(s.legal_moves()))
        if s.is_terminal() or s.stone_moves_done() or s.character_moved():
            continue
        if s.turn_winning_move() != _core.NO_MOVE:
            continue
        yield version, s


def feasible(version: str, plies: int, check_plies: int) -> bool:
    return plies <= (check_plies if version == "shizukana" else 4)


def check(text: str, winner: str, plies: int, check_plies: int) -> str:
    """Checks one entry: alpha-beta at `plies` proves `winner`'s win at exactly that distance, and then either the
    brute force agrees ("brute force") or alpha-beta one ply short proves nothing ("one ply short"). Raises
    SystemExit when a check fails."""
    s = sensei.State.parse(text)
    proof = s.alphabeta(limits(plies, 0), hash_mb=256)
    expected = _core.Proof.WIN if "SN"[s.to_move()] == winner else _core.Proof.LOSS
    if proof.proof != expected or proof.plies_to_end != plies:
        raise SystemExit(f"alpha-beta at {plies} plies does not prove the recorded result of {text}")
    if feasible(text.split()[0], plies, check_plies):
        if s.minimax(plies) != proof.value:
            raise SystemExit(f"brute force disagrees on {text}")
        return "brute force"
    short = s.alphabeta(limits(plies - 1, 0), hash_mb=256)
    if short.proof in (_core.Proof.WIN, _core.Proof.LOSS):
        raise SystemExit(f"alpha-beta proves {text} at {short.plies_to_end} plies, not {plies}")
    return "one ply short"


def verify(args: argparse.Namespace) -> int:
    headers, found = read(args.out)
    counts = {"brute force": 0, "one ply short": 0}
    for text, (winner, _turns, plies) in found.items():
        counts[check(text, winner, plies, args.check_plies)] += 1
        print(f"checked {text}", file=sys.stderr)
    write(args.out, [h for h in headers if not h.startswith("# checked")], found, counts)
    print(f"{counts} of {len(found)}", file=sys.stderr)
    return 0


def read(path: Path) -> tuple[list[str], dict[str, tuple[str, int, int]]]:
    """The header lines and the positions of a set file (none when it does not exist)."""
    headers: list[str] = []
    found: dict[str, tuple[str, int, int]] = {}
    if not path.exists():
        return headers, found
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            headers.append(line)
        elif line:
            text, winner, turns, plies = line.split("\t")
            found[text] = (winner, int(turns), int(plies))
    return headers, found


def write(
    path: Path, headers: list[str], found: dict[str, tuple[str, int, int]], counts: dict[str, int] | None
) -> None:
    lines = [f"{t}\t{w}\t{n}\t{p}" for t, (w, n, p) in sorted(found.items(), key=lambda kv: (kv[1][1], kv[0]))]
    checked = "# checked: not yet (--verify)"
    if counts is not None:
        brute, short = counts["brute force"], counts["one ply short"]
        checked = f"# checked: {brute} by brute force, {short} by alpha-beta one ply short"
    path.write_text("\n".join([*headers, checked, *lines]) + "\n")


Keep = Callable[[str, tuple[str, int, int]], None]


def from_random_play(args: argparse.Namespace, found: dict[str, tuple[str, int, int]], keep: Keep) -> None:
    """Wins on the 2nd (rarely 3rd) own turn from seeded random play, until --count positions."""
    per_turns: dict[int, int] = {2: 0, 3: 0}
    seen = set(found)
    for version, s in candidates(args.seed):
        text = s.to_string()
        if text in seen:
            continue
        seen.add(text)
        r = s.alphabeta(limits(DEPTH[version], NODE_CAP), hash_mb=64)
        if r.proof != _core.Proof.WIN and r.proof != _core.Proof.LOSS:
            continue
        winner = s.to_move() if r.proof == _core.Proof.WIN else 1 - s.to_move()
        turns = own_turns(s, list(r.pv), winner)
        if turns not in per_turns or per_turns[turns] >= (args.count + 1) // 2:
            continue
        keep(text, ("SN"[winner], turns, int(r.plies_to_end)))
        per_turns[turns] += 1
        if sum(per_turns.values()) >= args.count:
            return


def from_records(args: argparse.Namespace, found: dict[str, tuple[str, int, int]], keep: Keep) -> None:
    """Per --back N (in increasing order): up to --count turn starts of recorded games' winners with a win on exactly
    the N-th own turn. A game is left at its first --back without such a proof (a longer win is then unlikely)."""
    backs = sorted(args.back)
    seconds = dict(zip(args.back, args.time if len(args.time) > 1 else args.time * len(backs), strict=True))
    wanted = dict.fromkeys(backs, 0)
    for path in args.records:
        for record in read_records(path):
            if record.winner is None:
                continue
            starts = turn_starts(record.start, record.moves, record.winner)
            for back in backs:
                if len(starts) < back:
                    break
                s = starts[-back][1]
                lim = _core.SearchLimits()
                lim.time_s = seconds[back]
                r = s.alphabeta(lim, hash_mb=256)
                if r.proof != _core.Proof.WIN or own_turns(s, list(r.pv), s.to_move()) != back:
                    break
                text = s.to_string()
                if wanted[back] >= args.count or text in found:
                    continue
                found[text] = ("SN"[s.to_move()], back, int(r.plies_to_end))
                keep(text, found[text])
                wanted[back] += 1
            if all(n >= args.count for n in wanted.values()):
                return


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=24, help="positions (with --records: per --back value)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--records", type=Path, nargs="+", help="take the positions from these game records")
    ap.add_argument("--back", type=int, nargs="+", default=[3, 4], help="own turns before the end (--records)")
    ap.add_argument(
        "--time",
        type=float,
        nargs="+",
        default=[20.0],
        help="seconds of alpha-beta per position, per --back (--records)",
    )
    ap.add_argument("--check-plies", type=int, default=7)
    ap.add_argument("--verify", action="store_true", help="only check an existing file")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    if len(args.time) not in (1, len(args.back)):
        ap.error("--time: give one value, or one per --back value")
    if args.verify:
        return verify(args)
    headers, found = read(args.out)
    headers = [h for h in headers if not h.startswith("# checked")]
    if args.records:
        made = f"--records {' '.join(p.name for p in args.records)} --back {' '.join(map(str, args.back))}"
        made += f" --count {args.count} --time {' '.join(f'{t:g}' for t in args.time)}"
    else:
        made = f"--count {args.count} --seed {args.seed}"
    new: dict[str, tuple[str, int, int]] = {}

    def keep(text: str, entry: tuple[str, int, int]) -> None:
        """Adds a find and writes the file at once: a long run stopped early keeps what it found (unchecked until
        --verify)."""
        new[text] = entry
        print(f"{text}: win in {entry[1]} own turns ({entry[2]} plies)", file=sys.stderr)
        made_by = f"# {len(new)} made by scripts/sensei_endgames.py {made}"
        write(args.out, [*headers, made_by], {**found, **new}, None)

    if args.records:
        from_records(args, dict(found), keep)
    else:
        from_random_play(args, found, keep)
    print(f"{len(new)} positions added; checking the whole set", file=sys.stderr)
    return verify(args)


if __name__ == "__main__":
    sys.exit(main())
