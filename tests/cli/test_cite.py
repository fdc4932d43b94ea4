"""``papercord cite TITLE [--format bibtex|text]``: an entry bibtexparser reads, or one line."""

from __future__ import annotations

import bibtexparser
import pytest

from cli import subcommands
from cli.main import main
from retrieval.engine import Engine


@pytest.fixture
def cite(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fake_engine: Engine):
    """Run ``papercord cite ...`` over the fake engine; return (exit code, stdout, stderr)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: fake_engine)

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(["cite", *argv])
        except SystemExit as exit:
            code = int(exit.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_bibtex_by_default(cite) -> None:
    code, out, err = cite("gptq post-training quantisation")
    assert code == 0, err
    library = bibtexparser.parse_string(out)
    assert not library.failed_blocks
    (entry,) = library.entries
    assert entry.key == "hoefler2023gptq" and entry.entry_type == "misc"
    assert entry.fields_dict["year"].value == "2023"
    assert entry.fields_dict["title"].value.startswith("{GPTQ}: Accurate Post-Training")


def test_plain_text(cite) -> None:
    code, out, _ = cite("Performance Embeddings", "--format", "text")
    assert code == 0 and len(out.strip().splitlines()) == 1
    assert out.startswith("Torsten Hoefler et al. (2023). Performance Embeddings: A Similarity")
    assert "[cs.SE]" in out


def test_unknown_title_is_one_line_with_suggestions(cite) -> None:
    code, out, err = cite("zzqx unrelated words")
    assert code == 1 and not out and len(err.strip().splitlines()) == 1
    assert err.startswith("papercord: no paper title matches")


def test_unknown_format_is_a_usage_error(cite) -> None:
    code, _, err = cite("gptq", "--format", "ris")
    assert code == 2 and "invalid choice: 'ris'" in err


def test_both_formats_as_discord_offers(cite) -> None:
    # `cite --format both` was refused, though Discord's /cite offers "both".
    code, out, err = cite("gptq", "--format", "both")
    assert code == 0, err
    entry, text = out.strip().split("\n\n")
    assert bibtexparser.parse_string(entry).entries[0].key == "hoefler2023gptq"
    assert text.startswith("Torsten Hoefler et al. (2023). GPTQ") and "\n" not in text
