"""bench/previous.py: an earlier commit in a temporary worktree, and its AI as a seat through a subprocess."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardhub.core.arena import play_series

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))  # where the benchmarks find it; the arena's AI processes inherit the path

import previous  # noqa: E402


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def test_an_earlier_commit_is_checked_out_beside_and_removed_afterwards(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    for text in ("old", "new"):
        (repo / "f.txt").write_text(text)
        git(repo, "add", "f.txt")
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", text)
    (repo / "f.txt").write_text("uncommitted")
    with previous.previous_tree("HEAD~1", repo=repo) as tree:
        assert (tree / "f.txt").read_text() == "old"
        assert str(tree) in git(repo, "worktree", "list")
    assert not tree.exists()
    assert str(tree) not in git(repo, "worktree", "list")
    assert (repo / "f.txt").read_text() == "uncommitted"


def test_the_seat_plays_as_the_same_ai_played_directly(monkeypatch):
    # the checkout itself stands for the earlier commit: same AI, same seeds, so the same games
    monkeypatch.setenv(previous.TREE_VAR, str(BENCH.parent))
    monkeypatch.setenv(previous.AI_VAR, "othello:greedy:1")
    through = play_series("othello", previous.SPEC, "random", 4, seed=3, progress=False)
    direct = play_series("othello", "greedy:1", "random", 4, seed=3, progress=False)
    assert not through.forfeits and through.late == 0
    assert (through.a_wins, through.draws, through.b_wins, through.margin) == \
        (direct.a_wins, direct.draws, direct.b_wins, direct.margin)


def test_the_seat_refuses_without_a_tree(monkeypatch):
    monkeypatch.delenv(previous.TREE_VAR, raising=False)
    with pytest.raises(ValueError, match="earlier commit"):
        previous.make()
