"""The rulebook lives in the repository (docs/rules.md): every test it names exists, and nothing
cites a rulebook outside the repository."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT / "docs" / "rules.md"
OUTSIDE = ".".join(("RULES", "md"))  # the shared rulebook the code used to cite (not spelt out here)
SECTIONS = (
    "Cards",
    "High hands",
    "Texas Hold'em, no limit",
    "Tournament structure",
    "Blinds and clock",
    "Razz",
    "Five-card draw against the dealer",
)


def test_every_test_the_rulebook_names_exists():
    text = RULEBOOK.read_text(encoding="utf-8")
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", text)
    assert len(named) > 100
    for path, test in named:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {test}\(", source, re.M), f"{path}::{test} is not a test"


def test_the_rulebook_has_the_sections_the_code_cites():
    headings = re.findall(r"^## (.+)$", RULEBOOK.read_text(encoding="utf-8"), re.M)
    assert headings == list(SECTIONS)


def test_nothing_cites_a_rulebook_outside_the_repository():
    citing = []
    for path in ROOT.rglob("*"):
        if path.suffix not in (".py", ".md", ".html", ".js", ".toml", ".txt") or not path.is_file():
            continue
        if {".venv", ".git", "node_modules", "artifacts"} & set(path.relative_to(ROOT).parts):
            continue
        if OUTSIDE in path.read_text(encoding="utf-8", errors="replace"):
            citing.append(str(path.relative_to(ROOT)))
    assert citing == [], "cite docs/rules.md (and its section) instead"
