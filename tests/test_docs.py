"""The repository's documents: docs/rules.md is the shared rule book, and every relative link leads somewhere.

Runs where the checkout is: the Pyodide run mounts only tests/, so there it skips.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
# The rule book the project's developers share, beside the checkout (CI has ../shared beside its clone).
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"
# Files a document names before they exist: the phone-table screenshot is still to be taken.
PLACEHOLDERS: set[str] = set()

# [text](target) and ![alt](target), the text possibly over several lines, an optional "title" after the
# target; and reference definitions, [label]: target.
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
EXTERNAL = re.compile(r"^([a-z][a-z0-9+.-]*:|//|#)", re.IGNORECASE)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def relative_links(text: str) -> list[str]:
    """The relative link targets of a Markdown text, outside code, without their #fragment."""
    prose = CODE_SPAN.sub("", FENCE.sub("", text))
    targets = INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)
    return [target.split("#")[0] for target in targets if not EXTERNAL.match(target)]


def test_relative_links_leave_out_code_external_links_and_fragments() -> None:
    text = (
        "See [the rules](docs/rules.md#moves), ![a picture\nover two lines](docs/phone.png \"title\"),\n"
        "[a site](https://example.org), [here](#top), `[not](a-link.md)`.\n\n"
        "```md\n[not](either.md)\n```\n\n[ref]: ../benchmarks/RESULTS.md\n"
    )
    assert relative_links(text) == ["docs/rules.md", "docs/phone.png", "../benchmarks/RESULTS.md"]


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="the documents are not beside tests/ here")
def test_every_relative_link_in_the_docs_points_to_a_file() -> None:
    missing = []
    for document in documents():
        for target in relative_links(document.read_text(encoding="utf-8")):
            path = (document.parent / target).resolve()
            named = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
            if not path.exists() and named not in PLACEHOLDERS:
                missing.append(f"{document.relative_to(ROOT)}: {target}")
    assert not missing, "links to nothing: " + ", ".join(missing)


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="no ../shared/RULES.md beside this checkout")
def test_the_rule_book_is_the_shared_one() -> None:
    assert RULES.read_text(encoding="utf-8") == SHARED_RULES.read_text(encoding="utf-8"), (
        "docs/rules.md differs from ../shared/RULES.md: copy the shared rule book over it"
    )
